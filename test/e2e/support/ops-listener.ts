import http from 'node:http';
import { parsePrometheusText, type Sample } from './prometheus-text.js';

export { freePort } from '../../../src/net/free-port.js';

export interface Readyz {
  readonly status: number;
  readonly body: { ready: boolean; checks: Record<string, { ok: boolean; detail?: string }> };
}

interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

/**
 * A GET on a connection of its own. fetch keeps connections open for the next request, and the
 * tests restart the bot on the same port: a request sent on one the bot had open as it stopped
 * fails with ECONNRESET instead of reaching the next bot.
 */
function getOnce(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? '', text }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export async function readyz(port: number): Promise<Readyz> {
  const answer = await getOnce(port, '/readyz');
  return { status: answer.status, body: JSON.parse(answer.text) as Readyz['body'] };
}

/** /readyz's status, or 0 while nothing listens yet. */
export async function readyStatus(port: number): Promise<number> {
  return readyz(port).then(
    (answer) => answer.status,
    () => 0,
  );
}

export async function scrape(port: number): Promise<{ samples: Sample[]; text: string; contentType: string }> {
  const { status, text, contentType } = await getOnce(port, '/metrics');
  if (status !== 200) throw new Error(`/metrics answered ${status}`);
  return { samples: parsePrometheusText(text), text, contentType };
}

/** Waits until /readyz answers `status` (for hooks, where expect.poll cannot run). */
export async function untilReadyStatus(port: number, status: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await readyStatus(port)) !== status) {
    if (Date.now() > deadline) throw new Error(`/readyz did not answer ${status} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
