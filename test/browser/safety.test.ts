import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { PlaygroundProcess } from './support/playground-process.js';

/** A GET with exactly these headers (fetch would not let a test set Host). */
function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

/** Opens the live channel with this Origin; resolves with the first event, or the refusal's status. */
function openLive(url: string, origin: string): Promise<{ status: number; first: string | null }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${url.replace('http:', 'ws:')}/live?as=alice`, { origin });
    socket.once('message', (data) => {
      resolve({ status: 101, first: data.toString() });
      socket.close();
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? 0, first: null });
      socket.terminate();
    });
    socket.once('error', () => resolve({ status: 0, first: null }));
  });
}

describe('the playground is safe by default', () => {
  let playground: PlaygroundProcess;
  let host: string;

  beforeAll(async () => {
    playground = await PlaygroundProcess.start();
    host = new URL(playground.url).host;
  });

  afterAll(async () => {
    await playground?.stop();
    playground?.removeData();
  });

  it('serves its page only under its own name, with a strict content policy', async () => {
    const page = await get(playground.url, { host });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect((await get(playground.url, { host: `localhost:${playground.port}` })).status).toBe(200);
    // DNS rebinding: another name pointed at 127.0.0.1.
    const rebound = await get(playground.url, { host: `evil.example:${playground.port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('not this playground');
    expect((await get(playground.url, { host, origin: 'https://evil.example' })).status).toBe(403);
    expect((await get(playground.url, { host, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('opens the live channel only to its own page', async () => {
    expect((await openLive(playground.url, 'https://evil.example')).status).toBe(403);
    expect((await openLive(playground.url, `http://127.0.0.1:${playground.port + 1}`)).status).toBe(403);
    const own = await openLive(playground.url, playground.url);
    expect(own.status).toBe(101);
    expect(JSON.parse(own.first ?? '{}')).toMatchObject({ type: 'hello', you: { username: 'alice' } });
  });

  it('never gives the page the bot token', async () => {
    const { token } = playground.world().application;
    const page = await get(playground.url, { host });
    const assets = [...page.body.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const served = await get(`${playground.url}${asset}`, { host });
      expect(served.status).toBe(200);
      expect(served.body).not.toContain(token);
    }
    const hello = (await openLive(playground.url, playground.url)).first ?? '';
    expect(hello).toContain('"type":"hello"');
    expect(hello).not.toContain(token);
    expect(hello).not.toContain(token.split('.')[2]);
  });
});
