import type { PermissionSubject } from './permissions.js';
import { Access } from './world/access.js';
import { Channels, type CreateChannelOptions } from './world/channels.js';
import { type CreateGuildOptions, Guilds } from './world/guilds.js';
import { type CreateApplicationOptions, type CreateUserOptions, People } from './world/people.js';
import type {
  ApplicationRecord,
  AutoArchiveMinutes,
  ChannelRecord,
  GuildEmojiRecord,
  GuildRecord,
  MemberRecord,
  RoleRecord,
  UserRecord,
} from './world/records.js';
import { WorldState } from './world/state.js';
import { type ThreadOptions, Threads } from './world/threads.js';

export type { CreateChannelOptions } from './world/channels.js';
export type { CreateGuildOptions } from './world/guilds.js';
export type { CreateApplicationOptions, CreateUserOptions } from './world/people.js';
export {
  type ApplicationRecord,
  AUTO_ARCHIVE_MINUTES,
  type AutoArchiveMinutes,
  type ChannelRecord,
  ChannelType,
  type GuildEmojiRecord,
  type GuildRecord,
  type MemberRecord,
  type RoleRecord,
  type ThreadState,
  type ThreadType,
  type TopLevelChannelType,
  type UserRecord,
  type VoiceStateRecord,
  type WorldEvents,
} from './world/records.js';

/**
 * Users, applications, guilds, roles, members and channels: everything but messages and
 * interactions. The state and its lookups are WorldState's; each resource's changes are its part's
 * (world/people.ts, guilds.ts, channels.ts, threads.ts, and access.ts for permissions), and this
 * class is the one face the rest of the emulator sees.
 */
export class World extends WorldState {
  readonly #people = new People(this);
  readonly #guilds = new Guilds(this);
  readonly #channels = new Channels(this);
  readonly #threads = new Threads(this);
  readonly #access = new Access(this);

  // ── Users and applications (world/people.ts) ─────────────────────────────

  createUser(options: CreateUserOptions): UserRecord {
    return this.#people.createUser(options);
  }

  createApplication(options: CreateApplicationOptions): ApplicationRecord {
    return this.#people.createApplication(options);
  }

  applicationByToken(token: string): ApplicationRecord | undefined {
    return this.#people.applicationByToken(token);
  }

  setUserLocale(userId: string, locale: string): void {
    this.#people.setUserLocale(userId, locale);
  }

  installToUser(appId: string, userId: string): void {
    this.#people.installToUser(appId, userId);
  }

  uninstallFromUser(appId: string, userId: string): void {
    this.#people.uninstallFromUser(appId, userId);
  }

  // ── Guilds, members and roles (world/guilds.ts) ──────────────────────────

  createGuild(options: CreateGuildOptions): GuildRecord {
    return this.#guilds.createGuild(options);
  }

  addMember(guildId: string, userId: string, roleIds: string[] = []): MemberRecord {
    return this.#guilds.addMember(guildId, userId, roleIds);
  }

  addBot(guildId: string, appId: string, permissions = 0n): MemberRecord {
    return this.#guilds.addBot(guildId, appId, permissions);
  }

  createRole(guildId: string, options: { name: string; permissions: bigint; botId?: string; id?: string }): RoleRecord {
    return this.#guilds.createRole(guildId, options);
  }

  setRolePermissions(guildId: string, roleId: string, permissions: bigint): RoleRecord {
    return this.#guilds.setRolePermissions(guildId, roleId, permissions);
  }

  createGuildEmoji(guildId: string, options: { name: string; animated?: boolean }): GuildEmojiRecord {
    return this.#guilds.createGuildEmoji(guildId, options);
  }

  joinVoice(guildId: string, userId: string, channelId: string): void {
    this.#guilds.joinVoice(guildId, userId, channelId);
  }

  assignRole(guildId: string, userId: string, roleId: string): void {
    this.#guilds.assignRole(guildId, userId, roleId);
  }

  setMemberPermissions(guildId: string, userId: string, bits: bigint): RoleRecord {
    return this.#guilds.setMemberPermissions(guildId, userId, bits);
  }

  removeBot(guildId: string, appId: string): void {
    this.#guilds.removeBot(guildId, appId);
  }

  setGuildLocale(guildId: string, locale: string): void {
    this.#guilds.setGuildLocale(guildId, locale);
  }

  guildsOfBot(botUserId: string): GuildRecord[] {
    return this.#guilds.guildsOfBot(botUserId);
  }

  // ── Channels (world/channels.ts) ─────────────────────────────────────────

  createChannel(guildId: string, options: CreateChannelOptions): ChannelRecord {
    return this.#channels.createChannel(guildId, options);
  }

  updateChannel(channelId: string, changes: { name?: string; topic?: string | null }): ChannelRecord {
    return this.#channels.updateChannel(channelId, changes);
  }

  deleteChannel(channelId: string): ChannelRecord[] {
    return this.#channels.deleteChannel(channelId);
  }

  threadsOf(parentId: string): ChannelRecord[] {
    return this.#channels.threadsOf(parentId);
  }

  setChannelOverwrite(channelId: string, targetId: string, allow: bigint, deny: bigint): ChannelRecord {
    return this.#channels.setChannelOverwrite(channelId, targetId, allow, deny);
  }

  dmChannel(userId: string, botUserId: string): ChannelRecord {
    return this.#channels.dmChannel(userId, botUserId);
  }

  createGroupDm(options: { ownerId: string; recipientIds: string[]; name?: string; id?: string }): ChannelRecord {
    return this.#channels.createGroupDm(options);
  }

  // ── Threads (world/threads.ts) ───────────────────────────────────────────

  createThread(parentId: string, options: ThreadOptions): ChannelRecord {
    return this.#threads.createThread(parentId, options);
  }

  updateThread(
    threadId: string,
    changes: {
      archived?: boolean;
      locked?: boolean;
      name?: string;
      autoArchiveMinutes?: AutoArchiveMinutes;
      invitable?: boolean;
    },
  ): ChannelRecord {
    return this.#threads.updateThread(threadId, changes);
  }

  addThreadMember(threadId: string, userId: string): void {
    this.#threads.addThreadMember(threadId, userId);
  }

  removeThreadMember(threadId: string, userId: string): void {
    this.#threads.removeThreadMember(threadId, userId);
  }

  archiveIdleThreads(): void {
    this.#threads.archiveIdleThreads();
  }

  // ── Permissions (world/access.ts) ────────────────────────────────────────

  permissionSubject(guild: GuildRecord, userId: string): PermissionSubject | null {
    return this.#access.permissionSubject(guild, userId);
  }

  permissionsIn(channel: ChannelRecord, userId: string): bigint {
    return this.#access.permissionsIn(channel, userId);
  }

  guildPermissionsOf(guild: GuildRecord, userId: string): bigint {
    return this.#access.guildPermissionsOf(guild, userId);
  }
}
