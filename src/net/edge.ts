import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '../log.js';
import { BodyTooLargeError, refuseBody } from './body.js';
import { ConnectionCaps } from './connection-caps.js';
import { closeServer, listen } from './listen.js';
import { BASE_HEADERS } from './security-headers.js';

/**
 * THE EDGE. Every port this project opens (the playground's page and socket, the Activity's page
 * and table socket, the operators' /healthz /readyz /metrics, the REST proxy) is opened here and
 * nowhere else, because each of them can be reached by a stranger, and one unhandled 'error' on
 * one socket ends the process with every game on every server in it (issue 40: a 5,000-byte frame
 * with no hello did exactly that). So every server, connection and upgrade gets an 'error'
 * listener here, every request meets the caps below, and every listener binds 127.0.0.1 unless
 * its operator says otherwise and says where it listens in one startup line. A `http.createServer`
 * outside src/net/ is a listener that skipped all of this: review should stop it.
 */

export interface EdgeLimits {
  /** Request line and headers together (Node answers 431 past it). */
  readonly maxHeaderBytes: number;
  /** Time for the request's headers to arrive (a slow-headers stranger holds a connection no longer). */
  readonly headersTimeoutMs: number;
  /** Time for the whole request, body included. */
  readonly requestTimeoutMs: number;
  /** How long an idle kept-alive connection stays open. */
  readonly keepAliveTimeoutMs: number;
  readonly maxConnectionsPerIp: number;
  readonly maxConnections: number;
}

export const DEFAULT_EDGE_LIMITS: EdgeLimits = {
  maxHeaderBytes: 16 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnectionsPerIp: 64,
  maxConnections: 1_024,
};

export type EdgeHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void> | void;
export type EdgeUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface EdgeSpec {
  /** The listener's name in the startup line and the logs ("the Activity", "the REST proxy"). */
  readonly name: string;
  readonly log: Logger;
  readonly limits?: Partial<EdgeLimits>;
  /** Headers on every HTTP answer, besides nosniff and no-referrer (a CSP, for one). */
  readonly headers?: OutgoingHttpHeaders;
  readonly handle: EdgeHandler;
  /** WebSocket upgrades; without it, every upgrade is refused. */
  readonly upgrade?: EdgeUpgrade;
}

export interface Edge {
  /** Binds `host:port` (port 0: any free one), says where in one line, and resolves with the port. */
  listen(port: number, host: string): Promise<number>;
  readonly port: number;
  /** Connections open now (the attack suite checks they drain). */
  readonly connections: number;
  close(): Promise<void>;
}

/** A raw answer on a socket Node no longer answers on (a bad request, a refused upgrade). */
export function refuseSocket(socket: Duplex, status: number, reason: string): void {
  if (socket.writable) {
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }
  socket.destroy();
}

/** Opens one listener on the edge: the caps, the 'error' listeners and the headers of every answer. */
export function openEdge(spec: EdgeSpec): Edge {
  const limits: EdgeLimits = { ...DEFAULT_EDGE_LIMITS, ...spec.limits };
  const headers: OutgoingHttpHeaders = { ...BASE_HEADERS, ...spec.headers };
  const caps = new ConnectionCaps(limits.maxConnectionsPerIp, limits.maxConnections);
  let port = 0;
  const server = http.createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
    },
    (request, response) => {
      // A client that resets mid-answer: the response's own error, not the process's.
      response.on('error', () => request.destroy());
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) response.setHeader(name, value);
      Promise.resolve()
        .then(() => spec.handle(request, response))
        .catch((error: unknown) => answerFailure(spec, request, response, error));
    },
  );
  server.on('connection', (socket) => {
    socket.on('error', () => socket.destroy());
    if (caps.admit(socket)) lingerOnClose(socket);
  });
  // Bad request lines, headers over the cap, timeouts: Node's parser gives up on the connection.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const late = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    refuseSocket(
      socket,
      tooLarge ? 431 : late ? 408 : 400,
      tooLarge ? 'Request Header Fields Too Large' : late ? 'Request Timeout' : 'Bad Request',
    );
  });
  // A failure to bind is listen()'s to report (a busy port is the caller's one clear line).
  server.on('error', (error) => {
    if (port !== 0) spec.log.error(`${spec.name} failed`, { error });
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node hands an upgrading socket over without an error listener of its own.
    socket.on('error', () => socket.destroy());
    if (!spec.upgrade) return refuseSocket(socket, 404, 'Not Found');
    try {
      spec.upgrade(request, socket, head);
    } catch (error) {
      spec.log.error(`${spec.name} failed an upgrade`, { url: request.url, error });
      refuseSocket(socket, 500, 'Internal Server Error');
    }
  });
  return {
    async listen(wanted, host) {
      port = await listen(server, wanted, host);
      spec.log.info(`${spec.name} listening`, {
        host,
        port,
        url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      });
      return port;
    },
    get port() {
      return port;
    },
    get connections() {
      return caps.open;
    },
    close: () => closeServer(server),
  };
}

/** How long a closing connection may still deliver what its client is sending before it is cut. */
const LINGER_MS = 2_000;

/**
 * Node cuts a connection the moment a "Connection: close" answer is written (`destroySoon`). A
 * client still sending a body it was refused (a 413, a 405 before the body is read) then meets a
 * reset, and its socket fails before it reads the answer. So, as careful servers do (Apache's
 * "lingering close"), the connection is half-closed after the answer, what still arrives is
 * read and dropped (Node dumps an unread body), and the connection is cut a moment later.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

function answerFailure(spec: EdgeSpec, request: IncomingMessage, response: ServerResponse, error: unknown): void {
  if (error instanceof BodyTooLargeError) {
    refuseBody(request, response, 413, { 'Content-Type': 'text/plain; charset=utf-8' }, `${error.message}\n`);
    return;
  }
  spec.log.error(`${spec.name} failed to answer`, { url: request.url, error });
  if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end();
}
