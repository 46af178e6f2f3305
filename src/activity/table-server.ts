import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { Languages } from '../i18n/index.js';
import type { Logger } from '../log.js';
import { closeServer, listen } from '../net/listen.js';
import { loadStaticFiles, type StaticFile } from '../playground/static-files.js';
import type { DiscordApi } from './discord-api.js';
import { type ClientMessage, DENIED_CLOSE_CODE, type Intent, type ServerMessage } from './protocol.js';
import type { Sitter, TableHub } from './table-hub.js';

export interface TableServerDeps {
  readonly api: DiscordApi;
  /** The application's id: the page's SDK needs it, and it is no secret. */
  readonly clientId: string;
  readonly hub: TableHub;
  readonly languages: Languages;
  readonly log: Logger;
  /** The built page (dist/activity-web). */
  readonly webRoot: string;
  /** Whether this process serves the guild (its shards'); a table elsewhere is not ours to run. */
  readonly serves: (guildId: string) => boolean;
}

/** A code or a hello is a few hundred bytes; anything much larger is not the page talking. */
const MAX_BODY_BYTES = 4096;
const HELLO_TIMEOUT_MS = 10_000;
const PING_EVERY_MS = 30_000;

/**
 * Discord's proxy serves the page at `https://<app id>.discordsays.com/` and forwards `/.proxy/…`
 * to the URL mapping's target; the playground mounts the page under a prefix of its own. The page
 * asks relative to itself, so the server routes on the path's last segments.
 */
function routeOf(url: string | undefined): string {
  const path = new URL(url ?? '/', 'http://table').pathname;
  if (path.endsWith('/api/token')) return 'token';
  if (path.endsWith('/api/client')) return 'client';
  if (path.endsWith('/ws')) return 'ws';
  return path.replace(/^(\/\.proxy)?(\/activity)?/, '') || '/';
}

/**
 * The Activity's server in the bot's process: the page, the code exchange, and the table sockets.
 * A socket is nobody until its access token names a person (GET /users/@me) who is in the Activity
 * instance it names (GET /applications/{app}/activity-instances/{id}); then it may only send intents.
 */
export class TableServer {
  readonly #server: Server;
  readonly #sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES });
  readonly #files: Map<string, StaticFile>;
  readonly #pinger: NodeJS.Timeout;

  constructor(private readonly deps: TableServerDeps) {
    this.#files = loadStaticFiles(deps.webRoot);
    this.#server = createServer((request, response) => {
      this.#handle(request, response).catch((error: unknown) => {
        deps.log.error('an Activity request failed', { url: request.url, error });
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
    this.#server.on('upgrade', (request, socket, head) => {
      if (routeOf(request.url) !== 'ws') {
        socket.destroy();
        return;
      }
      this.#sockets.handleUpgrade(request, socket, head, (ws) => this.#welcome(ws));
    });
    this.#pinger = setInterval(() => {
      for (const ws of this.#sockets.clients) ws.ping();
    }, PING_EVERY_MS);
    this.#pinger.unref();
  }

  listen(port: number, host = '0.0.0.0'): Promise<number> {
    return listen(this.#server, port, host);
  }

  async close(): Promise<void> {
    clearInterval(this.#pinger);
    for (const ws of this.#sockets.clients) ws.close(1001);
    await closeServer(this.#server);
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const route = routeOf(request.url);
    if (route === 'token') {
      if (request.method !== 'POST') return void response.writeHead(405, { Allow: 'POST' }).end();
      return this.#token(request, response);
    }
    if (route === 'client') {
      // What the page needs before anyone is signed in, in the browser's language.
      const tr = this.deps.languages.translator(new URL(request.url ?? '/', 'http://table').searchParams.get('locale'));
      const body = {
        client_id: this.deps.clientId,
        text: { connecting: tr.t('activity.connecting'), 'sign-in-failed': tr.t('activity.sign-in-failed') },
      };
      return void response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    }
    const file = request.method === 'GET' ? this.#files.get(route) : undefined;
    if (!file) return void response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
    response
      .writeHead(200, {
        'Content-Type': file.contentType,
        'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      })
      .end(file.body);
  }

  /** POST /api/token `{ code }`: the code exchanged with the client secret, which never leaves here. */
  async #token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const code = readCode(await readBody(request));
    const token = code ? await this.deps.api.exchangeCode(code) : undefined;
    const body = token ? { access_token: token.access_token } : { error: 'invalid_grant' };
    response.writeHead(token ? 200 : 400, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  }

  #welcome(ws: WebSocket): void {
    const timeout = setTimeout(() => ws.close(DENIED_CLOSE_CODE, 'no hello'), HELLO_TIMEOUT_MS);
    let sitter: Sitter | undefined;
    let greeted = false;
    ws.on('message', (raw: RawData) => {
      const message = parseMessage(raw);
      if (!message) return;
      if (message.type === 'hello' && !greeted) {
        greeted = true;
        clearTimeout(timeout);
        void this.#identify(ws, message).then((found) => {
          sitter = found;
        });
      } else if (message.type === 'intent' && sitter) {
        void this.deps.hub.intent(sitter, message.intent, message.version);
      }
    });
    ws.on('close', () => clearTimeout(timeout));
  }

  /** Who the socket is, from Discord alone; a socket that is not in the instance is closed. */
  async #identify(ws: WebSocket, hello: Extract<ClientMessage, { type: 'hello' }>): Promise<Sitter | undefined> {
    const { api, languages, hub, serves } = this.deps;
    const person = await api.person(hello.accessToken);
    const tr = languages.translator(person?.locale);
    if (!person) return deny(ws, tr.t('activity.sign-in-failed'));
    const instance = await api.instance(hello.instanceId);
    if (!instance?.users.includes(person.id) || !instance.guildId) {
      this.deps.log.info('a socket was refused a table', { user: person.id, instance: hello.instanceId });
      return deny(ws, tr.t('activity.denied'));
    }
    // A guild of another process's shards: its games run there, not here (serving-process.ts).
    if (!serves(instance.guildId)) {
      this.deps.log.info('a table of a guild this process does not serve was refused', {
        user: person.id,
        guild: instance.guildId,
      });
      return deny(ws, tr.t('activity.not-served'));
    }
    if (ws.readyState !== ws.OPEN) return undefined;
    const sitter: Sitter = {
      socket: ws,
      person: { id: person.id, name: person.global_name ?? person.username },
      guildId: instance.guildId,
      channelId: instance.channelId,
      tr,
    };
    await hub.sit(sitter);
    return sitter;
  }
}

function deny(ws: WebSocket, text: string): undefined {
  const message: ServerMessage = { type: 'denied', text };
  if (ws.readyState === ws.OPEN) {
    ws.send(JSON.stringify(message));
    ws.close(DENIED_CLOSE_CODE, 'denied');
  }
  return undefined;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) {
    text += String(chunk);
    if (text.length > MAX_BODY_BYTES) return '';
  }
  return text;
}

function readCode(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed.code === 'string' && parsed.code.length > 0 && parsed.code.length < 512
      ? parsed.code
      : undefined;
  } catch {
    return undefined;
  }
}

const INTENT_KINDS: ReadonlySet<string> = new Set([
  'join',
  'leave',
  'start',
  'keep',
  'roll',
  'choose',
  'again',
  'new-game',
]);

/** A message from the page, if it is one; anything else is ignored (the page never sends it). */
function parseMessage(raw: RawData): ClientMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(String(raw));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  if (message.type === 'hello') {
    if (typeof message.accessToken !== 'string' || typeof message.instanceId !== 'string') return undefined;
    return { type: 'hello', accessToken: message.accessToken, instanceId: message.instanceId };
  }
  if (message.type !== 'intent' || typeof message.version !== 'number') return undefined;
  const intent = message.intent as Record<string, unknown> | null;
  if (typeof intent !== 'object' || intent === null || !INTENT_KINDS.has(String(intent.kind))) return undefined;
  if (intent.kind === 'keep' && !Number.isInteger(intent.die)) return undefined;
  if (intent.kind === 'choose' && typeof intent.row !== 'string') return undefined;
  return { type: 'intent', intent: intent as unknown as Intent, version: message.version };
}
