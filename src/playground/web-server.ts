import type http from 'node:http';
import type { Logger } from '../log.js';
import { type Edge, openEdge, refuseSocket } from '../net/edge.js';
import type { ActivityHost } from './activity-host.js';
import { isCdnPath, proxyCdn } from './cdn-proxy.js';
import type { LiveChannel } from './live-channel.js';
import { checkOrigin } from './origin-policy.js';
import { LIVE_PATH } from './protocol.js';
import type { StaticFile } from './static-files.js';

/** The port is taken: the launcher says so in one line. */
export class PortBusyError extends Error {
  override name = 'PortBusyError';
  constructor(readonly port: number) {
    super(`port ${port} is busy`);
  }
}

export interface WebServerDeps {
  readonly files: ReadonlyMap<string, StaticFile>;
  readonly emulatorPort: number;
  /** Set once the world is ready; until then the page's socket is refused and it retries. */
  live(): LiveChannel | null;
  /** The voice channel's Activity (activity-host.ts), once the world is ready. */
  activity?: () => ActivityHost | null;
  readonly log: Logger;
}

/** Only this page's own script, styles and socket; images may come from here or (embeds) from anywhere. */
function securityHeaders(port: number): http.OutgoingHttpHeaders {
  const self = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  const sockets = self.map((origin) => origin.replace('http:', 'ws:'));
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: https:",
      `connect-src 'self' ${sockets.join(' ')}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; '),
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/**
 * The page's server, on 127.0.0.1 only: the built page, the emulator's CDN, and the live channel.
 * Every request and upgrade from anywhere but this page is refused (see origin-policy.ts).
 */
export class WebServer {
  readonly #edge: Edge;
  #port = 0;

  constructor(private readonly deps: WebServerDeps) {
    this.#edge = openEdge({
      name: 'the playground',
      log: deps.log,
      // The page, its images, its socket and the Activity's iframe, in a few tabs: all from 127.0.0.1.
      limits: { maxConnectionsPerIp: 256 },
      handle: (request, response) => this.#handle(request, response),
      upgrade: (request, socket, head) => {
        const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
        const verdict = checkOrigin(headersOf(request), this.#port, 'websocket');
        const live = deps.live();
        if (verdict.allowed && deps.activity?.()?.upgrade(request, socket, head)) return;
        if (!verdict.allowed) return refuseSocket(socket, 403, 'Forbidden');
        if (!live) return refuseSocket(socket, 503, 'Service Unavailable');
        if (pathname !== LIVE_PATH) return refuseSocket(socket, 404, 'Not Found');
        live.handleUpgrade(request, socket, head);
      },
    });
  }

  get port(): number {
    return this.#port;
  }

  async listen(port: number): Promise<number> {
    try {
      this.#port = await this.#edge.listen(port, '127.0.0.1');
      return this.#port;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw code === 'EADDRINUSE' || code === 'EACCES' ? new PortBusyError(port) : error;
    }
  }

  close(): Promise<void> {
    return this.#edge.close();
  }

  #handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const verdict = checkOrigin(headersOf(request), this.#port, 'http');
    if (!verdict.allowed) {
      response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Forbidden: ${verdict.reason}.\n`);
      return;
    }
    if (this.deps.activity?.()?.handle(request, response)) return;
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (isCdnPath(pathname)) {
      proxyCdn(this.deps.emulatorPort, pathname, method, response);
      return;
    }
    const file = this.deps.files.get(pathname);
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found.\n');
      return;
    }
    response.writeHead(200, {
      ...securityHeaders(this.#port),
      'Content-Type': file.contentType,
      'Content-Length': file.body.length,
      'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    response.end(method === 'HEAD' ? undefined : file.body);
  }
}

function headersOf(request: http.IncomingMessage) {
  const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  return {
    host: single(request.headers.host),
    origin: single(request.headers.origin),
    secFetchSite: single(request.headers['sec-fetch-site']),
  };
}
