import { EventEmitter } from 'node:events';
import { type Clock, EmulatorClock } from './clock.js';
import { CommandStore, type RegisteredCommand } from './commands.js';
import { ImpossibleActionError } from './errors.js';
import { FaultInjector, type InjectedFault, type RestFault } from './faults.js';
import { wireGatewayFanout } from './gateway/fanout.js';
import { GatewayServer } from './gateway/server.js';
import { Router } from './http/router.js';
import { GATEWAY_PATH, HttpFrontend } from './http/server.js';
import { type InteractionOutcome, type InteractionRecord, InteractionRegistry } from './interactions/registry.js';
import { InteractionResponder } from './interactions/responses.js';
import {
  type ChooseOptionOptions,
  type ClickButtonOptions,
  type RawInteractionOptions,
  type RunCommandOptions,
  VirtualUsers,
} from './interactions/virtual-users.js';
import { type EmulatedMessage, MessageStore, type StoredMessage } from './messages.js';
import { hasAll, Permission } from './permissions.js';
import type { Problem } from './problems.js';
import { addChannelRoutes } from './rest/channel-routes.js';
import { addCommandRoutes } from './rest/command-routes.js';
import type { RestContext } from './rest/context.js';
import { addInteractionRoutes } from './rest/interaction-routes.js';
import { addSessionRoutes } from './rest/session-routes.js';
import { SnowflakeGenerator } from './snowflake.js';
import { MessageFlag } from './validation/message-body.js';
import { Waiters, type WaitOptions } from './wait.js';
import { type CreateChannelOptions, type CreateGuildOptions, World } from './world.js';

export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Where time comes from (default: the system clock); `advanceClock` moves it forward. */
  clock?: Clock;
  /** Sent in HELLO; Discord uses 41250. */
  heartbeatIntervalMs?: number;
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
}

const FATAL_CLOSE_CODES = new Set([4004, 4010, 4011, 4012, 4013, 4014]);

/** Starts an emulator listening on 127.0.0.1. */
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
  readonly #interactions: InteractionRegistry;
  readonly #gateway: GatewayServer;
  readonly #http: HttpFrontend;
  readonly #faults = new FaultInjector();
  readonly #users: VirtualUsers;
  readonly #waiters = new Waiters();
  readonly #problems: Problem[] = [];
  readonly #restCounts = new Map<string, number>();
  #port = 0;
  #stopped = false;

  constructor(options: EmulatorOptions = {}) {
    super();
    this.#clock = new EmulatorClock(options.clock);
    const snowflakes = new SnowflakeGenerator(this.#clock);
    this.#world = new World(snowflakes, this.#clock);
    this.#messages = new MessageStore(this.#world);
    this.#commands = new CommandStore(snowflakes);
    this.#interactions = new InteractionRegistry(
      this.#clock,
      () => snowflakes.next(),
      (id) => (id ? (this.#messages.get(id)?.json ?? null) : null),
    );
    const report = (problem: Omit<Problem, 'at'>) => this.#report(problem);
    this.#gateway = new GatewayServer(this.#world, {
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
      url: () => this.gatewayUrl,
      report,
    });
    const context: RestContext = {
      world: this.#world,
      messages: this.#messages,
      commands: this.#commands,
      interactions: this.#interactions,
      gateway: this.#gateway,
      report,
      gatewayUrl: () => this.gatewayUrl,
    };
    const router = new Router();
    addSessionRoutes(router, context);
    addCommandRoutes(router, context);
    addChannelRoutes(router, context);
    addInteractionRoutes(router, new InteractionResponder(context));
    this.#http = new HttpFrontend({
      world: this.#world,
      router,
      gateway: this.#gateway,
      faults: this.#faults,
      count: (key) => this.#restCounts.set(key, (this.#restCounts.get(key) ?? 0) + 1),
      report,
      afterRequest: () => this.#waiters.notify(),
    });
    this.#users = new VirtualUsers({
      world: this.#world,
      commands: this.#commands,
      messages: this.#messages,
      interactions: this.#interactions,
      deliver: (appId, payload, guildId) =>
        this.#gateway.dispatch(appId, 'INTERACTION_CREATE', payload, { guildId, intent: 0 }) > 0,
    });
    wireGatewayFanout(this.#world, this.#messages, this.#gateway);
    this.#wireEvents();
  }

  /** Binds the HTTP server; `startEmulator` calls it. */
  async listen(port = 0): Promise<void> {
    this.#port = await this.#http.listen(port, '127.0.0.1');
  }

  get port(): number {
    return this.#port;
  }

  /** `DISCORD_API_URL` for the bot: no version, no trailing slash. */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.#port}/api`;
  }

  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.#port}${GATEWAY_PATH}`;
  }

  // ── The world ────────────────────────────────────────────────────────────

  /** `id` and `token` rebuild a saved world; by default both are new. */
  createApplication(options: {
    name: string;
    privilegedIntents?: number;
    id?: string;
    token?: string;
  }): ApplicationHandle {
    const app = this.#world.createApplication(options);
    return { id: app.id, name: app.name, token: app.token, botUser: { id: app.botUserId, username: app.name } };
  }

  createUser(options: { username: string; globalName?: string; locale?: string; id?: string }): UserHandle {
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

  createRole(guildId: string, options: { name: string; permissions: bigint }): { id: string; name: string } {
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

  /** The DM channel between a user and an application's bot (created on first use). */
  dmChannel(userId: string, appId: string): string {
    return this.#world.dmChannel(userId, this.#world.requireApplication(appId).botUserId).id;
  }

  /** A user's permission bits in a channel, as Discord computes them. */
  permissionsOf(userId: string, channelId: string): bigint {
    return this.#world.permissionsIn(this.#world.requireChannel(channelId), userId);
  }

  // ── The bot ──────────────────────────────────────────────────────────────

  /** Resolves once the app's bot has a connected session that got READY and every GUILD_CREATE. */
  waitForBotReady(appId: string, options: WaitOptions = {}): Promise<true> {
    return this.waitFor(() => this.#gateway.isReady(appId), { description: `bot ${appId} ready`, ...options });
  }

  isBotConnected(appId: string): boolean {
    return this.#gateway.isReady(appId);
  }

  /** Commands the app registered: global, or for one guild. */
  commands(appId: string, guildId?: string): readonly RegisteredCommand[] {
    return this.#commands.list(appId, guildId ?? null);
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

  /** A user posts a plain message (bots see it only with the GuildMessages intent). */
  postMessage(options: { user: string; channel: string; content: string }): EmulatedMessage {
    const channel = this.#world.requireChannel(options.channel);
    const permissions = this.#world.permissionsIn(channel, options.user);
    if (!hasAll(permissions, Permission.ViewChannel | Permission.SendMessages)) {
      throw new ImpossibleActionError(`user ${options.user} cannot send messages in channel ${channel.id}`);
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

  /** The next matching REST request(s) get this failure instead of an answer. */
  failNextRest(fault: RestFault): InjectedFault {
    return this.#faults.add(fault);
  }

  /** Moves the emulator's clock forward (e.g. 15 minutes to expire interaction tokens). */
  advanceClock(ms: number): void {
    this.#clock.advance(ms);
    this.#interactions.failOverdue();
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

  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#interactions.close();
    this.#waiters.failAll(new Error('the emulator stopped'));
    await this.#gateway.close();
    await this.#http.close();
  }

  #report(problem: Omit<Problem, 'at'>): void {
    const full: Problem = { ...problem, at: this.#clock.now() };
    this.#problems.push(full);
    this.emit('problem', full);
    this.#waiters.notify();
  }

  #onlyAppId(): string {
    const [only, other] = this.#world.applications.keys();
    if (!only || other) throw new ImpossibleActionError('several (or no) applications exist; pass appId');
    return only;
  }

  #wireEvents(): void {
    const changed = () => this.#waiters.notify();
    this.#messages.on('create', (stored) => {
      this.emit('messageCreate', stored.json, infoOf(stored));
      changed();
    });
    this.#messages.on('update', (stored) => {
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
  };
}
