import fs from 'node:fs';
import net from 'node:net';
import { expect } from 'vitest';
import { hostileFrames, RawSocket } from './raw-socket.js';

/**
 * What a stranger does to a listener, and what must still be true afterwards (issue 40). Every
 * listener the project opens is attacked with the same families, over real sockets.
 */

/** The process's resident memory, from /proc. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return kb / 1024;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One listener under attack: where it is, and how a legitimate request to it looks. */
export interface Target {
  readonly name: string;
  readonly port: number;
  /** The process that holds the listener. */
  readonly pid: number;
  /** Headers every request needs to get past the listener's own policy (the playground's Host and Origin). */
  readonly headers?: Readonly<Record<string, string>>;
  /** A path that answers 200 to a plain GET. */
  readonly healthyPath: string;
  /** A path that takes a body (or refuses bodies), and the statuses that mean "refused without reading it". */
  readonly bodyPath: string;
  readonly bodyRefusals: readonly number[];
  /** The WebSocket path, for listeners that have one, and the frame cap it enforces. */
  readonly socket?: { readonly path: string; readonly maxMessageBytes: number };
}

/** Writes `bytes` on a connection of its own; resolves with the HTTP status answered, or 0 if it was cut without one. */
export function rawHttp(port: number, bytes: Buffer | string, timeoutMs = 15_000): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const done = (status: number) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(status);
    };
    const timer = setTimeout(() => done(-1), timeoutMs);
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      if (status) done(Number(status));
    });
    socket.once('close', () => done(0));
    socket.write(bytes);
  });
}

function requestHead(target: Target, method: string, path: string, extra: Record<string, string> = {}): string {
  const headers = { Host: `127.0.0.1:${target.port}`, ...target.headers, Connection: 'close', ...extra };
  const lines = [`${method} ${path} HTTP/1.1`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** The plain GET a page or a probe makes. */
export function healthyGet(target: Target): Promise<number> {
  return rawHttp(target.port, requestHead(target, 'GET', target.healthyPath));
}

/** Sends a body of `bytes` (announced, or chunked when `announce` is false) as fast as the socket takes it. */
function sendBody(target: Target, bytes: number, announce: boolean): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(target.port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x7b);
    const finish = (status: number) => {
      socket.destroy();
      resolve(status);
    };
    socket.on('error', () => undefined);
    socket.on('data', (data: Buffer) => {
      answer += data.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      if (status) finish(Number(status));
    });
    socket.once('close', () => finish(0));
    const head: Record<string, string> = announce
      ? { 'Content-Type': 'application/json', 'Content-Length': String(bytes) }
      : { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' };
    socket.write(requestHead(target, 'POST', target.bodyPath, head));
    const pump = () => {
      while (sent < bytes && !socket.destroyed) {
        const piece = announce
          ? chunk
          : Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
        sent += chunk.length;
        if (!socket.write(piece)) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

/** Opens `count` connections that send half a request line and then nothing. */
async function holdConnections(port: number, count: number): Promise<{ open: () => number; release: () => void }> {
  const sockets: net.Socket[] = [];
  for (let i = 0; i < count; i += 1) {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write('GET / HTTP/1.1\r\nX-Waiting: ');
    sockets.push(socket);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    open: () => sockets.filter((socket) => !socket.destroyed && socket.readyState === 'open').length,
    release: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** Waits until the listener answers its plain GET again (a refused flood frees its places on close). */
async function answersAgain(target: Target): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = await healthyGet(target);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${target.name} answers ${status} after the attack`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface Attack {
  readonly name: string;
  run(target: Target): Promise<void>;
}

/** The HTTP families every listener meets. */
export const HTTP_ATTACKS: readonly Attack[] = [
  {
    name: 'headers over 16 KiB',
    async run(target) {
      const status = await rawHttp(target.port, requestHead(target, 'GET', '/', { 'X-Junk': 'a'.repeat(20_000) }));
      expect(status, target.name).toBe(431);
    },
  },
  {
    name: 'bytes that are not HTTP',
    async run(target) {
      const junk = Buffer.concat([
        Buffer.from([0x16, 0x03, 0x01, 0x00, 0xff]),
        Buffer.alloc(600, 0xfe),
        Buffer.from('\r\n\r\n'),
      ]);
      expect(await rawHttp(target.port, junk), target.name).toBe(400);
    },
  },
  {
    name: 'a body of 200 MB announced',
    async run(target) {
      expect(target.bodyRefusals, target.name).toContain(await sendBody(target, 200 * 1024 * 1024, true));
    },
  },
  {
    name: 'a chunked body that never ends (80 MB sent)',
    async run(target) {
      expect(target.bodyRefusals, target.name).toContain(await sendBody(target, 80 * 1024 * 1024, false));
    },
  },
  {
    name: '600 connections that never finish their headers',
    async run(target) {
      const held = await holdConnections(target.port, 600);
      // The caps closed what was over them; what they admitted waits for the header time-out.
      expect(held.open(), target.name).toBeLessThan(600);
      held.release();
      await answersAgain(target);
    },
  },
  {
    name: 'an upgrade to a path with no socket',
    async run(target) {
      const opened = await RawSocket.open(target.port, '/not-a-socket', target.headers);
      expect(opened, target.name).toHaveProperty('refused');
    },
  },
];

/**
 * Sends each hostile frame on a socket of its own. Returns what went wrong: a frame that breaks the
 * protocol and left its socket open. (That the process lives on is the caller's check.)
 */
export async function sendHostileFrames(target: Target): Promise<string[]> {
  const socket = target.socket;
  if (!socket) return [];
  const failures: string[] = [];
  for (const hostile of hostileFrames(socket.maxMessageBytes)) {
    const opened = await RawSocket.open(target.port, socket.path, target.headers);
    if (!(opened instanceof RawSocket)) throw new Error(`${target.name} refused the upgrade: ${opened.refused}`);
    for (const bytes of hostile.bytes) opened.write(bytes);
    const ending = await opened.endingWithin(hostile.breaksProtocol ? 5_000 : 300);
    opened.destroy();
    if (hostile.breaksProtocol && ending === 'open') failures.push(`${hostile.name}: the socket stayed open`);
  }
  return failures;
}
