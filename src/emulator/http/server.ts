import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { CdnStore } from '../cdn.js';
import { DiscordError } from '../errors.js';
import type { FaultInjector } from '../faults.js';
import type { GatewayServer } from '../gateway/server.js';
import type { RequestHolds } from '../holds.js';
import type { BearerGrant, BearerLookup } from '../oauth2-grant.js';
import { type Problem, summarizeBody } from '../problems.js';
import type { RateLimiter } from '../rate-limits/limiter.js';
import { ignoredAttachmentFields } from '../validation/attachment-requests.js';
import type { UploadedFile } from '../validation/message-body.js';
import type { World } from '../world.js';
import { closeServer, listen } from './listen.js';
import type { RestResponse, Router } from './router.js';

const API_PREFIX = '/api/v10';
export const GATEWAY_PATH = '/gateway';
/** Files (attachments, emoji images) as `cdn.discordapp.com` would serve them. */
export const CDN_PATH = '/cdn';
const MAX_BODY_BYTES = 25 * 1024 * 1024;

/** A REST request as it was answered, for whoever watches the traffic. */
export interface ServedRequest {
  method: string;
  /** The route template, e.g. `/channels/:channelId/messages/:messageId`. */
  route: string;
  params: Record<string, string>;
  status: number;
  /** The application it is charged to: its bot token's, or its interaction's (null: neither). */
  appId: string | null;
  /** The `User-Agent` header (discord.js: `DiscordBot (…) discord.js/… Node.js/…` and any appendix). */
  userAgent: string | null;
}

export interface HttpFrontendDeps {
  world: World;
  router: Router;
  gateway: GatewayServer;
  faults: FaultInjector;
  /** Requests a test holds back until it lets them go. */
  holds: RequestHolds;
  cdn: CdnStore;
  /** Counts one request to a route, keyed `METHOD template`. */
  count: (key: string) => void;
  report: (problem: Omit<Problem, 'at'>) => void;
  /** Called after every answered request, so waiters can re-check their conditions. */
  afterRequest: () => void;
  /**
   * Told of every answer with the application it is charged to (the bot token's, or the app of an
   * interaction webhook or callback) and the address it went to, for the invalid request count.
   */
  answered: (status: number, appId: string | null, ip: string) => void;
  /** Discord's global and route limits; null when they are off. */
  limiter: RateLimiter | null;
  /** How long (ms) an address stays banned for its invalid requests; 0 when it is not. */
  bannedFor: (ip: string) => number;
  /** The app behind an unauthenticated interaction route, from its path parameters. */
  appOfRoute: (params: Record<string, string>) => string | null;
  /** Told of every answered request to a known route (injected faults included). */
  served: (request: ServedRequest) => void;
  /** Who an OAuth2 Bearer token belongs to (src/emulator/oauth2.ts). */
  bearer: (token: string) => BearerLookup;
}

/** One HTTP server on 127.0.0.1: REST under /api/v10 and the gateway WebSocket upgrade on /gateway. */
export class HttpFrontend {
  readonly #server: Server;

  constructor(private readonly deps: HttpFrontendDeps) {
    this.#server = createServer((request, response) => {
      // Read now: a request refused mid-body (over 25 MB) loses its socket.
      const ip = ipOf(request);
      this.#handle(request, response, ip)
        .catch((error: unknown) => {
          // Refusals raised before routing (a body over 25 MB) are answered like any other.
          if (error instanceof DiscordError) {
            this.deps.report({
              kind: error.problemKind,
              detail: `${error.status} ${error.code} ${error.message}`,
              status: error.status,
              code: error.code,
            });
            if (!response.headersSent)
              this.#write(response, { status: error.status, body: error.body() }, this.#tokenApp(request), ip);
            return;
          }
          // The client went away while its body was still arriving (a bot process killed mid-request):
          // nobody is left to answer, and nothing in the emulator went wrong.
          if (request.destroyed && (error as NodeJS.ErrnoException).code === 'ECONNRESET') return;
          this.deps.report({ kind: 'emulator-error', detail: `request handling crashed: ${String(error)}` });
          if (!response.headersSent)
            this.#write(response, { status: 500, body: { message: '500: Internal Server Error', code: 0 } }, null, ip);
        })
        .finally(() => this.deps.afterRequest());
    });
    this.#server.keepAliveTimeout = 60_000;
    this.#server.on('upgrade', (request, socket, head) => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname.replace(/\/$/, '');
      if (path === GATEWAY_PATH) deps.gateway.handleUpgrade(request, socket, head);
      else socket.destroy();
    });
  }

  listen(port: number, host: string): Promise<number> {
    return listen(this.#server, port, host);
  }

  close(): Promise<void> {
    return closeServer(this.#server);
  }

  async #handle(request: IncomingMessage, response: ServerResponse, ip: string): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = (request.method ?? 'GET').toUpperCase();
    const raw = await readBody(request);
    if (method === 'GET' && url.pathname.startsWith(`${CDN_PATH}/`)) {
      this.#serveFile(response, url.pathname.slice(CDN_PATH.length + 1));
      return;
    }
    if (!url.pathname.startsWith(`${API_PREFIX}/`)) {
      this.#unknownRoute(response, method, url.pathname, raw, null, ip);
      return;
    }
    const banned = this.deps.bannedFor(ip);
    if (banned > 0) {
      // Cloudflare answers for the API, before any route: a page, not Discord's JSON.
      response
        .writeHead(429, { 'Content-Type': 'text/plain', 'Retry-After': String(Math.ceil(banned / 1000)) })
        .end('error code: 1015');
      return;
    }
    // discord.js percent-encodes segments (`%40original`); Discord reads them decoded.
    const path = decodeSegments(url.pathname.slice(API_PREFIX.length));
    const match = this.deps.router.match(method, path);
    if (!match.route) {
      if (match.methodNotAllowed) {
        this.deps.report({
          kind: 'unknown-route',
          detail: `${method} is not served on ${path}`,
          method,
          path,
          status: 405,
        });
        this.#write(
          response,
          { status: 405, body: DiscordError.methodNotAllowed().body() },
          this.#tokenApp(request),
          ip,
        );
      } else {
        this.#unknownRoute(response, method, path, raw, this.#tokenApp(request), ip);
      }
      return;
    }
    const { route } = match;
    this.deps.count(`${method} ${route.template}`);
    const chargedTo = route.auth ? this.#tokenApp(request) : this.deps.appOfRoute(match.params);
    const userAgent = request.headers['user-agent'] ?? null;
    const served = (status: number) =>
      this.deps.served({ method, route: route.template, params: match.params, status, appId: chargedTo, userAgent });
    await this.deps.holds.wait(method, path);
    const fault = this.deps.faults.take(method, path);
    if (fault) {
      this.#write(response, fault, chargedTo, ip, fault.counted);
      served(fault.status);
      return;
    }
    const verdict = this.deps.limiter?.admit({
      method,
      template: route.template,
      params: match.params,
      globalKey: globalKeyOf(route.template, request, ip),
    });
    if (verdict && !verdict.allowed) {
      this.deps.report({
        kind: 'rate-limited',
        detail: `429 ${verdict.scope === 'global' ? 'global limit' : 'route limit'} on ${method} ${route.template}`,
        method,
        path,
        route: route.template,
        status: 429,
      });
      this.#write(response, verdict.response, chargedTo, ip);
      served(429);
      return;
    }
    let body: unknown;
    let answer: RestResponse;
    try {
      const bearer = route.auth ? this.#bearer(request) : null;
      const app = route.auth && !bearer ? this.#authorize(request) : null;
      const contentType = request.headers['content-type'] ?? '';
      const form = contentType.startsWith('application/x-www-form-urlencoded')
        ? Object.fromEntries(new URLSearchParams(raw.toString('utf8')))
        : null;
      const parsed = form ? { body: undefined, files: [] } : await parseBody(contentType, raw);
      body = parsed.body;
      answer = route.handle({
        method,
        path,
        query: url.searchParams,
        params: match.params,
        body,
        files: parsed.files,
        app,
        bearer,
        form,
        authorization: request.headers.authorization ?? null,
      });
    } catch (error) {
      if (!(error instanceof DiscordError)) throw error;
      this.deps.report({
        kind: error.problemKind,
        detail: `${error.status} ${error.code} ${error.message}`,
        method,
        path,
        route: route.template,
        status: error.status,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(body !== undefined || raw.length > 0 ? { bodySummary: summarizeBody(body ?? raw.toString('utf8')) } : {}),
      });
      answer = { status: error.status, body: error.body() };
    }
    const ignored = answer.status < 400 ? ignoredAttachmentFields(body) : [];
    if (ignored.length > 0) {
      this.deps.report({
        kind: 'ignored-field',
        detail: `fields Discord's attachment request object does not have (Discord ignores them): ${ignored.join(', ')}`,
        method,
        path,
        route: route.template,
        status: answer.status,
      });
    }
    if (verdict?.allowed) answer = { ...answer, headers: { ...verdict.headers, ...answer.headers } };
    this.#write(response, answer, chargedTo, ip);
    served(answer.status);
  }

  /** A CDN file, or a bare 404 as the CDN gives (not a REST problem: browsers ask for anything). */
  #serveFile(response: ServerResponse, path: string): void {
    const file = this.deps.cdn.get(path) ?? this.deps.cdn.get(encodeSegments(decodeSegments(path)));
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
      return;
    }
    response
      .writeHead(200, { 'Content-Type': file.contentType, 'Content-Length': String(file.data.length) })
      .end(file.data);
  }

  /** The app whose bot token the request carries, valid or not (null when absent or unknown). */
  #tokenApp(request: IncomingMessage): string | null {
    const token = /^Bot\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    return token ? (this.deps.world.applicationByToken(token)?.id ?? null) : null;
  }

  /** A person's OAuth2 access token: known and unexpired, or 401 as Discord answers either. */
  #bearer(request: IncomingMessage): BearerGrant | null {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return null;
    const found = this.deps.bearer(token);
    if (!found || found === 'expired') throw DiscordError.unauthorized();
    return found;
  }

  #authorize(request: IncomingMessage) {
    const header = request.headers.authorization ?? '';
    const match = /^Bot\s+(\S+)$/i.exec(header);
    const app = match?.[1] ? this.deps.world.applicationByToken(match[1]) : undefined;
    if (!app) throw DiscordError.unauthorized();
    return app;
  }

  #unknownRoute(
    response: ServerResponse,
    method: string,
    path: string,
    raw: Buffer,
    appId: string | null,
    ip: string,
  ): void {
    this.deps.report({
      kind: 'unknown-route',
      detail: `no such route: ${method} ${path}`,
      method,
      path,
      status: 404,
      ...(raw.length > 0 ? { bodySummary: summarizeBody(raw.toString('utf8')) } : {}),
    });
    this.#write(response, { status: 404, body: DiscordError.notFound().body() }, appId, ip);
  }

  /** `counted` false: a 429 of a shared bucket, which Discord does not hold against the bot. */
  #write(response: ServerResponse, answer: RestResponse, appId: string | null, ip: string, counted = true): void {
    if (counted) this.deps.answered(answer.status, appId, ip);
    const headers: Record<string, string> = { ...answer.headers };
    if (answer.status === 204 || answer.body === undefined) {
      response.writeHead(answer.status, headers).end();
      return;
    }
    const text = JSON.stringify(answer.body);
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = String(Buffer.byteLength(text));
    response.writeHead(answer.status, headers).end(text);
  }
}

function ipOf(request: IncomingMessage): string {
  return request.socket?.remoteAddress ?? 'unknown';
}

/**
 * Whose global limit a request counts toward: its bot token's, or without one its address's
 * (docs/topics/rate-limits.mdx "Global Rate Limit"); null for the interaction endpoints, which are
 * not bound by it (docs/interactions/receiving-and-responding.mdx "Endpoints": the callback and the
 * webhook routes with an interaction token).
 */
function globalKeyOf(template: string, request: IncomingMessage, ip: string): string | null {
  if (template.startsWith('/interactions/') || template.startsWith('/webhooks/')) return null;
  const token = /^Bot\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return token ? `bot:${token}` : `ip:${ip}`;
}

function encodeSegments(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

function decodeSegments(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new DiscordError(413, 40005, 'Request entity too large');
    chunks.push(chunk as Buffer);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}

/** JSON bodies, or multipart with `payload_json` plus `files[n]` as discord.js sends uploads. */
async function parseBody(contentType: string, raw: Buffer): Promise<{ body: unknown; files: UploadedFile[] }> {
  if (raw.length === 0) return { body: undefined, files: [] };
  if (contentType.startsWith('multipart/form-data')) {
    const form = await new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: raw,
    }).formData();
    const files: UploadedFile[] = [];
    let body: unknown;
    for (const [field, value] of form.entries()) {
      if (typeof value === 'string') {
        if (field === 'payload_json') body = parseJson(value);
      } else {
        const index = /^files\[(\d+)\]$/.exec(field)?.[1];
        files.push({
          field,
          index: index === undefined ? null : Number(index),
          filename: value.name,
          size: value.size,
          contentType: value.type || 'application/octet-stream',
          data: Buffer.from(await value.arrayBuffer()),
        });
      }
    }
    return { body, files };
  }
  return { body: parseJson(raw.toString('utf8')), files: [] };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw DiscordError.invalidJson();
  }
}
