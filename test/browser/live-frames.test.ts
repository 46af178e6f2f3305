import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { PlaygroundProcess } from './support/playground-process.js';

/** A client frame: FIN and `opcode` in the first byte as given, masked unless told not to. */
function frame(first: number, payload: Buffer, options: { masked?: boolean; declaredLength?: number } = {}): Buffer {
  const masked = options.masked ?? true;
  const length = options.declaredLength ?? payload.length;
  const maskBit = masked ? 0x80 : 0;
  const header =
    length < 126
      ? Buffer.from([first, maskBit | length])
      : length < 65_536
        ? Buffer.from([first, maskBit | 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([first, maskBit | 127]), bigEndian64(length)]);
  if (!masked) return Buffer.concat([header, payload]);
  const key = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const body = Buffer.from(payload.map((byte, index) => byte ^ (key[index % 4] ?? 0)));
  return Buffer.concat([header, key, body]);
}

function bigEndian64(value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
}

const text = (value: string) => Buffer.from(value, 'utf8');

/** Every kind of frame a careless or hostile local program might send after a valid upgrade. */
const BAD_FRAMES: readonly { what: string; bytes: Buffer }[] = [
  { what: 'an unmasked text frame (81 02 68 69)', bytes: Buffer.from([0x81, 0x02, 0x68, 0x69]) },
  { what: 'a frame declaring 70,000 bytes', bytes: frame(0x81, Buffer.alloc(1_000, 0x61), { declaredLength: 70_000 }) },
  { what: 'a frame declaring 2^53 bytes', bytes: frame(0x81, Buffer.alloc(8), { declaredLength: 2 ** 53 - 1 }) },
  { what: 'a reserved opcode', bytes: frame(0x83, text('hi')) },
  { what: 'RSV1 set with no extension agreed', bytes: frame(0xc1, text('hi')) },
  { what: 'text that is not UTF-8', bytes: frame(0x81, Buffer.from([0xff, 0xfe, 0xfd])) },
  { what: 'a fragmented ping', bytes: frame(0x09, text('ping')) },
  { what: 'a ping longer than 125 bytes', bytes: frame(0x89, Buffer.alloc(126, 0x61)) },
  { what: 'a continuation with nothing to continue', bytes: frame(0x80, text('more')) },
  { what: 'a close with a code no one may send (1005)', bytes: frame(0x88, Buffer.from([0x03, 0xed])) },
  { what: 'a close with a one-byte body', bytes: frame(0x88, Buffer.from([0x03])) },
  { what: 'a binary frame', bytes: frame(0x82, Buffer.from([1, 2, 3])) },
  { what: 'text that is no playground action', bytes: frame(0x81, text('{"type":"explode","requestId":1}')) },
];

/** A raw TCP connection upgraded to /live as the page would be, with the page's own Origin. */
async function upgraded(url: string): Promise<net.Socket> {
  const { host, port } = new URL(url);
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    [
      'GET /live?as=alice HTTP/1.1',
      `Host: ${host}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version: 13',
      `Origin: ${url}`,
      '',
      '',
    ].join('\r\n'),
  );
  const answer = await new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString())));
  expect(answer).toMatch(/^HTTP\/1\.1 101 /);
  return socket;
}

/** The opcodes of the server's (unmasked) frames in `bytes`, as far as they are whole. */
function serverOpcodes(bytes: Buffer): number[] {
  const opcodes: number[] = [];
  let at = 0;
  while (at + 2 <= bytes.length) {
    const short = (bytes[at + 1] ?? 0) & 0x7f;
    const headerLength = short === 126 ? 4 : short === 127 ? 10 : 2;
    if (at + headerLength > bytes.length) break;
    const length =
      short === 126 ? bytes.readUInt16BE(at + 2) : short === 127 ? Number(bytes.readBigUInt64BE(at + 2)) : short;
    opcodes.push((bytes[at] ?? 0) & 0x0f);
    at += headerLength + length;
  }
  return opcodes;
}

/** Resolves once the server has closed this connection or sent a close frame (or after `ms`). */
function closedWithin(socket: net.Socket, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve(true);
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => resolve(false), ms);
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (serverOpcodes(received).includes(0x8)) done();
    });
    socket.once('close', done);
    socket.resume();
  });
}

/** A fresh page's socket: the playground is up when it says hello. */
function hello(url: string): Promise<{ type?: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http:', 'ws:')}/live?as=bob`, { origin: url });
    socket.once('message', (data) => {
      resolve(JSON.parse(data.toString()));
      socket.close();
    });
    socket.once('error', reject);
  });
}

describe('the page server under bad WebSocket frames', () => {
  let playground: PlaygroundProcess;

  beforeAll(async () => {
    playground = await PlaygroundProcess.start();
  });

  afterAll(async () => {
    await playground?.stop();
    playground?.removeData();
  });

  it.each(BAD_FRAMES)('$what closes that one socket; the playground stays up', async ({ bytes }) => {
    const socket = await upgraded(playground.url);
    socket.write(bytes);
    expect(await closedWithin(socket, 5_000)).toBe(true);
    expect(playground.running).toBe(true);
    expect((await hello(playground.url)).type).toBe('hello');
  });

  it('a connection reset in the middle of a frame, or of the upgrade, changes nothing', async () => {
    const midFrame = await upgraded(playground.url);
    midFrame.write(Buffer.from([0x81, 0x85, 0x01, 0x02]));
    midFrame.resetAndDestroy();
    const { port } = new URL(playground.url);
    const midUpgrade = net.connect(Number(port), '127.0.0.1');
    midUpgrade.on('error', () => undefined);
    await new Promise<void>((resolve) => midUpgrade.once('connect', () => resolve()));
    midUpgrade.write('GET /live?as=alice HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n');
    midUpgrade.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(playground.running).toBe(true);
    expect((await hello(playground.url)).type).toBe('hello');
  });

  it('a message pasted far beyond the frame limit (70,000 characters) closes that socket only', async () => {
    const socket = new WebSocket(`${playground.url.replace('http:', 'ws:')}/live?as=carol`, { origin: playground.url });
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('message', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ type: 'say', requestId: 1, content: 'x'.repeat(70_000) }));
    expect(await closed).toBe(1009);
    expect(playground.running).toBe(true);
    expect((await hello(playground.url)).type).toBe('hello');
    expect(playground.stderr).not.toMatch(/Invalid WebSocket frame|Max payload|Unhandled 'error'/);
  });

  it('a message over 2,000 characters is answered "too long" on the same socket, and nothing is posted', async () => {
    const socket = new WebSocket(`${playground.url.replace('http:', 'ws:')}/live?as=dave`, { origin: playground.url });
    const events: { type: string; requestId?: number; result?: unknown; message?: { content: string } }[] = [];
    socket.on('message', (data) => events.push(JSON.parse(data.toString())));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'say', requestId: 7, content: 'y'.repeat(2_001) }));
    socket.send(JSON.stringify({ type: 'say', requestId: 8, content: 'short' }));
    await waitUntil(() => events.some((event) => event.requestId === 8));
    expect(events.find((event) => event.requestId === 7)?.result).toEqual({ kind: 'too-long', max: 2_000 });
    expect(events.some((event) => event.type === 'message' && event.message?.content.startsWith('yyy'))).toBe(false);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('a flood of 3.9 KB messages from a socket that does not read, beside five idle ones, leaves memory bounded', async () => {
    const before = rssMegabytes(playground.pid);
    const flooder = await upgraded(playground.url);
    // Never read: every answer piles up on the playground's side until it lets go of this socket.
    flooder.pause();
    const idle = await Promise.all([0, 1, 2, 3, 4].map(() => upgraded(playground.url)));
    for (const socket of idle) socket.pause();
    const say = (n: number) =>
      frame(0x81, text(JSON.stringify({ type: 'say', requestId: n, content: `${'z'.repeat(3_900)} ${n}` })));
    let sent = 0;
    const closed = new Promise<void>((resolve) => flooder.once('close', () => resolve()));
    let open = true;
    void closed.then(() => {
      open = false;
    });
    // 40,000 messages, 156 MB: the flood grew the playground by a gigabyte.
    while (open && sent < 40_000) {
      const batch = Buffer.concat(Array.from({ length: 100 }, () => say(++sent)));
      if (!flooder.write(batch)) await Promise.race([new Promise((resolve) => flooder.once('drain', resolve)), closed]);
    }
    flooder.destroy();
    expect(playground.running).toBe(true);
    expect((await hello(playground.url)).type).toBe('hello');
    // The flood posted at most one pace's worth, and what it sent is not kept.
    expect(rssMegabytes(playground.pid) - before).toBeLessThan(150);
    for (const socket of idle) socket.destroy();
  }, 120_000);

  it('serves the CDN with nosniff and a content policy that runs nothing', async () => {
    const { host } = new URL(playground.url);
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(`${playground.url}/cdn/emojis/100000000000000000.png`, { headers: { host } }, resolve)
        .on('error', reject),
    );
    answer.resume();
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    expect(answer.headers['content-security-policy']).toContain('sandbox');
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function rssMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
