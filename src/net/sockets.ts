import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { refuseSocket } from './edge.js';
import { TokenBuckets } from './token-buckets.js';

/** What one WebSocket of a listener may do (see EdgeSockets). */
export interface SocketLimits {
  /** The largest frame, and the largest message after reassembly (ws closes 1009 past it). */
  readonly maxMessageBytes: number;
  /** Sockets open from one address, and in all. */
  readonly maxSocketsPerIp: number;
  readonly maxSockets: number;
  /** A socket that has sent nothing for this long is closed. */
  readonly idleTimeoutMs: number;
  /** Every this often a ping; a socket that did not answer the last one is ended. */
  readonly heartbeatMs: number;
  /** Messages a socket may send: a burst and a steady rate. Past it they are dropped, then the socket closed. */
  readonly messageBurst: number;
  readonly messagesPerSecond: number;
  /** A socket holding this much unsent data is not reading: it is ended rather than fed more. */
  readonly maxUnsentBytes: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  maxMessageBytes: 4 * 1024,
  maxSocketsPerIp: 32,
  maxSockets: 1_024,
  idleTimeoutMs: 10 * 60_000,
  heartbeatMs: 30_000,
  messageBurst: 20,
  messagesPerSecond: 10,
  maxUnsentBytes: 1024 * 1024,
};

/** Messages dropped for speed after which a socket is closed: a page never sends that fast. */
const DROPS_BEFORE_CLOSE = 50;
/** RFC 6455 7.4.1: the endpoint received a message that violates its policy. */
export const POLICY_CLOSE_CODE = 1008;

/** What a listener does with an accepted socket; every message has passed the caps. */
export interface SocketSession {
  message(data: RawData, isBinary: boolean): void;
  close?(): void;
}

/**
 * The WebSocket half of the edge (edge.ts says why it exists). ws is strict about frames
 * (oversized, unmasked, reserved bits, bad UTF-8, bad close codes) and answers each by closing
 * that socket with an 'error' event first: here every socket has its listener, so a broken frame
 * costs its own socket and nothing else. On top: sockets per address and in all, a message rate,
 * idle and heartbeat time-outs, and a cap on what may wait unsent.
 */
export class EdgeSockets {
  readonly #limits: SocketLimits;
  readonly #server: WebSocketServer;
  readonly #perIp = new Map<string, number>();
  readonly #alive = new WeakSet<WebSocket>();
  readonly #heartbeat: NodeJS.Timeout;

  constructor(limits: Partial<SocketLimits> = {}) {
    this.#limits = { ...DEFAULT_SOCKET_LIMITS, ...limits };
    this.#server = new WebSocketServer({ noServer: true, maxPayload: this.#limits.maxMessageBytes });
    // With noServer nothing should reach it, but an 'error' with no listener would end the process.
    this.#server.on('error', () => undefined);
    this.#server.on('wsClientError', (_error, socket) => refuseSocket(socket, 400, 'Bad Request'));
    this.#heartbeat = setInterval(() => this.#beat(), this.#limits.heartbeatMs);
    this.#heartbeat.unref();
  }

  get limits(): SocketLimits {
    return this.#limits;
  }

  get open(): number {
    return this.#server.clients.size;
  }

  get sockets(): ReadonlySet<WebSocket> {
    return this.#server.clients;
  }

  /** Completes the upgrade within the caps and hands the socket to `start`, or refuses it. */
  accept(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    start: (ws: WebSocket, request: IncomingMessage) => SocketSession,
  ): void {
    const ip = request.socket.remoteAddress ?? 'unknown';
    const fromIp = this.#perIp.get(ip) ?? 0;
    if (fromIp >= this.#limits.maxSocketsPerIp || this.#server.clients.size >= this.#limits.maxSockets) {
      refuseSocket(socket, 503, 'Service Unavailable');
      return;
    }
    this.#perIp.set(ip, fromIp + 1);
    // Freed once, by whichever closes first: the raw socket (a failed handshake) or the WebSocket.
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.#perIp.get(ip) ?? 1) - 1;
      if (left > 0) this.#perIp.set(ip, left);
      else this.#perIp.delete(ip);
    };
    socket.once('close', release);
    this.#server.handleUpgrade(request, socket, head, (ws) => this.#run(ws, request, start, release));
  }

  /** Sends unless the socket is not reading: past the unsent cap it is ended instead. */
  send(ws: WebSocket, text: string): void {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > this.#limits.maxUnsentBytes) {
      ws.terminate();
      return;
    }
    ws.send(text);
  }

  close(code = 1001, reason = 'going away'): void {
    clearInterval(this.#heartbeat);
    for (const ws of this.#server.clients) ws.close(code, reason);
    this.#server.close();
  }

  #run(
    ws: WebSocket,
    request: IncomingMessage,
    start: (ws: WebSocket, request: IncomingMessage) => SocketSession,
    release: () => void,
  ): void {
    ws.on('error', () => ws.terminate());
    ws.once('close', release);
    this.#alive.add(ws);
    ws.on('pong', () => this.#alive.add(ws));
    const rate = new TokenBuckets(
      { capacity: this.#limits.messageBurst, perSecond: this.#limits.messagesPerSecond },
      1,
    );
    let dropped = 0;
    let idle = setTimeout(() => ws.close(POLICY_CLOSE_CODE, 'idle'), this.#limits.idleTimeoutMs);
    const session = start(ws, request);
    ws.on('message', (data, isBinary) => {
      clearTimeout(idle);
      idle = setTimeout(() => ws.close(POLICY_CLOSE_CODE, 'idle'), this.#limits.idleTimeoutMs);
      if (!rate.take('socket')) {
        dropped += 1;
        if (dropped >= DROPS_BEFORE_CLOSE) ws.close(POLICY_CLOSE_CODE, 'too many messages');
        return;
      }
      session.message(data, isBinary);
    });
    ws.once('close', () => {
      clearTimeout(idle);
      session.close?.();
    });
  }

  #beat(): void {
    for (const ws of this.#server.clients) {
      if (!this.#alive.has(ws)) {
        ws.terminate();
        continue;
      }
      this.#alive.delete(ws);
      ws.ping();
    }
  }
}
