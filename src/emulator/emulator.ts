import { EventEmitter } from 'node:events';
import type { ActivityInstance } from './activity-instances.js';
import type { CommandPermission, GuildCommandPermissions } from './command-permissions.js';
import type { RegisteredCommand } from './command-types.js';
import { EmulatorCore, type EmulatorOptions } from './core.js';
import type { EmulatorEvents, MessageInfo } from './events.js';
import { ActivitiesPart } from './facade/activities.js';
import { type ChannelHandle, ChannelsPart, type ThreadView } from './facade/channels.js';
import { type ApplicationHandle, CommandsPart } from './facade/commands.js';
import { EmojisPart } from './facade/emojis.js';
import { GatewayPart } from './facade/gateway.js';
import { type GuildHandle, GuildsPart, type UserHandle } from './facade/guilds.js';
import { InteractionsPart, type InteractionView } from './facade/interactions.js';
import { MessagesPart, type Ping } from './facade/messages.js';
import { RestTrafficPart } from './facade/rest-traffic.js';
import type { InjectedFault, RestFault } from './faults.js';
import type { HeldRequest, RestHoldMatch } from './holds.js';
import type {
  ChooseOptionOptions,
  ClickButtonOptions,
  RawInteractionOptions,
  RunCommandOptions,
} from './interactions/actions.js';
import type { InteractionOutcome } from './interactions/registry.js';
import type { EmulatedMessage } from './messages.js';
import type { Json } from './payloads.js';
import type { Problem } from './problems.js';
import type { WaitOptions } from './wait.js';
import type { ThreadOptions } from './world/threads.js';
import type { CreateApplicationOptions, CreateChannelOptions, CreateGuildOptions, CreateUserOptions } from './world.js';

/** Starts an emulator listening on 127.0.0.1 (or `options.bindHost`). */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = new Emulator(options);
  await emulator.listen(options.port ?? 0);
  return emulator;
}

/**
 * A local Discord: REST under `/api/v10` and the gateway on one port, a world of users, guilds and
 * channels, and virtual users who run commands and click components. See README.md.
 *
 * This is the face tests and the playground use, and only that: EmulatorCore (core.ts) wires the
 * insides, and each Discord resource's calls are its part's (facade/), where they are documented.
 * A method here only hands the call to its part, so that the face stays one object.
 */
export class Emulator extends EventEmitter<EmulatorEvents> {
  readonly #core: EmulatorCore;
  readonly #guilds: GuildsPart;
  readonly #commands: CommandsPart;
  readonly #channels: ChannelsPart;
  readonly #messages: MessagesPart;
  readonly #interactions: InteractionsPart;
  readonly #activities: ActivitiesPart;
  readonly #emojis: EmojisPart;
  readonly #gateway: GatewayPart;
  readonly #rest: RestTrafficPart;
  #stopped = false;

  constructor(options: EmulatorOptions = {}) {
    super();
    const core = new EmulatorCore(options, this);
    this.#core = core;
    this.#guilds = new GuildsPart(core);
    this.#commands = new CommandsPart(core);
    this.#channels = new ChannelsPart(core);
    this.#messages = new MessagesPart(core, this);
    this.#interactions = new InteractionsPart(core, this);
    this.#activities = new ActivitiesPart(core);
    this.#emojis = new EmojisPart(core);
    this.#gateway = new GatewayPart(core, this);
    this.#rest = new RestTrafficPart(core);
  }

  /** Binds the HTTP server; `startEmulator` calls it. */
  async listen(port = 0): Promise<void> {
    this.#core.port = await this.#core.http.listen(port, this.#core.bindHost);
  }

  get port(): number {
    return this.#core.port;
  }

  /** `DISCORD_API_URL` for the bot: no version, no trailing slash. */
  get apiUrl(): string {
    return `http://${this.#core.publicHost}:${this.#core.port}/api`;
  }

  get gatewayUrl(): string {
    return this.#core.gatewayUrl;
  }

  // ── People, guilds, members and roles (facade/guilds.ts) ──────────────────
  createUser(options: CreateUserOptions): UserHandle {
    return this.#guilds.createUser(options);
  }
  createGuild(options: CreateGuildOptions): GuildHandle {
    return this.#guilds.createGuild(options);
  }
  createRole(
    guildId: string,
    options: { name: string; permissions: bigint; id?: string },
  ): { id: string; name: string } {
    return this.#guilds.createRole(guildId, options);
  }
  addMember(guildId: string, userId: string, roleIds: string[] = []): void {
    this.#guilds.addMember(guildId, userId, roleIds);
  }
  createGuildEmoji(guildId: string, options: { name: string; animated?: boolean }): { id: string; name: string } {
    return this.#guilds.createGuildEmoji(guildId, options);
  }
  joinVoice(guildId: string, userId: string, channelId: string): void {
    this.#guilds.joinVoice(guildId, userId, channelId);
  }
  addBot(guildId: string, appId: string, permissions = 0n): void {
    this.#guilds.addBot(guildId, appId, permissions);
  }
  assignRole(guildId: string, userId: string, roleId: string): void {
    this.#guilds.assignRole(guildId, userId, roleId);
  }
  setRolePermissions(guildId: string, roleId: string, permissions: bigint): void {
    this.#guilds.setRolePermissions(guildId, roleId, permissions);
  }
  setMemberPermissions(guildId: string, userId: string, bits: bigint): void {
    this.#guilds.setMemberPermissions(guildId, userId, bits);
  }
  removeBot(guildId: string, appId: string): void {
    this.#guilds.removeBot(guildId, appId);
  }
  setUserLocale(userId: string, locale: string): void {
    this.#guilds.setUserLocale(userId, locale);
  }
  setGuildLocale(guildId: string, locale: string): void {
    this.#guilds.setGuildLocale(guildId, locale);
  }
  permissionsOf(userId: string, channelId: string): bigint {
    return this.#guilds.permissionsOf(userId, channelId);
  }

  // ── Applications and their commands (facade/commands.ts) ──────────────────
  createApplication(options: CreateApplicationOptions): ApplicationHandle {
    return this.#commands.createApplication(options);
  }
  commands(appId: string, guildId?: string): readonly RegisteredCommand[] {
    return this.#commands.commands(appId, guildId);
  }
  offeredCommands(appId: string, userId: string, channelId: string): readonly RegisteredCommand[] {
    return this.#commands.offeredCommands(appId, userId, channelId);
  }
  installToUser(appId: string, userId: string): void {
    this.#commands.installToUser(appId, userId);
  }
  uninstallFromUser(appId: string, userId: string): void {
    this.#commands.uninstallFromUser(appId, userId);
  }
  setCommandPermissions(options: {
    app: string;
    guild: string;
    command?: string;
    permissions: CommandPermission[];
  }): GuildCommandPermissions {
    return this.#commands.setCommandPermissions(options);
  }

  // ── Channels and threads (facade/channels.ts) ─────────────────────────────
  createChannel(guildId: string, options: CreateChannelOptions): ChannelHandle {
    return this.#channels.createChannel(guildId, options);
  }
  setChannelPermissions(channelId: string, targetId: string, bits: { allow?: bigint; deny?: bigint }): void {
    this.#channels.setChannelPermissions(channelId, targetId, bits);
  }
  deleteChannel(channelId: string): void {
    this.#channels.deleteChannel(channelId);
  }
  dmChannel(userId: string, appId: string): string {
    return this.#channels.dmChannel(userId, appId);
  }
  createGroupDm(options: { ownerId: string; recipients: string[]; name?: string; id?: string }): string {
    return this.#channels.createGroupDm(options);
  }
  dmBetween(userId: string, otherUserId: string): string {
    return this.#channels.dmBetween(userId, otherUserId);
  }
  createThread(parentId: string, options: ThreadOptions): ChannelHandle {
    return this.#channels.createThread(parentId, options);
  }
  createForum(guildId: string, options: Omit<CreateChannelOptions, 'type'>): ChannelHandle {
    return this.#channels.createForum(guildId, options);
  }
  createForumPost(
    forumId: string,
    options: { name: string; ownerId: string; content: string },
  ): { thread: ChannelHandle; message: EmulatedMessage } {
    return this.#channels.createForumPost(forumId, options);
  }
  archiveThread(threadId: string, options: { locked?: boolean } = {}): void {
    this.#channels.archiveThread(threadId, options);
  }
  unarchiveThread(threadId: string, options: { unlock?: boolean } = {}): void {
    this.#channels.unarchiveThread(threadId, options);
  }
  addThreadMember(threadId: string, userId: string): void {
    this.#channels.addThreadMember(threadId, userId);
  }
  removeThreadMember(threadId: string, userId: string): void {
    this.#channels.removeThreadMember(threadId, userId);
  }
  thread(threadId: string): ThreadView {
    return this.#channels.thread(threadId);
  }

  // ── Messages (facade/messages.ts) ─────────────────────────────────────────
  postMessage(options: { user: string; channel: string; content: string }): EmulatedMessage {
    return this.#messages.postMessage(options);
  }
  deleteMessage(options: { user: string; message: string }): void {
    this.#messages.deleteMessage(options);
  }
  message(id: string): EmulatedMessage | undefined {
    return this.#messages.message(id);
  }
  messageInfo(id: string): MessageInfo | undefined {
    return this.#messages.messageInfo(id);
  }
  pingsOf(userId: string): readonly Ping[] {
    return this.#messages.pingsOf(userId);
  }
  messagesSeenBy(userId: string, channelId: string): EmulatedMessage[] {
    return this.#messages.messagesSeenBy(userId, channelId);
  }
  restoreMessages(channelId: string, messages: readonly EmulatedMessage[]): void {
    this.#messages.restoreMessages(channelId, messages);
  }

  // ── Virtual users and interactions (facade/interactions.ts) ───────────────
  runCommand(options: RunCommandOptions): Promise<InteractionOutcome> {
    return this.#interactions.runCommand(options);
  }
  clickButton(options: ClickButtonOptions): Promise<InteractionOutcome> {
    return this.#interactions.clickButton(options);
  }
  chooseOption(options: ChooseOptionOptions): Promise<InteractionOutcome> {
    return this.#interactions.chooseOption(options);
  }
  sendRawInteraction(options: RawInteractionOptions): Promise<InteractionOutcome> {
    return this.#interactions.sendRawInteraction(options);
  }
  interaction(id: string): InteractionView | undefined {
    return this.#interactions.interaction(id);
  }
  waitForReply(interactionId: string, options: WaitOptions = {}): Promise<EmulatedMessage> {
    return this.#interactions.waitForReply(interactionId, options);
  }

  // ── Activities and OAuth2 (facade/activities.ts) ──────────────────────────
  clientSecret(appId: string): string {
    return this.#activities.clientSecret(appId);
  }
  authorizeActivity(appId: string, userId: string, scopes: readonly string[] = ['identify']): string {
    return this.#activities.authorizeActivity(appId, userId, scopes);
  }
  accessToken(appId: string, userId: string): string {
    return this.#activities.accessToken(appId, userId);
  }
  launchActivity(appId: string, channelId: string, userId: string): ActivityInstance {
    return this.#activities.launchActivity(appId, channelId, userId);
  }
  openFromLauncher(options: { user: string; channel: string; app: string }): Promise<InteractionOutcome | null> {
    return this.#activities.openFromLauncher(options);
  }
  leaveActivity(instanceId: string, userId: string): void {
    this.#activities.leaveActivity(instanceId, userId);
  }
  activityIn(appId: string, channelId: string): ActivityInstance | undefined {
    return this.#activities.activityIn(appId, channelId);
  }

  // ── Application emojis (facade/emojis.ts) ─────────────────────────────────
  applicationEmojis(appId: string): Json[] {
    return this.#emojis.applicationEmojis(appId);
  }
  emojiUrl(emojiId: string): string {
    return this.#emojis.emojiUrl(emojiId);
  }

  // ── Gateway sessions (facade/gateway.ts) ──────────────────────────────────
  waitForBotReady(appId: string, options: WaitOptions & { shardCount?: number } = {}): Promise<true> {
    return this.#gateway.waitForBotReady(appId, options);
  }
  readyShards(appId: string, shardCount: number): number[] {
    return this.#gateway.readyShards(appId, shardCount);
  }
  isBotConnected(appId: string): boolean {
    return this.#gateway.isBotConnected(appId);
  }
  dropGateway(
    closeCodeOrOptions: number | { appId?: string; closeCode?: number; timeoutMs?: number } = {},
  ): Promise<'resumed' | 'identified' | 'closed'> {
    return this.#gateway.dropGateway(closeCodeOrOptions);
  }
  takeGatewayDown(): void {
    this.#gateway.takeGatewayDown();
  }
  bringGatewayUp(): void {
    this.#gateway.bringGatewayUp();
  }

  // ── REST traffic: counts, limits, faults (facade/rest-traffic.ts) ─────────
  failNextRest(fault: RestFault): InjectedFault {
    return this.#rest.failNextRest(fault);
  }
  holdNextRest(match: RestHoldMatch): HeldRequest {
    return this.#rest.holdNextRest(match);
  }
  restCount(method: string, template: string): number {
    return this.#rest.restCount(method, template);
  }
  restCounts(): Record<string, number> {
    return this.#rest.restCounts();
  }
  resetRestCounts(): void {
    this.#rest.resetRestCounts();
  }
  invalidRequests(options: { appId?: string; windowMs?: number } = {}): number {
    return this.#rest.invalidRequests(options);
  }
  maxInvalidRequestsPerWindow(): number {
    return this.#rest.maxInvalidRequestsPerWindow();
  }
  invalidRequestsFromIp(ip: string): number {
    return this.#rest.invalidRequestsFromIp(ip);
  }
  bannedFor(ip: string): number {
    return this.#rest.bannedFor(ip);
  }
  rateLimitRefusals(): { global: number; route: number } {
    return this.#rest.rateLimitRefusals();
  }

  // ── Time, problems, waiting ──────────────────────────────────────────────
  /** Protocol violations so far; tests assert it stays empty. */
  get problems(): readonly Problem[] {
    return this.#core.problems;
  }
  clearProblems(): void {
    this.#core.problems.length = 0;
  }
  /** Resolves with the first truthy value of `condition`, re-checked on every change. */
  waitFor<T>(condition: () => T | null | undefined | false | 0 | '', options: WaitOptions = {}): Promise<T> {
    return this.#core.waiters.waitFor(condition, options);
  }
  /**
   * Moves the emulator's clock forward (e.g. 15 minutes to expire interaction tokens); threads idle
   * for their auto-archive duration archive now.
   */
  advanceClock(ms: number): void {
    this.#core.clock.advance(ms);
    this.#core.interactions.failOverdue();
    this.#core.world.archiveIdleThreads();
  }
  now(): number {
    return this.#core.clock.now();
  }

  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#core.interactions.close();
    this.#core.waiters.failAll(new Error('the emulator stopped'));
    this.#core.holds.releaseAll();
    await this.#core.gateway.close();
    await this.#core.http.close();
  }
}
