import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { currentUserJson, guildCreateJson, type Json, memberJson } from '../payloads.js';
import type { Problem } from '../problems.js';
import type { World } from '../world.js';
import {
  Close,
  IDENTIFY_INTERVAL_MS,
  largeThresholdOf,
  MAX_GUILDS_PER_SHARD,
  Op,
  readShard,
  SESSION_ENDING_CLOSES,
  stripBotPrefix,
} from './protocol.js';
import { coversGuild, GatewaySession, Intent, PRIVILEGED_INTENTS } from './session.js';

export interface GatewayOptions {
  heartbeatIntervalMs: number;
  /** `session_start_limit.max_concurrency`: how many identify buckets run in parallel. */
  maxConcurrency: number;
  /** Answer op 9 to IDENTIFYs closer than 5 s in one bucket. */
  enforceIdentifyConcurrency: boolean;
  /** `ws://127.0.0.1:PORT/gateway`, known once the HTTP server listens. */
  url: () => string;
  report: (problem: Omit<Problem, 'at'>) => void;
}

export interface GatewayEvents {
  /** READY and all GUILD_CREATEs were sent on a new session. */
  ready: [session: GatewaySession];
  resumed: [session: GatewaySession];
  disconnected: [session: GatewaySession, code: number];
}

interface Connection {
  socket: WebSocket;
  session: GatewaySession | null;
}

/** The gateway WebSocket: HELLO, IDENTIFY/READY, RESUME with replay, heartbeats, dispatches. */
export class GatewayServer extends EventEmitter<GatewayEvents> {
  readonly #wss = new WebSocketServer({ noServer: true, maxPayload: 4096 * 1024 });
  readonly #sessions = new Map<string, GatewaySession>();
  /** `appId:bucket` → when the last session started there, on the real clock (as discord.js waits). */
  readonly #lastIdentify = new Map<string, number>();

  constructor(
    private readonly world: World,
    private readonly options: GatewayOptions,
  ) {
    super();
  }

  /** While true, the gateway is out: connections are refused with 503 (see Emulator.takeGatewayDown). */
  down = false;

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.down) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    this.#wss.handleUpgrade(request, socket, head, (ws) => this.#accept(ws, query));
  }

  /** Live (not ended) sessions of an application, connected or waiting to resume. */
  sessionsOf(appId: string): GatewaySession[] {
    const result: GatewaySession[] = [];
    for (const session of this.#sessions.values()) if (!session.ended && session.app.id === appId) result.push(session);
    return result;
  }

  isReady(appId: string): boolean {
    return this.sessionsOf(appId).some((session) => session.ready && session.connected);
  }

  /**
   * Sends an event to every live session of the app that covers the guild and asked for the intent
   * (0 = always sent). Disconnected sessions keep it for their RESUME. `data` may depend on the
   * session (its intents). Returns how many sessions took it.
   */
  dispatch(
    appId: string,
    event: string,
    data: unknown | ((session: GatewaySession) => unknown),
    scope: { guildId: string | null; intent: number },
  ): number {
    let delivered = 0;
    for (const session of this.sessionsOf(appId)) {
      if (!session.ready || !session.coversGuild(scope.guildId)) continue;
      if (scope.intent !== 0 && (session.intents & scope.intent) === 0) continue;
      session.dispatch(event, typeof data === 'function' ? data(session) : data);
      delivered += 1;
    }
    return delivered;
  }

  /**
   * Sends an event to exactly one live session covering the guild (a connected one if any, else the
   * one disconnected last, which its process is about to resume and which replays it): what Discord
   * does with INTERACTION_CREATE when several sessions hold the same shard. A session whose process
   * was killed is never resumed, so an older disconnected one is not chosen over it.
   * Returns whether a session took it.
   */
  dispatchToOne(appId: string, event: string, data: unknown, guildId: string | null): boolean {
    const candidates = this.sessionsOf(appId).filter((session) => session.ready && session.coversGuild(guildId));
    const session =
      candidates.find((candidate) => candidate.connected) ??
      candidates.reduce<GatewaySession | undefined>(
        (newest, candidate) => (!newest || candidate.changedAt > newest.changedAt ? candidate : newest),
        undefined,
      );
    session?.dispatch(event, data);
    return session !== undefined;
  }

  /** Shard ids `0..count-1` of `count` that have a ready, connected session. */
  readyShards(appId: string, count: number): number[] {
    const ready = new Set<number>();
    for (const session of this.sessionsOf(appId)) {
      if (session.ready && session.connected && session.shard[1] === count) ready.add(session.shard[0]);
    }
    return [...ready].sort((a, b) => a - b);
  }

  /** Closes the app's open sockets with `code`; the sessions stay resumable. */
  drop(appId: string, code: number): number {
    let dropped = 0;
    for (const session of this.sessionsOf(appId)) {
      if (session.connected) {
        session.socket?.close(code, 'Dropped by the emulator');
        dropped += 1;
      }
    }
    return dropped;
  }

  /** Cuts every open socket without a close frame, as a network outage would. */
  terminateAll(): void {
    for (const client of this.#wss.clients) client.terminate();
  }

  async close(): Promise<void> {
    this.terminateAll();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }

  #accept(socket: WebSocket, query: URLSearchParams): void {
    if (query.get('v') !== '10') {
      this.options.report({ kind: 'gateway', detail: `gateway connection with v=${query.get('v')} (expected 10)` });
      socket.close(Close.InvalidApiVersion, 'Invalid API version');
      return;
    }
    if ((query.get('encoding') ?? 'json') !== 'json') {
      this.options.report({
        kind: 'gateway',
        detail: `gateway encoding ${query.get('encoding')} is not served (json only)`,
      });
      socket.close(Close.DecodeError, 'Only JSON encoding is served');
      return;
    }
    const connection: Connection = { socket, session: null };
    socket.on('message', (raw) => this.#onMessage(connection, raw));
    socket.on('close', (code) => this.#onClose(connection, code));
    socket.on('error', () => socket.terminate());
    this.#send(socket, {
      op: Op.Hello,
      d: { heartbeat_interval: this.options.heartbeatIntervalMs, _trace: ['["discord-emulator"]'] },
    });
  }

  #onClose(connection: Connection, code: number): void {
    const session = connection.session;
    if (!session || session.socket !== connection.socket) return;
    session.socket = null;
    if (SESSION_ENDING_CLOSES.has(code)) {
      session.ended = true;
      this.#sessions.delete(session.id);
    }
    this.emit('disconnected', session, code);
  }

  #onMessage(connection: Connection, raw: RawData): void {
    let payload: { op?: unknown; d?: unknown };
    try {
      payload = JSON.parse(raw.toString());
    } catch {
      this.#closeWith(connection.socket, Close.DecodeError, 'Decode error', 'a gateway frame was not valid JSON');
      return;
    }
    const data = (typeof payload.d === 'object' && payload.d !== null ? payload.d : {}) as Json;
    switch (payload.op) {
      case Op.Heartbeat:
        this.#send(connection.socket, { op: Op.HeartbeatAck });
        return;
      case Op.Identify:
        this.#identify(connection, data);
        return;
      case Op.Resume:
        this.#resume(connection, data);
        return;
      case Op.PresenceUpdate:
      case Op.VoiceStateUpdate:
      case Op.RequestSoundboardSounds:
        if (!connection.session)
          this.#closeWith(
            connection.socket,
            Close.NotAuthenticated,
            'Not authenticated',
            `op ${payload.op} before IDENTIFY`,
          );
        return;
      case Op.RequestGuildMembers:
        if (!connection.session)
          this.#closeWith(connection.socket, Close.NotAuthenticated, 'Not authenticated', 'op 8 before IDENTIFY');
        else this.#requestMembers(connection.session, data);
        return;
      default:
        this.#closeWith(
          connection.socket,
          Close.UnknownOpcode,
          'Unknown opcode',
          `unknown gateway opcode ${String(payload.op)}`,
        );
    }
  }

  #identify(connection: Connection, data: Json): void {
    const { socket } = connection;
    if (connection.session) {
      this.#closeWith(
        socket,
        Close.AlreadyAuthenticated,
        'Already authenticated',
        'IDENTIFY sent twice on one connection',
      );
      return;
    }
    const app = this.world.applicationByToken(stripBotPrefix(data.token));
    if (!app) {
      socket.close(Close.AuthenticationFailed, 'Authentication failed.');
      return;
    }
    const intents = data.intents;
    if (typeof intents !== 'number' || !Number.isInteger(intents) || intents < 0) {
      this.#closeWith(socket, Close.InvalidIntents, 'Invalid intent(s).', `IDENTIFY with intents ${String(intents)}`);
      return;
    }
    if ((intents & PRIVILEGED_INTENTS & ~app.privilegedIntents) !== 0) {
      this.#closeWith(
        socket,
        Close.DisallowedIntents,
        'Disallowed intent(s).',
        `IDENTIFY asked for privileged intents ${intents & PRIVILEGED_INTENTS} not enabled for the app`,
      );
      return;
    }
    const shard = readShard(data.shard);
    if (!shard) {
      this.#closeWith(
        socket,
        Close.InvalidShard,
        'Invalid shard.',
        `IDENTIFY with shard ${JSON.stringify(data.shard)}`,
      );
      return;
    }
    const bot = this.world.requireUser(app.botUserId);
    const guilds = this.world.guildsOfBot(bot.id).filter((guild) => coversGuild(shard, guild.id));
    if (guilds.length > MAX_GUILDS_PER_SHARD) {
      this.#closeWith(
        socket,
        Close.ShardingRequired,
        'Sharding required.',
        `shard [${shard.join(', ')}] would hold ${guilds.length} guilds (at most ${MAX_GUILDS_PER_SHARD})`,
      );
      return;
    }
    // docs/events/gateway.mdx, "Identifying": past max_concurrency Discord answers Invalid Session.
    const bucket = `${app.id}:${shard[0] % this.options.maxConcurrency}`;
    const now = Date.now();
    const last = this.#lastIdentify.get(bucket);
    if (this.options.enforceIdentifyConcurrency && last !== undefined && now - last < IDENTIFY_INTERVAL_MS) {
      this.options.report({
        kind: 'gateway',
        detail: `IDENTIFY of shard ${shard[0]} ${now - last} ms after another in bucket ${shard[0] % this.options.maxConcurrency} (5 s apart needed): op 9`,
      });
      this.#send(socket, { op: Op.InvalidSession, d: false });
      return;
    }
    this.#lastIdentify.set(bucket, now);
    const session = new GatewaySession(randomBytes(16).toString('hex'), app, intents, shard);
    session.socket = socket;
    connection.session = session;
    this.#sessions.set(session.id, session);
    session.dispatch('READY', {
      v: 10,
      user: currentUserJson(bot),
      guilds: guilds.map((guild) => ({ id: guild.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: this.options.url(),
      session_type: 'normal',
      shard: [...shard],
      application: { id: app.id, flags: app.flags },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      user_settings: {},
      auth: {},
      _trace: ['["discord-emulator"]'],
    });
    const allMembers = (intents & (Intent.GuildMembers | Intent.GuildPresences)) !== 0;
    const largeThreshold = largeThresholdOf(data.large_threshold);
    for (const guild of guilds)
      session.dispatch('GUILD_CREATE', guildCreateJson(this.world, guild, bot.id, allMembers, largeThreshold));
    session.ready = true;
    this.emit('ready', session);
  }

  #resume(connection: Connection, data: Json): void {
    const { socket } = connection;
    if (connection.session) {
      this.#closeWith(
        socket,
        Close.AlreadyAuthenticated,
        'Already authenticated',
        'RESUME on an identified connection',
      );
      return;
    }
    const session = this.#sessions.get(String(data.session_id));
    const app = this.world.applicationByToken(stripBotPrefix(data.token));
    if (!app) {
      socket.close(Close.AuthenticationFailed, 'Authentication failed.');
      return;
    }
    const frames =
      session && !session.ended && session.app.id === app.id ? session.framesAfter(Number(data.seq ?? 0)) : null;
    if (!session || !frames) {
      this.#send(socket, { op: Op.InvalidSession, d: false });
      return;
    }
    if (session.socket && session.socket !== socket) session.socket.close(4000, 'Session resumed elsewhere');
    session.socket = socket;
    connection.session = session;
    for (const frame of frames) socket.send(frame);
    session.dispatch('RESUMED', { _trace: ['["discord-emulator"]'] });
    this.emit('resumed', session);
  }

  /** op 8: answers with one GUILD_MEMBERS_CHUNK (by user ids, or by name prefix with the GuildMembers intent). */
  #requestMembers(session: GatewaySession, data: Json): void {
    const guild = this.world.guilds.get(String(data.guild_id));
    if (!guild?.members.has(session.app.botUserId)) return;
    const userIds = Array.isArray(data.user_ids)
      ? data.user_ids.map(String)
      : typeof data.user_ids === 'string'
        ? [data.user_ids]
        : null;
    if (!userIds && (session.intents & Intent.GuildMembers) === 0) {
      this.options.report({ kind: 'gateway', detail: 'op 8 member query without the GuildMembers intent' });
      return;
    }
    const query = typeof data.query === 'string' ? data.query.toLowerCase() : '';
    const limit = typeof data.limit === 'number' && data.limit > 0 ? data.limit : Number.POSITIVE_INFINITY;
    const members = [...guild.members.values()]
      .filter((member) =>
        userIds
          ? userIds.includes(member.userId)
          : this.world.requireUser(member.userId).username.toLowerCase().startsWith(query),
      )
      .slice(0, limit);
    session.dispatch('GUILD_MEMBERS_CHUNK', {
      guild_id: guild.id,
      members: members.map((member) => memberJson(this.world, member)),
      chunk_index: 0,
      chunk_count: 1,
      not_found: userIds ? userIds.filter((id) => !guild.members.has(id)) : [],
      ...(data.nonce !== undefined ? { nonce: data.nonce } : {}),
    });
  }

  #send(socket: WebSocket, payload: unknown): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
  }

  #closeWith(socket: WebSocket, code: number, reason: string, detail: string): void {
    this.options.report({ kind: 'gateway', detail: `${detail} (closed ${code})` });
    socket.close(code, reason);
  }
}
