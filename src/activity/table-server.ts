import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RawData, WebSocket } from 'ws';
import type { Languages } from '../i18n/index.js';
import type { Logger } from '../log.js';
import { readBody } from '../net/body.js';
import { type Edge, openEdge, refuseSocket } from '../net/edge.js';
import { contentSecurityPolicy, DISCORD_FRAME_ANCESTORS } from '../net/security-headers.js';
import { EdgeSockets, type SocketSession } from '../net/sockets.js';
import { loadStaticFiles, type StaticFile } from '../playground/static-files.js';
import { parseMessage } from './client-messages.js';
import type { DiscordApi } from './discord-api.js';
import { type ClientMessage, DENIED_CLOSE_CODE, type Intent, type ServerMessage } from './protocol.js';
import type { RemoteTables } from './remote-tables.js';
import { DEFAULT_SIGN_IN_LIMITS, SignIn, type SignInLimits } from './sign-in.js';
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
  /** Whether the bot is a member of the guild (the gateway's guild list): a table elsewhere could post nothing. */
  readonly isMember: (guildId: string) => boolean;
  /** Whether the guild is of this process's shards: its tables run here. */
  readonly local: (guildId: string) => boolean;
  /** The tables of other processes' guilds, relayed to them (sharded bots only). */
  readonly remote?: RemoteTables;
  /** Who may frame the page: Discord's origins (ACTIVITY_FRAME_ANCESTORS overrides, for the playground). */
  readonly frameAncestors?: readonly string[];
  readonly signInLimits?: SignInLimits;
}

/** Where a signed-in socket's intents go: this process's hub, or the relay to the guild's shard. */
interface Seat {
  intent(intent: Intent, version: number): void;
}

/** A code or a hello is a few hundred bytes; anything much larger is not the page talking. */
const MAX_BODY_BYTES = 4096;
const HELLO_TIMEOUT_MS = 10_000;
/** RFC 6455 7.4.1 "Try Again Later": the page reconnects after its back-off, unlike a denial. */
const TRY_AGAIN_CLOSE_CODE = 1013;

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
 * The Activity's server in the bot's process: the page, the code exchange, and the table sockets,
 * on the shared edge (src/net/edge.ts). A socket is nobody until its access token names a person
 * of this application (GET /oauth2/@me) who is in the Activity instance it names (GET
 * /applications/{app}/activity-instances/{id}) in a guild the bot is in; then it may only send
 * intents. Every Discord call a stranger can cause goes through SignIn's buckets.
 */
export class TableServer {
  readonly #edge: Edge;
  readonly #sockets = new EdgeSockets({ maxMessageBytes: MAX_BODY_BYTES, maxSocketsPerIp: 256 });
  readonly #files: Map<string, StaticFile>;
  readonly #signIn: SignIn;
  readonly #pageHeaders: Record<string, string>;

  constructor(private readonly deps: TableServerDeps) {
    this.#files = loadStaticFiles(deps.webRoot);
    this.#signIn = new SignIn(deps.api, deps.signInLimits ?? DEFAULT_SIGN_IN_LIMITS);
    this.#pageHeaders = {
      'Content-Security-Policy': contentSecurityPolicy({
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-ancestors': deps.frameAncestors ?? DISCORD_FRAME_ANCESTORS,
        'base-uri': ["'none'"],
        'form-action': ["'none'"],
      }),
    };
    this.#edge = openEdge({
      name: 'the Activity',
      log: deps.log,
      // Every player arrives through Discord's proxy, from a few of its addresses.
      limits: { maxConnectionsPerIp: 512 },
      handle: (request, response) => this.#handle(request, response),
      upgrade: (request, socket, head) => {
        if (routeOf(request.url) !== 'ws') return refuseSocket(socket, 404, 'Not Found');
        this.#sockets.accept(request, socket, head, (ws, upgraded) => this.#welcome(ws, upgraded));
      },
    });
  }

  listen(port: number, host: string): Promise<number> {
    return this.#edge.listen(port, host);
  }

  async close(): Promise<void> {
    this.#sockets.close();
    await this.#edge.close();
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
        ...this.#pageHeaders,
        'Content-Type': file.contentType,
        'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      })
      .end(file.body);
  }

  /** POST /api/token `{ code }`: the code exchanged with the client secret, which never leaves here. */
  async #token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const code = readCode((await readBody(request, MAX_BODY_BYTES)).toString('utf8'));
    const token = code ? await this.#signIn.exchange(code, addressOf(request)) : 'refused';
    const [status, body] =
      token === 'busy'
        ? [429, { error: 'slow_down' }]
        : token === 'refused'
          ? [400, { error: 'invalid_grant' }]
          : [200, { access_token: token.access_token }];
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  }

  #welcome(ws: WebSocket, request: IncomingMessage): SocketSession {
    const timeout = setTimeout(() => ws.close(DENIED_CLOSE_CODE, 'no hello'), HELLO_TIMEOUT_MS);
    let seat: Seat | undefined;
    let greeted = false;
    return {
      message: (raw: RawData, isBinary: boolean) => {
        // The page sends JSON text only: a binary frame is not the page.
        const message = isBinary ? undefined : parseMessage(raw);
        if (!message) return;
        if (message.type === 'hello' && !greeted) {
          greeted = true;
          clearTimeout(timeout);
          void this.#identify(ws, message, addressOf(request)).then((found) => {
            seat = found;
          });
        } else if (message.type === 'intent' && seat) {
          seat.intent(message.intent, message.version);
        }
      },
      close: () => clearTimeout(timeout),
    };
  }

  /** Who the socket is, from Discord alone; a socket that is not in the instance is closed. */
  async #identify(
    ws: WebSocket,
    hello: Extract<ClientMessage, { type: 'hello' }>,
    address: string,
  ): Promise<Seat | undefined> {
    const { languages, hub, local, remote, isMember, log } = this.deps;
    const answer = await this.#signIn.check(hello.accessToken, hello.instanceId, address);
    if (answer.kind === 'busy') {
      if (ws.readyState === ws.OPEN) ws.close(TRY_AGAIN_CLOSE_CODE, 'try again later');
      return undefined;
    }
    if (answer.kind === 'refused') return this.#deny(ws, languages.english.t('activity.sign-in-failed'));
    const { person, instance } = answer;
    const tr = languages.translator(person.locale);
    if (!instance?.users.includes(person.id) || !instance.guildId) {
      log.info('a socket was refused a table', { user: person.id, instance: hello.instanceId });
      return this.#deny(ws, tr.t('activity.denied'));
    }
    const place = { guildId: instance.guildId, channelId: instance.channelId };
    const who = { id: person.id, name: person.global_name ?? person.username };
    // A guild of another process's shards: its games run there, so the table is relayed there.
    if (!local(instance.guildId) && remote?.serves(instance.guildId)) {
      if (ws.readyState !== ws.OPEN) return undefined;
      const relayed = remote.sit(place, who, person.locale ?? null, {
        send: (message) => this.#sockets.send(ws, JSON.stringify(message)),
        close: () => ws.close(DENIED_CLOSE_CODE, 'denied'),
        tr,
      });
      ws.once('close', () => relayed.leave());
      return relayed;
    }
    // A guild of another process's shards that no relay reaches (serving-process.ts).
    if (!local(instance.guildId)) {
      log.info('a table of a guild this process does not serve was refused', {
        user: person.id,
        guild: instance.guildId,
      });
      return this.#deny(ws, tr.t('activity.not-served'));
    }
    // A guild of this process's shards that the bot was never added to (or has left):
    // nothing could be posted there.
    if (!isMember(instance.guildId)) {
      log.info('a table in a guild the bot is not in was refused', { user: person.id, guild: instance.guildId });
      return this.#deny(ws, tr.t('activity.not-in-server'));
    }
    if (ws.readyState !== ws.OPEN) return undefined;
    const sitter: Sitter = {
      send: (message) => this.#sockets.send(ws, JSON.stringify(message)),
      closed: (listener) => ws.once('close', listener),
      close: () => ws.close(),
      person: who,
      ...place,
      tr,
    };
    await hub.sit(sitter);
    return { intent: (intent, version) => void hub.intent(sitter, intent, version) };
  }

  #deny(ws: WebSocket, text: string): undefined {
    const message: ServerMessage = { type: 'denied', text };
    this.#sockets.send(ws, JSON.stringify(message));
    if (ws.readyState === ws.OPEN) ws.close(DENIED_CLOSE_CODE, 'denied');
    return undefined;
  }
}

/** The connection's own address: Discord's proxy hides the player's (docs/activity.md says what that means). */
function addressOf(request: IncomingMessage): string {
  return request.socket.remoteAddress ?? 'unknown';
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
