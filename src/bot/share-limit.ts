/** How long a person waits between two shares of their statistics. */
export const SHARE_COOLDOWN_MS = 60_000;

/**
 * One public post of statistics per person per minute, so a Share button (or many /crag stats) cannot
 * flood a channel. In memory only: a restart forgets it, which is harmless. Expired entries are
 * dropped as new shares come, so memory follows the people who shared in the last minute.
 */
export class ShareLimit {
  private readonly last = new Map<string, number>();

  constructor(private readonly cooldownMs = SHARE_COOLDOWN_MS) {}

  /** Records a share at `now`; or, within the cooldown of the last one, returns when the next may come. */
  take(userId: string, now: number): { readonly ok: true } | { readonly ok: false; readonly nextAt: number } {
    for (const [who, at] of this.last) if (at + this.cooldownMs <= now) this.last.delete(who);
    const at = this.last.get(userId);
    if (at !== undefined) return { ok: false, nextAt: at + this.cooldownMs };
    this.last.set(userId, now);
    return { ok: true };
  }
}
