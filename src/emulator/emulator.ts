import { EventEmitter } from 'node:events';
import { type ActivityInstance, ActivityInstances } from './activity-instances.js';
import { CdnStore } from './cdn.js';
import { type Clock, EmulatorClock } from './clock.js';
import { type CommandPermission, CommandPermissionStore, type GuildCommandPermissions } from './command-permissions.js';
import { CommandStore, EntryPointHandler, PRIMARY_ENTRY_POINT, type RegisteredCommand } from './commands.js';
import { EmojiStore } from './emojis.js';
import { ImpossibleActionError } from './errors.js';
import { FaultInjector, type InjectedFault, type RestFault } from './faults.js';
import { wireGatewayFanout } from './gateway/fanout.js';
import { GatewayServer } from './gateway/server.js';
import { type HeldRequest, RequestHolds, type RestHoldMatch } from './holds.js';
import { Router } from './http/router.js';
import { CDN_PATH, GATEWAY_PATH, HttpFrontend, type ServedRequest } from './http/server.js';
import { type InteractionOutcome, type InteractionRecord, InteractionRegistry } from './interactions/registry.js';
import { InteractionResponder } from './interactions/responses.js';
import {
  type ChooseOptionOptions,
  type ClickButtonOptions,
  type RawInteractionOptions,
  type RunCommandOptions,
  VirtualUsers,
} from './interactions/virtual-users.js';
import { INVALID_REQUEST_BAN_MS, INVALID_REQUEST_BAN_THRESHOLD, InvalidRequestLog } from './invalid-requests.js';
import { type EmulatedMessage, MessageStore, type StoredMessage } from './messages.js';
import { addOAuth2Routes, OAuth2Grants } from './oauth2.js';
import type { Json } from './payloads.js';
import { hasAll, Permission } from './permissions.js';
import type { Problem } from './problems.js';
import { RateLimiter, type RateLimitOptions } from './rate-limits/limiter.js';
import { addActivityInstanceRoutes } from './rest/activity-routes.js';
import { addChannelRoutes } from './rest/channel-routes.js';
import { addCommandRoutes } from './rest/command-routes.js';
import type { RestContext } from './rest/context.js';
import { addEmojiRoutes } from './rest/emoji-routes.js';
import { addInteractionRoutes } from './rest/interaction-routes.js';
import { addSessionRoutes } from './rest/session-routes.js';
import { addThreadRoutes } from './rest/thread-routes.js';
import { SnowflakeGenerator } from './snowflake.js';
import { prepareNewMessage, sendPermission, wireThreadActivity } from './threads.js';
import { CONTENT_LIMIT, MessageFlag } from './validation/message-body.js';
import { Waiters, type WaitOptions } from './wait.js';
import {
  type AutoArchiveMinutes,
  ChannelType,
  type CreateApplicationOptions,
  type CreateChannelOptions,
  type CreateGuildOptions,
  type CreateUserOptions,
  type ThreadState,
  type ThreadType,
  World,
} from './world.js';

export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Where time comes from (default: the system clock); `advanceClock` moves it forward. */
  clock?: Clock;
  /** Sent in HELLO; Discord uses 41250. */
  heartbeatIntervalMs?: number;
  /** `session_start_limit.max_concurrency` in GET /gateway/bot (default 16). */
  maxConcurrency?: number;
  /**
   * Enforce the identify rate limit: an IDENTIFY less than 5 s (real clock) after another in its
   * `shard_id % max_concurrency` bucket gets op 9 and a `gateway` problem. Off by default: test
   * suites restart bot processes within 5 s, which Discord would slow down the same way.
   */
  enforceIdentifyConcurrency?: boolean;
  /**
   * The most messages a channel keeps (default: all, as Discord does); older ones are forgotten.
   * The playground sets it so that a flood of posts cannot grow its memory without bound.
   */
  historyLimit?: number;
  /**
   * Discord's REST limits (see src/emulator/README.md, "Rate limits"): the global 50 requests a second per bot
   * token, the route buckets with their `X-RateLimit-*` headers, and the ban of an address after
   * 10,000 invalid requests in 10 minutes. `true` for Discord's figures, or figures of a test's own.
   * Off by default: the older suites drive games faster than people play.
   */
  rateLimits?: boolean | RateLimitOptions;
  /**
   * The address the HTTP server binds (default `127.0.0.1`) and the host its URLs name (API,
   * gateway, CDN; default `127.0.0.1`). A bot in a container on a bridge network reaches the host
   * as `host.containers.internal`, so the compose test binds `0.0.0.0` and names that host.
   */
  bindHost?: string;
  publicHost?: string;
}

export interface ApplicationHandle {
  id: string;
  name: string;
  /** The bot token: `DISCORD_TOKEN` for the bot. */
  token: string;
  botUser: { id: string; username: string };
}

export interface UserHandle {
  id: string;
  username: string;
}

export interface GuildHandle {
  id: string;
  name: string;
  /** The @everyone role, whose id is the guild's. */
  everyoneRoleId: string;
}

export interface ChannelHandle {
  id: string;
  name: string;
  guildId: string;
}

/** Where a message lives and who sees it, alongside its JSON in message events. */
export interface MessageInfo {
  channelId: string;
  guildId: string | null;
  /** Ephemeral messages: the only user who sees it. */
  visibleTo: string | null;
  /** The interaction that produced it (response or follow-up). */
  interactionId: string | null;
  /** Users the message notified when it appeared (content and Text Display mentions, per allowed_mentions). */
  mentionsDelivered: readonly string[];
}

/** One notification a user got from a message mentioning them. */
export interface Ping {
  messageId: string;
  channelId: string;
  /** Emulator clock, ms. */
  at: number;
}

export interface ThreadView {
  id: string;
  /** 10 announcement, 11 public, 12 private thread. */
  type: number;
  parentId: string;
  ownerId: string;
  name: string;
  archived: boolean;
  locked: boolean;
  autoArchiveMinutes: number;
  memberIds: string[];
  messageCount: number;
}

export interface InteractionView {
  id: string;
  status: 'pending' | 'acknowledged' | 'failed';
  ack: InteractionRecord['ack'];
  ephemeral: boolean;
  /** What `@original` designates now. */
  originalMessageId: string | null;
  followUpIds: readonly string[];
  modal: unknown;
}

export interface EmulatorEvents {
  messageCreate: [message: EmulatedMessage, info: MessageInfo];
  messageUpdate: [message: EmulatedMessage, info: MessageInfo];
  messageDelete: [message: EmulatedMessage, info: MessageInfo];
  interactionSettled: [outcome: InteractionOutcome];
  problem: [problem: Problem];
  botReady: [appId: string];
  botResumed: [appId: string];
  botDisconnected: [appId: string, closeCode: number];
  /** Every answered request to a known route, with the guild it concerns when its path names one. */
  restRequest: [request: RestRequestView];
}

export interface RestRequestView extends ServedRequest {
  /** The guild of the route's guild, channel or interaction (its id or its webhook token); null if none. */
  guildId: string | null;
}

const FATAL_CLOSE_CODES = new Set([4004, 4010, 4011, 4012, 4013, 4014]);

/** Starts an emulator listening on 127.0.0.1 (or `options.bindHost`). */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = new Emulator(options);
  await emulator.listen(options.port ?? 0);
  return emulator;
}

/**
 * A local Discord: REST under `/api/v10` and the gateway on one port, a world of users, guilds and
 * channels, and virtual users who run commands and click components. See README.md.
 */
export class Emulator extends EventEmitter<EmulatorEvents> {
  readonly #clock: EmulatorClock;
  readonly #world: World;
  readonly #messages: MessageStore;
  readonly #commands: CommandStore;
  readonly #commandPermissions = new CommandPermissionStore();
  readonly #interactions: InteractionRegistry;
  readonly #gateway: GatewayServer;
  readonly #http: HttpFrontend;
  readonly #faults = new FaultInjector();
  readonly #holds = new RequestHolds();
  readonly #users: VirtualUsers;
  readonly #waiters = new Waiters();
  readonly #problems: Problem[] = [];
  readonly #restCounts = new Map<string, number>();
  readonly #invalidRequests: InvalidRequestLog;
  readonly #limiter: RateLimiter | null;
  readonly #cdn: CdnStore;
  readonly #emojis: EmojiStore;
  readonly #pings = new Map<string, Ping[]>();
  readonly #oauth2: OAuth2Grants;
  readonly #activities: ActivityInstances;
  #port = 0;
  readonly #bindHost: string;
  readonly #publicHost: string;
  #stopped = false;

  constructor(options: EmulatorOptions = {}) {
    super();
    this.#clock = new EmulatorClock(options.clock);
    const maxConcurrency = options.maxConcurrency ?? 16;
    if (!Number.isInteger(maxConcurrency) || maxConcurrency < 1) throw new RangeError('maxConcurrency must be >= 1');
    const limits = options.rateLimits === true ? {} : options.rateLimits || null;
    this.#limiter = limits ? new RateLimiter(limits) : null;
    this.#invalidRequests = new InvalidRequestLog(
      this.#clock,
      limits
        ? {
            threshold: limits.invalidRequestLimit ?? INVALID_REQUEST_BAN_THRESHOLD,
            durationMs: limits.banMs ?? INVALID_REQUEST_BAN_MS,
          }
        : null,
    );
    const snowflakes = new SnowflakeGenerator(this.#clock);
    this.#world = new World(snowflakes, this.#clock);
    this.#bindHost = options.bindHost ?? '127.0.0.1';
    this.#publicHost = options.publicHost ?? '127.0.0.1';
    this.#cdn = new CdnStore(() => `http://${this.#publicHost}:${this.#port}${CDN_PATH}`);
    this.#messages = new MessageStore(this.#world, this.#cdn, options.historyLimit);
    this.#emojis = new EmojiStore(this.#world, this.#cdn);
    this.#commands = new CommandStore(snowflakes);
    this.#oauth2 = new OAuth2Grants(this.#world, this.#clock);
    this.#activities = new ActivityInstances(this.#world, snowflakes);
    this.#interactions = new InteractionRegistry(
      this.#clock,
      () => snowflakes.next(),
      (id) => (id ? (this.#messages.get(id)?.json ?? null) : null),
    );
    const report = (problem: Omit<Problem, 'at'>) => this.#report(problem);
    this.#gateway = new GatewayServer(this.#world, {
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
      maxConcurrency,
      enforceIdentifyConcurrency: options.enforceIdentifyConcurrency ?? false,
      url: () => this.gatewayUrl,
      report,
    });
    const context: RestContext = {
      world: this.#world,
      messages: this.#messages,
      commands: this.#commands,
      commandPermissions: this.#commandPermissions,
      emojis: this.#emojis,
      interactions: this.#interactions,
      activities: this.#activities,
      gateway: this.#gateway,
      report,
      gatewayUrl: () => this.gatewayUrl,
      maxConcurrency,
    };
    const router = new Router();
    addSessionRoutes(router, context);
    addCommandRoutes(router, context);
    addChannelRoutes(router, context);
    addEmojiRoutes(router, this.#emojis);
    addThreadRoutes(router, context);
    addInteractionRoutes(router, new InteractionResponder(context));
    addOAuth2Routes(router, this.#oauth2);
    addActivityInstanceRoutes(router, this.#activities);
    this.#http = new HttpFrontend({
      world: this.#world,
      router,
      gateway: this.#gateway,
      faults: this.#faults,
      holds: this.#holds,
      cdn: this.#cdn,
      count: (key) => this.#restCounts.set(key, (this.#restCounts.get(key) ?? 0) + 1),
      report,
      afterRequest: () => this.#waiters.notify(),
      answered: (status, appId, ip) => this.#invalidRequests.record(status, appId, ip),
      limiter: this.#limiter,
      bannedFor: (ip) => (this.#limiter ? this.#invalidRequests.bannedFor(ip) : 0),
      appOfRoute: (params) =>
        params.appId ?? (params.interactionId ? (this.#interactions.get(params.interactionId)?.appId ?? null) : null),
      served: (request) => this.emit('restRequest', { ...request, guildId: this.#guildOfRoute(request.params) }),
      bearer: (token) => this.#oauth2.bearer(token),
    });
    this.#users = new VirtualUsers({
      world: this.#world,
      commands: this.#commands,
      commandPermissions: this.#commandPermissions,
      messages: this.#messages,
      interactions: this.#interactions,
      activities: this.#activities,
      deliver: (appId, payload, guildId) => this.#gateway.dispatchToOne(appId, 'INTERACTION_CREATE', payload, guildId),
    });
    wireGatewayFanout(this.#world, this.#messages, this.#gateway);
    wireThreadActivity(this.#world, this.#messages);
    this.#wireEvents();
  }

  /** Binds the HTTP server; `startEmulator` calls it. */
  async listen(port = 0): Promise<void> {
    this.#port = await this.#http.listen(port, this.#bindHost);
  }

  get port(): number {
    return this.#port;
  }

  /** `DISCORD_API_URL` for the bot: no version, no trailing slash. */
  get apiUrl(): string {
    return `http://${this.#publicHost}:${this.#port}/api`;
  }

  get gatewayUrl(): string {
    return `ws://${this.#publicHost}:${this.#port}${GATEWAY_PATH}`;
  }

  // ── The world ────────────────────────────────────────────────────────────

  /** `id` and `token` may be given, so a saved world is rebuilt with the same ids and token. */
  createApplication(options: CreateApplicationOptions): ApplicationHandle {
    const app = this.#world.createApplication(options);
    // Enabling Activities makes a default Entry Point command, "launch", that Discord handles itself.
    if (options.activities) {
      this.#commands.upsert(app.id, null, {
        type: PRIMARY_ENTRY_POINT,
        name: 'launch',
        description: `Launch ${options.name}`,
        handler: EntryPointHandler.DiscordLaunchActivity,
      });
    }
    return { id: app.id, name: app.name, token: app.token, botUser: { id: app.botUserId, username: app.name } };
  }

  // ── Activities and OAuth2 (activity-instances.ts, oauth2.ts) ─────────────

  /** The client secret the Developer Portal shows: `DISCORD_CLIENT_SECRET` for the bot. */
  clientSecret(appId: string): string {
    return this.#oauth2.clientSecret(appId);
  }

  /** A person approves the Activity's `authorize` (what the Discord client does): the code it returns. */
  authorizeActivity(appId: string, userId: string, scopes: readonly string[] = ['identify']): string {
    return this.#oauth2.issueCode(appId, userId, scopes);
  }

  /** An access token as a code exchange gives it, for tests that skip the exchange. */
  accessToken(appId: string, userId: string): string {
    return this.#oauth2.issueToken(appId, userId);
  }

  /** A person opens the app's Activity in a channel (the app launcher): joins the instance there. */
  launchActivity(appId: string, channelId: string, userId: string): ActivityInstance {
    return this.#activities.launch(appId, channelId, userId);
  }

  /**
   * A person picks the app in the App Launcher of a channel: Discord opens the Activity itself
   * (Entry Point handler 2, null) or sends the bot the Entry Point command to answer (handler 1).
   */
  openFromLauncher(options: { user: string; channel: string; app: string }): Promise<InteractionOutcome | null> {
    return this.#users.openFromLauncher(options);
  }

  /** A person closes the Activity. */
  leaveActivity(instanceId: string, userId: string): void {
    this.#activities.leave(instanceId, userId);
  }

  /** The instance running in a channel, if any. */
  activityIn(appId: string, channelId: string): ActivityInstance | undefined {
    return this.#activities.inChannel(appId, channelId);
  }

  createUser(options: CreateUserOptions): UserHandle {
    const user = this.#world.createUser(options);
    return { id: user.id, username: user.username };
  }

  createGuild(options: CreateGuildOptions): GuildHandle {
    const guild = this.#world.createGuild(options);
    return { id: guild.id, name: guild.name, everyoneRoleId: guild.id };
  }

  createChannel(guildId: string, options: CreateChannelOptions): ChannelHandle {
    const channel = this.#world.createChannel(guildId, options);
    return { id: channel.id, name: options.name, guildId };
  }

  createRole(
    guildId: string,
    options: { name: string; permissions: bigint; id?: string },
  ): { id: string; name: string } {
    const role = this.#world.createRole(guildId, options);
    return { id: role.id, name: role.name };
  }

  addMember(guildId: string, userId: string, roleIds: string[] = []): void {
    this.#world.addMember(guildId, userId, roleIds);
  }

  /** Adds an application's bot to a guild (with a managed role holding `permissions`). */
  addBot(guildId: string, appId: string, permissions = 0n): void {
    this.#world.addBot(guildId, appId, permissions);
  }

  assignRole(guildId: string, userId: string, roleId: string): void {
    this.#world.assignRole(guildId, userId, roleId);
  }

  setRolePermissions(guildId: string, roleId: string, permissions: bigint): void {
    this.#world.setRolePermissions(guildId, roleId, permissions);
  }

  /** The member gets `bits` on top of @everyone, through a personal role. */
  setMemberPermissions(guildId: string, userId: string, bits: bigint): void {
    this.#world.setMemberPermissions(guildId, userId, bits);
  }

  /** Sets a channel overwrite for a role or member; both 0 removes it. */
  setChannelPermissions(channelId: string, targetId: string, bits: { allow?: bigint; deny?: bigint }): void {
    this.#world.setChannelOverwrite(channelId, targetId, bits.allow ?? 0n, bits.deny ?? 0n);
  }

  /**
   * Deletes a guild channel (or thread): bots that saw it get CHANNEL_DELETE; its messages are gone
   * (10008) and the channel answers Unknown Channel (10003).
   */
  deleteChannel(channelId: string): void {
    for (const channel of this.#world.deleteChannel(channelId)) this.#messages.purgeChannel(channel);
  }

  /**
   * Kicks an application's bot from a guild: GUILD_DELETE without `unavailable`, its managed role
   * deleted; from then on the guild's routes answer the bot 403 / 50001 Missing Access.
   */
  removeBot(guildId: string, appId: string): void {
    this.#world.removeBot(guildId, appId);
  }

  /** The language a person uses Discord in: the `locale` of their next interactions. */
  setUserLocale(userId: string, locale: string): void {
    this.#world.setUserLocale(userId, locale);
  }

  /** The guild's `preferred_locale` (interactions' `guild_locale`); bots in it get GUILD_UPDATE. */
  setGuildLocale(guildId: string, locale: string): void {
    this.#world.setGuildLocale(guildId, locale);
  }

  /** The DM channel between a user and an application's bot (created on first use). */
  dmChannel(userId: string, appId: string): string {
    return this.#world.dmChannel(userId, this.#world.requireApplication(appId).botUserId).id;
  }

  /**
   * Someone starts a thread in a text, announcement or forum channel (type 11 public by default, 12
   * private, 10 in announcement channels); bots that can see it get THREAD_CREATE. The owner must be
   * allowed to create it (Create Public / Private Threads; in a forum, Send Messages).
   */
  createThread(
    parentId: string,
    options: {
      name: string;
      ownerId: string;
      type?: ThreadType;
      invitable?: boolean;
      autoArchiveMinutes?: AutoArchiveMinutes;
      id?: string;
    },
  ): ChannelHandle {
    const parent = this.#world.requireChannel(parentId);
    const type = options.type ?? (parent.type === ChannelType.GuildAnnouncement ? 10 : 11);
    const needed =
      parent.type === ChannelType.GuildForum
        ? Permission.SendMessages
        : type === ChannelType.PrivateThread
          ? Permission.CreatePrivateThreads
          : Permission.CreatePublicThreads;
    if (!hasAll(this.#world.permissionsIn(parent, options.ownerId), Permission.ViewChannel | needed)) {
      throw new ImpossibleActionError(`user ${options.ownerId} may not start that thread in channel ${parentId}`);
    }
    const thread = this.#world.createThread(parentId, { ...options, type });
    return { id: thread.id, name: options.name, guildId: thread.guildId ?? '' };
  }

  /** A forum channel (type 15): only threads (posts) live in it. */
  createForum(guildId: string, options: Omit<CreateChannelOptions, 'type'>): ChannelHandle {
    return this.createChannel(guildId, { ...options, type: ChannelType.GuildForum });
  }

  /** Someone opens a forum post: a public thread whose first message shares its id. */
  createForumPost(
    forumId: string,
    options: { name: string; ownerId: string; content: string },
  ): { thread: ChannelHandle; message: EmulatedMessage } {
    const forum = this.#world.requireChannel(forumId);
    if (forum.type !== ChannelType.GuildForum) throw new ImpossibleActionError(`channel ${forumId} is not a forum`);
    const thread = this.createThread(forumId, { name: options.name, ownerId: options.ownerId });
    const message = this.#messages.create({
      id: thread.id,
      channel: this.#world.requireThread(thread.id),
      author: this.#world.requireUser(options.ownerId),
      fields: { content: options.content },
      type: 0,
    });
    return { thread, message: message.json };
  }

  /** A moderator archives a thread (and may lock it: then only Manage Threads unarchives it). */
  archiveThread(threadId: string, options: { locked?: boolean } = {}): void {
    this.#world.updateThread(threadId, {
      archived: true,
      ...(options.locked !== undefined ? { locked: options.locked } : {}),
    });
  }

  /** Someone unarchives a thread (a moderator, if it is locked): THREAD_UPDATE. */
  unarchiveThread(threadId: string, options: { unlock?: boolean } = {}): void {
    this.#world.updateThread(threadId, { archived: false, ...(options.unlock ? { locked: false } : {}) });
  }

  /** Adds a user (or a bot's user) to a thread: THREAD_MEMBERS_UPDATE (and THREAD_CREATE for a bot added). */
  addThreadMember(threadId: string, userId: string): void {
    this.#world.addThreadMember(threadId, userId);
  }

  removeThreadMember(threadId: string, userId: string): void {
    this.#world.removeThreadMember(threadId, userId);
  }

  /** A thread's state: archived, locked, owner, members, counts. */
  thread(threadId: string): ThreadView {
    const channel = this.#world.requireThread(threadId);
    const thread = channel.thread as ThreadState;
    return {
      id: channel.id,
      type: channel.type,
      parentId: thread.parentId,
      ownerId: thread.ownerId,
      name: channel.name ?? '',
      archived: thread.archived,
      locked: thread.locked,
      autoArchiveMinutes: thread.autoArchiveMinutes,
      memberIds: [...thread.members.keys()],
      messageCount: thread.messageCount,
    };
  }

  /** A user's permission bits in a channel, as Discord computes them. */
  permissionsOf(userId: string, channelId: string): bigint {
    return this.#world.permissionsIn(this.#world.requireChannel(channelId), userId);
  }

  // ── The bot ──────────────────────────────────────────────────────────────

  /**
   * Resolves once the app's bot has a connected session that got READY and every GUILD_CREATE; with
   * `shardCount`, once every shard `0..shardCount-1` of that count has one (across processes).
   */
  waitForBotReady(appId: string, options: WaitOptions & { shardCount?: number } = {}): Promise<true> {
    const { shardCount } = options;
    const ready = () =>
      shardCount === undefined
        ? this.#gateway.isReady(appId)
        : this.#gateway.readyShards(appId, shardCount).length === shardCount;
    return this.waitFor(ready, { description: `bot ${appId} ready`, ...options });
  }

  /** Which shards (of `shardCount`) the app has ready and connected now. */
  readyShards(appId: string, shardCount: number): number[] {
    return this.#gateway.readyShards(appId, shardCount);
  }

  isBotConnected(appId: string): boolean {
    return this.#gateway.isReady(appId);
  }

  /** The app's emojis as `GET /applications/:id/emojis` lists them. */
  applicationEmojis(appId: string): Json[] {
    return this.#emojis.list(appId).map((emoji) => this.#emojis.json(emoji));
  }

  /** Where the emulator's CDN serves an emoji's image (Discord: `cdn.discordapp.com/emojis/:id.png`). */
  emojiUrl(emojiId: string): string {
    return this.#emojis.url(emojiId);
  }

  /** Commands the app registered: global, or for one guild. */
  commands(appId: string, guildId?: string): readonly RegisteredCommand[] {
    return this.#commands.list(appId, guildId ?? null);
  }

  /** The app's commands Discord's client offers `userId` in `channelId`: those they may use there. */
  offeredCommands(appId: string, userId: string, channelId: string): readonly RegisteredCommand[] {
    return this.#users.offeredCommands(appId, userId, channelId);
  }

  /**
   * What an admin does in Server Settings > Integrations (the model of
   * `PUT /applications/:app/guilds/:guild/commands/:command/permissions`, which needs a Bearer token
   * the bot never has): replaces the overrides of one command (`command`: its name) or, without it,
   * the app-level ones that apply to all its commands. An empty list removes them. The app's sessions
   * get APPLICATION_COMMAND_PERMISSIONS_UPDATE.
   */
  setCommandPermissions(options: {
    app: string;
    guild: string;
    command?: string;
    permissions: CommandPermission[];
  }): GuildCommandPermissions {
    const app = this.#world.requireApplication(options.app);
    const guild = this.#world.requireGuild(options.guild);
    let targetId = app.id;
    if (options.command !== undefined) {
      const command = this.#commands.find(app.id, guild.id, options.command);
      if (!command)
        throw new ImpossibleActionError(`no command /${options.command} is registered in guild ${guild.id}`);
      targetId = command.id;
    }
    const record = this.#commandPermissions.set(app.id, guild.id, targetId, options.permissions);
    if (guild.members.has(app.botUserId)) {
      this.#gateway.dispatch(app.id, 'APPLICATION_COMMAND_PERMISSIONS_UPDATE', record, {
        guildId: guild.id,
        intent: 0,
      });
    }
    this.#waiters.notify();
    return record;
  }

  // ── Virtual users ────────────────────────────────────────────────────────

  /** A user runs a slash command; resolves once the bot acknowledged it or the 3 s passed. */
  runCommand(options: RunCommandOptions): Promise<InteractionOutcome> {
    return this.#users.runCommand(options);
  }

  /** A user clicks a button that is on the message now and enabled. */
  clickButton(options: ClickButtonOptions): Promise<InteractionOutcome> {
    return this.#users.clickButton(options);
  }

  /** A user picks values offered by a select menu on the message now. */
  chooseOption(options: ChooseOptionOptions): Promise<InteractionOutcome> {
    return this.#users.chooseOption(options);
  }

  /** Sends an interaction with arbitrary data (forged custom_ids…): for fuzzing, no checks. */
  sendRawInteraction(options: RawInteractionOptions): Promise<InteractionOutcome> {
    return this.#users.sendRaw(options);
  }

  /**
   * A user posts a plain message (bots see it only with the GuildMessages intent). In a thread it
   * takes Send Messages in Threads, unarchives an archived thread and makes the user a member; a
   * locked thread takes messages from Manage Threads only.
   */
  postMessage(options: { user: string; channel: string; content: string }): EmulatedMessage {
    const channel = this.#world.requireChannel(options.channel);
    const permissions = this.#world.permissionsIn(channel, options.user);
    if (!hasAll(permissions, Permission.ViewChannel | sendPermission(channel))) {
      throw new ImpossibleActionError(`user ${options.user} cannot send messages in channel ${channel.id}`);
    }
    try {
      prepareNewMessage(this.#world, channel, options.user);
    } catch (error) {
      throw new ImpossibleActionError(`user ${options.user} cannot post in channel ${channel.id}: ${String(error)}`);
    }
    // Discord's client refuses to send more ("Your message is too long"); the API would answer 50035.
    if (options.content.length > CONTENT_LIMIT) {
      throw new ImpossibleActionError(`a message holds at most ${CONTENT_LIMIT} characters`);
    }
    const stored = this.#messages.create({
      channel,
      author: this.#world.requireUser(options.user),
      fields: { content: options.content },
      type: 0,
    });
    return stored.json;
  }

  /** A user deletes a message: their own, or any with Manage Messages. */
  deleteMessage(options: { user: string; message: string }): void {
    const stored = this.#messages.get(options.message);
    if (!stored || (stored.visibleTo !== null && stored.visibleTo !== options.user)) {
      throw new ImpossibleActionError(`user ${options.user} sees no message ${options.message}`);
    }
    const permissions = this.#world.permissionsIn(this.#world.requireChannel(stored.channelId), options.user);
    if (
      stored.authorId !== options.user &&
      stored.visibleTo === null &&
      !hasAll(permissions, Permission.ManageMessages)
    ) {
      throw new ImpossibleActionError(`user ${options.user} may not delete message ${options.message}`);
    }
    this.#messages.delete(stored.json.id);
  }

  interaction(id: string): InteractionView | undefined {
    const record = this.#interactions.get(id);
    if (!record) return undefined;
    return {
      id: record.id,
      status: record.status,
      ack: record.ack,
      ephemeral: record.ephemeral,
      originalMessageId: record.originalMessageId,
      followUpIds: [...record.followUpIds],
      modal: record.modal,
    };
  }

  /** The interaction's `@original` once it is no longer a "thinking" placeholder. */
  waitForReply(interactionId: string, options: WaitOptions = {}): Promise<EmulatedMessage> {
    return this.waitFor(
      () => {
        const record = this.#interactions.get(interactionId);
        if (!record) throw new ImpossibleActionError(`unknown interaction ${interactionId}`);
        if (record.status === 'failed') throw new Error(`interaction ${interactionId} failed`);
        const original = record.originalMessageId ? this.#messages.get(record.originalMessageId)?.json : undefined;
        return original && (original.flags & MessageFlag.Loading) === 0 ? original : undefined;
      },
      { description: `reply to interaction ${interactionId}`, ...options },
    );
  }

  // ── Messages ─────────────────────────────────────────────────────────────

  /** A message's current state (ephemeral ones included); undefined once deleted. */
  message(id: string): EmulatedMessage | undefined {
    return this.#messages.get(id)?.json;
  }

  messageInfo(id: string): MessageInfo | undefined {
    const stored = this.#messages.get(id);
    return stored ? infoOf(stored) : undefined;
  }

  /** Every notification this user got from mentions, oldest first (edits never add any). */
  pingsOf(userId: string): readonly Ping[] {
    return [...(this.#pings.get(userId) ?? [])];
  }

  /** The channel's history as this user sees it (nothing without View Channel; ephemerals only their own); oldest first. */
  messagesSeenBy(userId: string, channelId: string): EmulatedMessage[] {
    const channel = this.#world.requireChannel(channelId);
    if (!hasAll(this.#world.permissionsIn(channel, userId), Permission.ViewChannel)) return [];
    return this.#messages.seenBy(channel, userId);
  }

  /**
   * Puts back public messages saved from an earlier run (ids, timestamps and edits unchanged), so a
   * rebuilt world keeps its history and a bot's stored message ids stay valid. Sends no events.
   */
  restoreMessages(channelId: string, messages: readonly EmulatedMessage[]): void {
    const channel = this.#world.requireChannel(channelId);
    for (const message of messages) this.#messages.restore(channel, message);
  }

  /** Resolves with the first truthy value of `condition`, re-checked on every change. */
  waitFor<T>(condition: () => T | null | undefined | false | 0 | '', options: WaitOptions = {}): Promise<T> {
    return this.#waiters.waitFor(condition, options);
  }

  // ── Faults, time, observation ────────────────────────────────────────────

  /** Protocol violations so far; tests assert it stays empty. */
  get problems(): readonly Problem[] {
    return this.#problems;
  }

  clearProblems(): void {
    this.#problems.length = 0;
  }

  /**
   * Closes the bot's gateway socket(s) with `closeCode` (default 4000, which discord.js resumes).
   * Resolves when the app resumed or re-identified, or at once with 'closed' for a fatal code.
   */
  async dropGateway(
    closeCodeOrOptions: number | { appId?: string; closeCode?: number; timeoutMs?: number } = {},
  ): Promise<'resumed' | 'identified' | 'closed'> {
    const options = typeof closeCodeOrOptions === 'number' ? { closeCode: closeCodeOrOptions } : closeCodeOrOptions;
    const appId = options.appId ?? this.#onlyAppId();
    const code = options.closeCode ?? 4000;
    let outcome: 'resumed' | 'identified' | null = null;
    const onResumed = (id: string) => {
      if (id === appId) outcome ??= 'resumed';
    };
    const onReady = (id: string) => {
      if (id === appId) outcome ??= 'identified';
    };
    this.on('botResumed', onResumed);
    this.on('botReady', onReady);
    try {
      if (this.#gateway.drop(appId, code) === 0) throw new ImpossibleActionError(`bot ${appId} is not connected`);
      if (FATAL_CLOSE_CODES.has(code)) return 'closed';
      return await this.waitFor(() => outcome, {
        timeoutMs: options.timeoutMs ?? 15_000,
        description: `bot ${appId} reconnecting`,
      });
    } finally {
      this.off('botResumed', onResumed);
      this.off('botReady', onReady);
    }
  }

  /**
   * A gateway outage: every socket is cut (no close frame) and new connections get 503 until
   * `bringGatewayUp`. REST keeps answering, as it does during Discord's gateway incidents.
   */
  takeGatewayDown(): void {
    this.#gateway.down = true;
    this.#gateway.terminateAll();
  }

  bringGatewayUp(): void {
    this.#gateway.down = false;
  }

  /** The next matching REST request(s) get this failure instead of an answer. */
  failNextRest(fault: RestFault): InjectedFault {
    return this.#faults.add(fault);
  }

  /**
   * The next matching REST request waits, unhandled, until released: it reaches Discord after
   * whatever is sent meanwhile, as a request slowed down on its way may.
   */
  holdNextRest(match: RestHoldMatch): HeldRequest {
    return this.#holds.add(match);
  }

  /**
   * Moves the emulator's clock forward (e.g. 15 minutes to expire interaction tokens); threads idle
   * for their auto-archive duration archive now.
   */
  advanceClock(ms: number): void {
    this.#clock.advance(ms);
    this.#interactions.failOverdue();
    this.#world.archiveIdleThreads();
  }

  now(): number {
    return this.#clock.now();
  }

  /** Requests served for a route, e.g. `restCount('PATCH', '/channels/:channelId/messages/:messageId')`. */
  restCount(method: string, template: string): number {
    return this.#restCounts.get(`${method.toUpperCase()} ${template}`) ?? 0;
  }

  /** Every counter, keyed `METHOD /template`. */
  restCounts(): Record<string, number> {
    return Object.fromEntries(this.#restCounts);
  }

  resetRestCounts(): void {
    this.#restCounts.clear();
  }

  /**
   * Responses of 401, 403 or 429 sent in the last `windowMs` (default and at most 10 minutes, on the
   * emulator clock), for one application (its token, or its interaction webhooks) or in all.
   * Injected faults count; 429s of a shared scope do not, as on Discord.
   */
  invalidRequests(options: { appId?: string; windowMs?: number } = {}): number {
    return this.#invalidRequests.count(options);
  }

  /** The most invalid responses any 10-minute window held so far (Discord bans the IP at 10,000). */
  maxInvalidRequestsPerWindow(): number {
    return this.#invalidRequests.peak;
  }

  /** Invalid responses sent to one address (`127.0.0.1` for a local bot) in the last 10 minutes. */
  invalidRequestsFromIp(ip: string): number {
    return this.#invalidRequests.countFromIp(ip);
  }

  /** How long (ms, emulator clock) an address stays banned for its invalid requests; 0 if it is not. */
  bannedFor(ip: string): number {
    return this.#invalidRequests.bannedFor(ip);
  }

  /** 429s the rate limits answered so far: of the global limit, and of route buckets (0 when off). */
  rateLimitRefusals(): { global: number; route: number } {
    return this.#limiter?.refusals ?? { global: 0, route: 0 };
  }

  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#interactions.close();
    this.#waiters.failAll(new Error('the emulator stopped'));
    this.#holds.releaseAll();
    await this.#gateway.close();
    await this.#http.close();
  }

  #report(problem: Omit<Problem, 'at'>): void {
    const full: Problem = { ...problem, at: this.#clock.now() };
    this.#problems.push(full);
    this.emit('problem', full);
    this.#waiters.notify();
  }

  #recordPings(stored: StoredMessage): void {
    for (const userId of stored.mentionsDelivered) {
      const list = this.#pings.get(userId) ?? [];
      list.push({ messageId: stored.json.id, channelId: stored.channelId, at: this.#clock.now() });
      this.#pings.set(userId, list);
    }
  }

  #onlyAppId(): string {
    const [only, other] = this.#world.applications.keys();
    if (!only || other) throw new ImpossibleActionError('several (or no) applications exist; pass appId');
    return only;
  }

  #guildOfRoute(params: Record<string, string>): string | null {
    if (params.guildId) return params.guildId;
    if (params.channelId) return this.#world.channels.get(params.channelId)?.guildId ?? null;
    const interaction = params.interactionId
      ? this.#interactions.get(params.interactionId)
      : params.token
        ? this.#interactions.byToken(params.token)
        : undefined;
    return interaction?.guildId ?? null;
  }

  #wireEvents(): void {
    const changed = () => this.#waiters.notify();
    this.#messages.on('create', (stored) => {
      this.#recordPings(stored);
      this.emit('messageCreate', stored.json, infoOf(stored));
      changed();
    });
    this.#messages.on('update', (stored, previous) => {
      if (stored.mentionsDelivered !== previous.mentionsDelivered) this.#recordPings(stored);
      this.emit('messageUpdate', stored.json, infoOf(stored));
      changed();
    });
    this.#messages.on('delete', (stored) => {
      this.emit('messageDelete', stored.json, infoOf(stored));
      changed();
    });
    this.#interactions.on('settled', (record, outcome) => {
      if (outcome.ack === 'failed') {
        this.#report({
          kind: 'interaction-failed',
          detail: `interaction ${record.id} (${record.commandName ? `/${record.commandName}` : `type ${record.type}`}) failed: ${outcome.error}`,
        });
      }
      this.emit('interactionSettled', outcome);
      changed();
    });
    this.#gateway.on('ready', (session) => {
      this.emit('botReady', session.app.id);
      changed();
    });
    this.#gateway.on('resumed', (session) => {
      this.emit('botResumed', session.app.id);
      changed();
    });
    this.#gateway.on('disconnected', (session, code) => {
      this.emit('botDisconnected', session.app.id, code);
      changed();
    });
  }
}

function infoOf(stored: StoredMessage): MessageInfo {
  return {
    channelId: stored.channelId,
    guildId: stored.guildId,
    visibleTo: stored.visibleTo,
    interactionId: stored.interactionId,
    mentionsDelivered: stored.mentionsDelivered,
  };
}
