/** Waits between attempts: doubling from `firstMs` up to `maxMs`, so a failing thing is never retried in a tight loop. */
export function backoffDelay(attempt: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt));
}
