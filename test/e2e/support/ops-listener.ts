import net from 'node:net';
import { parsePrometheusText, type Sample } from './prometheus-text.js';

/** A port nobody listens on right now, for OPS_PORT. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Readyz {
  readonly status: number;
  readonly body: { ready: boolean; checks: Record<string, { ok: boolean; detail?: string }> };
}

export async function readyz(port: number): Promise<Readyz> {
  const response = await fetch(`http://127.0.0.1:${port}/readyz`);
  return { status: response.status, body: (await response.json()) as Readyz['body'] };
}

/** /readyz's status, or 0 while nothing listens yet. */
export async function readyStatus(port: number): Promise<number> {
  return readyz(port).then(
    (answer) => answer.status,
    () => 0,
  );
}

export async function scrape(port: number): Promise<{ samples: Sample[]; text: string; contentType: string }> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  const text = await response.text();
  return { samples: parsePrometheusText(text), text, contentType: response.headers.get('content-type') ?? '' };
}

/** Waits until /readyz answers `status` (for hooks, where expect.poll cannot run). */
export async function untilReadyStatus(port: number, status: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await readyStatus(port)) !== status) {
    if (Date.now() > deadline) throw new Error(`/readyz did not answer ${status} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
