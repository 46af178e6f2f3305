import type http from 'node:http';
import type { Logger } from '../log.js';
import { openEdge } from '../net/edge.js';
import { API_HEADERS } from '../net/security-headers.js';
import type { ReadinessReport } from './readiness.js';

export interface OpsEndpoints {
  readiness(): Promise<ReadinessReport>;
  /** The Prometheus text exposition and its content type. */
  metrics(): Promise<{ contentType: string; body: string }>;
}

export interface OpsServer {
  readonly port: number;
  close(): Promise<void>;
}

function send(response: http.ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
}

const json = (response: http.ServerResponse, status: number, value: unknown) =>
  send(response, status, 'application/json; charset=utf-8', `${JSON.stringify(value)}\n`);

/**
 * The operators' listener: /healthz (the event loop answers), /readyz (every check passed: 200,
 * else 503 with the report) and /metrics. GET and HEAD only; nothing here changes any state, and
 * nothing here reaches Discord. On the shared edge (src/net/edge.ts): a scraper needs one or two
 * connections, so an address gets a few.
 */
export async function startOpsServer(
  listen: { port: number; host: string },
  endpoints: OpsEndpoints,
  log: Logger,
): Promise<OpsServer> {
  const edge = openEdge({
    name: 'the operators listener',
    log,
    headers: API_HEADERS,
    limits: { maxConnectionsPerIp: 16, maxConnections: 64, requestTimeoutMs: 10_000 },
    handle: async (request, response) => {
      const path = new URL(request.url ?? '/', 'http://ops').pathname;
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.setHeader('allow', 'GET, HEAD');
        return json(response, 405, { error: 'only GET and HEAD' });
      }
      try {
        if (path === '/healthz') json(response, 200, { alive: true });
        else if (path === '/readyz') {
          const report = await endpoints.readiness();
          json(response, report.ready ? 200 : 503, report);
        } else if (path === '/metrics') {
          const { contentType, body } = await endpoints.metrics();
          send(response, 200, contentType, body);
        } else json(response, 404, { error: 'try /healthz, /readyz or /metrics' });
      } catch (error) {
        log.warn('the operators listener failed to answer', { error });
        if (!response.headersSent) json(response, 500, { error: 'the check itself failed' });
        else response.end();
      }
    },
  });
  const port = await edge.listen(listen.port, listen.host);
  return { port, close: () => edge.close() };
}
