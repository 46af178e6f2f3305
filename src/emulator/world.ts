import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { EmulatorClock } from './clock.js';
import { ImpossibleActionError } from './errors.js';
import { isDiscordLocale } from './locales.js';
import {
  channelPermissions,
  DEFAULT_EVERYONE_PERMISSIONS,
  guildPermissions,
  type Overwrite,
  Permission,
  type PermissionSubject,
} from './permissions.js';
import type { SnowflakeGenerator } from './snowflake.js';

export interface UserRecord {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
  locale: string;
}

export interface ApplicationRecord {
  id: string;
  name: string;
  token: string;
  botUserId: string;
  flags: number;
  /** Privileged gateway intents the app may request (GuildMembers, GuildPresences, MessageContent bits). */
  privilegedIntents: number;
}

export interface RoleRecord {
  id: string;
  guildId: string;
  name: string;
  permissions: bigint;
  position: number;
  /** Set for the role Discord creates when a bot joins. */
  botId: string | null;
}

export interface MemberRecord {
  userId: string;
  roleIds: string[];
  joinedAt: string;
  nick: string | null;
}

export interface GuildRecord {
  id: string;
  name: string;
  ownerId: string;
  locale: string;
  roles: Map<string, RoleRecord>;
  /** Role id → bits, kept beside `roles` so permission checks allocate nothing. */
  rolePermissions: Map<string, bigint>;
  members: Map<string, MemberRecord>;
  /** Top-level channels (threads live in `World.channels` only). */
  channelIds: string[];
}

/** docs/resources/channel.mdx, "Channel Types": the ones the emulator models. */
export const ChannelType = {
  GuildText: 0,
  DM: 1,
  /** A voice channel; its text chat takes messages like a text channel (and Activities run in it). */
  GuildVoice: 2,
  GuildAnnouncement: 5,
  AnnouncementThread: 10,
  PublicThread: 11,
  PrivateThread: 12,
  GuildForum: 15,
} as const;

export type ThreadType = 10 | 11 | 12;
export type TopLevelChannelType = 0 | 2 | 5 | 15;

/** Minutes of inactivity before a thread archives itself: the only values Discord takes. */
export const AUTO_ARCHIVE_MINUTES = [60, 1440, 4320, 10080] as const;
export type AutoArchiveMinutes = (typeof AUTO_ARCHIVE_MINUTES)[number];

/** What only threads have (docs/topics/threads.mdx). */
export interface ThreadState {
  parentId: string;
  ownerId: string;
  archived: boolean;
  locked: boolean;
  /** Private threads: whether non-moderators may add others. */
  invitable: boolean;
  autoArchiveMinutes: AutoArchiveMinutes;
  /** When `archived` last changed (or the thread was created): ISO. */
  archiveTimestamp: string;
  createTimestamp: string;
  /** Emulator ms of the last activity: a message, unarchiving, a new auto-archive duration. */
  lastActivityAt: number;
  /** User id → when they joined (ISO). */
  members: Map<string, string>;
  /** Messages now, not counting a forum post's starter message. */
  messageCount: number;
  totalMessageSent: number;
}

export interface ChannelRecord {
  id: string;
  /** A ChannelType value. */
  type: number;
  guildId: string | null;
  name: string | null;
  topic: string | null;
  position: number;
  overwrites: Map<string, Overwrite>;
  /** Ids of live (not deleted) messages, oldest first. */
  messageIds: string[];
  lastMessageId: string | null;
  /** DM only: the user and the bot. */
  recipientIds: string[];
  /** Threads only. */
  thread: ThreadState | null;
}

/** What may be done in a DM, where there are no roles or overwrites. */
const DM_PERMISSIONS =
  Permission.ViewChannel |
  Permission.SendMessages |
  Permission.EmbedLinks |
  Permission.AttachFiles |
  Permission.ReadMessageHistory |
  Permission.AddReactions |
  Permission.UseExternalEmojis |
  Permission.UseApplicationCommands;

export interface WorldEvents {
  guildAvailable: [guild: GuildRecord, appId: string];
  channelCreate: [channel: ChannelRecord];
  channelUpdate: [channel: ChannelRecord];
  /** Emitted before the channel leaves the world, so listeners can still compute who saw it. */
  channelDelete: [channel: ChannelRecord];
  roleCreate: [role: RoleRecord];
  roleUpdate: [role: RoleRecord];
  roleDelete: [role: RoleRecord];
  memberAdd: [guild: GuildRecord, member: MemberRecord];
  memberUpdate: [guild: GuildRecord, member: MemberRecord];
  memberRemove: [guild: GuildRecord, member: MemberRecord];
  threadCreate: [thread: ChannelRecord];
  threadUpdate: [thread: ChannelRecord];
  /** Users added to or removed from a thread. */
  threadMembersUpdate: [thread: ChannelRecord, added: string[], removed: string[]];
  /** An application's bot left (was kicked from) the guild. */
  guildRemoved: [guild: GuildRecord, appId: string];
  guildUpdate: [guild: GuildRecord];
}

function assertLocale(locale: string): void {
  if (!isDiscordLocale(locale)) throw new ImpossibleActionError(`"${locale}" is not one of Discord's locales`);
}

export interface CreateUserOptions {
  username: string;
  globalName?: string;
  /** One of Discord's locales (default en-US). */
  locale?: string;
  /** An explicit snowflake, to rebuild a saved world identically. */
  id?: string;
}

export interface CreateApplicationOptions {
  name: string;
  privilegedIntents?: number;
  /** An explicit snowflake (the app's and its bot's id). */
  id?: string;
  /** An explicit bot token (default: a random one shaped like Discord's). */
  token?: string;
  /** Activities enabled in the Developer Portal: the EMBEDDED flag (see activity-instances.ts). */
  activities?: boolean;
}

export interface CreateGuildOptions {
  /** An explicit snowflake. */
  id?: string;
  /** Pick an id that lands on this shard (`(id >> 22) % shards === shard`); not with `id`. */
  shardOf?: { shards: number; shard: number };
  name: string;
  ownerId: string;
  /** User ids that are members (the owner is added anyway). */
  members?: string[];
  /** Application ids whose bots are in the guild. */
  bots?: string[];
  everyonePermissions?: bigint;
  locale?: string;
}

export interface CreateChannelOptions {
  /** An explicit snowflake. */
  id?: string;
  name: string;
  /** 0 text (default), 2 voice, 5 announcement, 15 forum. */
  type?: TopLevelChannelType;
  topic?: string;
  /** Role or user id → bits denied in this channel. */
  deny?: Record<string, bigint>;
  /** Role or user id → bits allowed in this channel. */
  allow?: Record<string, bigint>;
}

/** Users, applications, guilds, roles, members and channels: everything but messages and interactions. */
export class World extends EventEmitter<WorldEvents> {
  readonly users = new Map<string, UserRecord>();
  readonly applications = new Map<string, ApplicationRecord>();
  readonly guilds = new Map<string, GuildRecord>();
  readonly channels = new Map<string, ChannelRecord>();
  readonly #appsByToken = new Map<string, ApplicationRecord>();
  readonly #dmByPair = new Map<string, string>();

  constructor(
    readonly snowflakes: SnowflakeGenerator,
    readonly clock: EmulatorClock,
  ) {
    super();
  }

  isoNow(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** A new id, or the explicit one after checking it is a free snowflake. */
  claimId(explicit?: string): string {
    if (explicit === undefined) return this.snowflakes.next();
    if (!/^\d{17,20}$/.test(explicit)) throw new ImpossibleActionError(`"${explicit}" is not a snowflake`);
    const taken =
      this.users.has(explicit) ||
      this.guilds.has(explicit) ||
      this.channels.has(explicit) ||
      [...this.guilds.values()].some((guild) => guild.roles.has(explicit));
    if (taken) throw new ImpossibleActionError(`id ${explicit} is already in use`);
    this.snowflakes.observe(explicit);
    return explicit;
  }

  createUser(options: CreateUserOptions): UserRecord {
    const locale = options.locale ?? 'en-US';
    assertLocale(locale);
    const user: UserRecord = {
      id: this.claimId(options.id),
      username: options.username,
      globalName: options.globalName ?? null,
      bot: false,
      locale,
    };
    this.users.set(user.id, user);
    return user;
  }

  createApplication(options: CreateApplicationOptions): ApplicationRecord {
    if (options.token !== undefined && (!/^\S+$/.test(options.token) || this.#appsByToken.has(options.token))) {
      throw new ImpossibleActionError('an explicit token must be non-empty, without spaces, and unused');
    }
    const id = this.claimId(options.id);
    const bot: UserRecord = { id, username: options.name, globalName: null, bot: true, locale: 'en-US' };
    this.users.set(id, bot);
    // Real tokens start with the base64 of the bot's id; discord.js never parses them, people do.
    const token =
      options.token ??
      `${Buffer.from(id).toString('base64url')}.${randomBytes(4).toString('base64url')}.${randomBytes(27).toString('base64url')}`;
    const app: ApplicationRecord = {
      id,
      name: options.name,
      token,
      botUserId: id,
      // EMBEDDED (1 << 17): the app has an Activity.
      flags: options.activities ? 1 << 17 : 0,
      privilegedIntents: options.privilegedIntents ?? 0,
    };
    this.applications.set(id, app);
    this.#appsByToken.set(token, app);
    return app;
  }

  applicationByToken(token: string): ApplicationRecord | undefined {
    return this.#appsByToken.get(token);
  }

  createGuild(options: CreateGuildOptions): GuildRecord {
    this.requireUser(options.ownerId);
    if (options.id !== undefined && options.shardOf) throw new ImpossibleActionError('give id or shardOf, not both');
    const locale = options.locale ?? 'en-US';
    assertLocale(locale);
    const id = options.shardOf
      ? this.snowflakes.nextInShard(options.shardOf.shard, options.shardOf.shards)
      : this.claimId(options.id);
    const everyone: RoleRecord = {
      id,
      guildId: id,
      name: '@everyone',
      permissions: options.everyonePermissions ?? DEFAULT_EVERYONE_PERMISSIONS,
      position: 0,
      botId: null,
    };
    const guild: GuildRecord = {
      id,
      name: options.name,
      ownerId: options.ownerId,
      locale,
      roles: new Map([[id, everyone]]),
      rolePermissions: new Map([[id, everyone.permissions]]),
      members: new Map(),
      channelIds: [],
    };
    this.guilds.set(id, guild);
    for (const userId of new Set([options.ownerId, ...(options.members ?? [])])) this.addMember(id, userId);
    for (const appId of options.bots ?? []) this.addBot(id, appId);
    return guild;
  }

  addMember(guildId: string, userId: string, roleIds: string[] = []): MemberRecord {
    const guild = this.requireGuild(guildId);
    const user = this.requireUser(userId);
    for (const roleId of roleIds) this.requireRole(guild, roleId);
    const existing = guild.members.get(user.id);
    if (existing) return existing;
    const member: MemberRecord = { userId: user.id, roleIds: [...roleIds], joinedAt: this.isoNow(), nick: null };
    guild.members.set(user.id, member);
    this.emit('memberAdd', guild, member);
    return member;
  }

  /** Adds an application's bot, with the managed role Discord creates for it; a connected bot gets GUILD_CREATE. */
  addBot(guildId: string, appId: string, permissions = 0n): MemberRecord {
    const guild = this.requireGuild(guildId);
    const app = this.requireApplication(appId);
    const existing = guild.members.get(app.botUserId);
    if (existing) return existing;
    const role = this.createRole(guildId, { name: app.name, permissions, botId: app.id });
    const member = this.addMember(guildId, app.botUserId, [role.id]);
    this.emit('guildAvailable', guild, app.id);
    return member;
  }

  createRole(guildId: string, options: { name: string; permissions: bigint; botId?: string; id?: string }): RoleRecord {
    const guild = this.requireGuild(guildId);
    const role: RoleRecord = {
      id: this.claimId(options.id),
      guildId,
      name: options.name,
      permissions: options.permissions,
      position: guild.roles.size,
      botId: options.botId ?? null,
    };
    guild.roles.set(role.id, role);
    guild.rolePermissions.set(role.id, role.permissions);
    this.emit('roleCreate', role);
    return role;
  }

  setRolePermissions(guildId: string, roleId: string, permissions: bigint): RoleRecord {
    const guild = this.requireGuild(guildId);
    const role = this.requireRole(guild, roleId);
    role.permissions = permissions;
    guild.rolePermissions.set(role.id, permissions);
    this.emit('roleUpdate', role);
    return role;
  }

  assignRole(guildId: string, userId: string, roleId: string): void {
    const guild = this.requireGuild(guildId);
    this.requireRole(guild, roleId);
    const member = this.requireMember(guild, userId);
    if (!member.roleIds.includes(roleId)) member.roleIds.push(roleId);
    this.emit('memberUpdate', guild, member);
  }

  /**
   * Gives a member exactly `bits` on top of @everyone, through a personal role (created once, then
   * updated), the way a server admin would.
   */
  setMemberPermissions(guildId: string, userId: string, bits: bigint): RoleRecord {
    const guild = this.requireGuild(guildId);
    const member = this.requireMember(guild, userId);
    const personalName = `perms:${userId}`;
    for (const roleId of member.roleIds) {
      const role = guild.roles.get(roleId);
      if (role?.name === personalName) return this.setRolePermissions(guildId, roleId, bits);
    }
    const role = this.createRole(guildId, { name: personalName, permissions: bits });
    this.assignRole(guildId, userId, role.id);
    return role;
  }

  createChannel(guildId: string, options: CreateChannelOptions): ChannelRecord {
    const guild = this.requireGuild(guildId);
    const channel: ChannelRecord = {
      id: this.claimId(options.id),
      type: options.type ?? ChannelType.GuildText,
      guildId,
      name: options.name,
      topic: options.topic ?? null,
      position: guild.channelIds.length,
      overwrites: new Map(),
      messageIds: [],
      lastMessageId: null,
      recipientIds: [],
      thread: null,
    };
    const targets = new Set([...Object.keys(options.allow ?? {}), ...Object.keys(options.deny ?? {})]);
    for (const targetId of targets) {
      const overwrite = this.#overwriteFor(
        guild,
        targetId,
        options.allow?.[targetId] ?? 0n,
        options.deny?.[targetId] ?? 0n,
      );
      channel.overwrites.set(targetId, overwrite);
    }
    guild.channelIds.push(channel.id);
    this.channels.set(channel.id, channel);
    this.emit('channelCreate', channel);
    return channel;
  }

  /** Renames a guild channel or changes its topic; CHANNEL_UPDATE. */
  updateChannel(channelId: string, changes: { name?: string; topic?: string | null }): ChannelRecord {
    const channel = this.requireChannel(channelId);
    if (changes.name !== undefined) channel.name = changes.name;
    if (changes.topic !== undefined) channel.topic = changes.topic;
    this.emit('channelUpdate', channel);
    return channel;
  }

  /**
   * Deletes a guild channel or thread (a channel's threads go with it); returns everything deleted,
   * whose messages are the message store's to drop.
   */
  deleteChannel(channelId: string): ChannelRecord[] {
    const channel = this.requireChannel(channelId);
    if (!channel.guildId) throw new ImpossibleActionError(`channel ${channelId} is a DM; DMs are not deleted`);
    const guild = this.requireGuild(channel.guildId);
    const threads = channel.thread ? [] : this.threadsOf(channel.id);
    for (const doomed of [...threads, channel]) {
      this.emit('channelDelete', doomed);
      this.channels.delete(doomed.id);
    }
    guild.channelIds = guild.channelIds.filter((id) => id !== channel.id);
    return [...threads, channel];
  }

  /** The threads whose parent is this channel. */
  threadsOf(parentId: string): ChannelRecord[] {
    const result: ChannelRecord[] = [];
    for (const channel of this.channels.values()) if (channel.thread?.parentId === parentId) result.push(channel);
    return result;
  }

  /**
   * Starts a thread in a text, announcement or forum channel: the owner is its first member. Public
   * threads of an announcement channel are announcement threads (10); private ones exist only in text
   * channels; forum posts are public threads.
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
  ): ChannelRecord {
    const parent = this.requireChannel(parentId);
    const type = options.type ?? (parent.type === ChannelType.GuildAnnouncement ? 10 : 11);
    const allowed: Record<number, readonly number[]> = {
      [ChannelType.GuildText]: [ChannelType.PublicThread, ChannelType.PrivateThread],
      [ChannelType.GuildAnnouncement]: [ChannelType.AnnouncementThread],
      [ChannelType.GuildForum]: [ChannelType.PublicThread],
    };
    if (!allowed[parent.type]?.includes(type)) {
      throw new ImpossibleActionError(
        `a thread of type ${type} cannot start in channel ${parentId} (type ${parent.type})`,
      );
    }
    this.requireUser(options.ownerId);
    const now = this.isoNow();
    const thread: ChannelRecord = {
      id: this.claimId(options.id),
      type,
      guildId: parent.guildId,
      name: options.name,
      topic: null,
      position: 0,
      overwrites: new Map(),
      messageIds: [],
      lastMessageId: null,
      recipientIds: [],
      thread: {
        parentId,
        ownerId: options.ownerId,
        archived: false,
        locked: false,
        invitable: type === ChannelType.PrivateThread ? (options.invitable ?? true) : false,
        autoArchiveMinutes: options.autoArchiveMinutes ?? 1440,
        archiveTimestamp: now,
        createTimestamp: now,
        lastActivityAt: this.clock.now(),
        members: new Map([[options.ownerId, now]]),
        messageCount: 0,
        totalMessageSent: 0,
      },
    };
    this.channels.set(thread.id, thread);
    this.emit('threadCreate', thread);
    return thread;
  }

  /** Archives, unarchives, locks, renames a thread or changes its auto-archive time; THREAD_UPDATE. */
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
    const channel = this.requireChannel(threadId);
    const thread = channel.thread;
    if (!thread) throw new ImpossibleActionError(`channel ${threadId} is not a thread`);
    if (changes.archived !== undefined && changes.archived !== thread.archived) {
      thread.archived = changes.archived;
      thread.archiveTimestamp = this.isoNow();
      // Unarchiving counts as activity (docs/topics/threads.mdx, "Active & Archived Threads").
      if (!changes.archived) thread.lastActivityAt = this.clock.now();
    }
    if (changes.locked !== undefined) thread.locked = changes.locked;
    if (changes.name !== undefined) channel.name = changes.name;
    if (changes.invitable !== undefined && channel.type === ChannelType.PrivateThread)
      thread.invitable = changes.invitable;
    if (changes.autoArchiveMinutes !== undefined && changes.autoArchiveMinutes !== thread.autoArchiveMinutes) {
      thread.autoArchiveMinutes = changes.autoArchiveMinutes;
      thread.lastActivityAt = this.clock.now();
    }
    this.emit('threadUpdate', channel);
    return channel;
  }

  addThreadMember(threadId: string, userId: string): void {
    const thread = this.requireThread(threadId);
    this.requireUser(userId);
    if (thread.thread?.members.has(userId)) return;
    thread.thread?.members.set(userId, this.isoNow());
    this.emit('threadMembersUpdate', thread, [userId], []);
  }

  removeThreadMember(threadId: string, userId: string): void {
    const thread = this.requireThread(threadId);
    if (!thread.thread?.members.delete(userId)) return;
    this.emit('threadMembersUpdate', thread, [], [userId]);
  }

  /** Archives every active thread idle for its auto-archive duration (checked when the clock moves). */
  archiveIdleThreads(): void {
    const now = this.clock.now();
    for (const channel of this.channels.values()) {
      const thread = channel.thread;
      if (thread && !thread.archived && now - thread.lastActivityAt >= thread.autoArchiveMinutes * 60_000) {
        this.updateThread(channel.id, { archived: true });
      }
    }
  }

  requireThread(id: string): ChannelRecord {
    const channel = this.requireChannel(id);
    if (!channel.thread) throw new ImpossibleActionError(`channel ${id} is not a thread`);
    return channel;
  }

  /**
   * Kicks an application's bot: its member and managed role go, and the bot is told with a
   * GUILD_DELETE that has no `unavailable` field (docs/events/gateway-events.mdx, "Guild Delete").
   */
  removeBot(guildId: string, appId: string): void {
    const guild = this.requireGuild(guildId);
    const app = this.requireApplication(appId);
    const member = this.requireMember(guild, app.botUserId);
    guild.members.delete(app.botUserId);
    this.emit('guildRemoved', guild, app.id);
    this.emit('memberRemove', guild, member);
    for (const role of [...guild.roles.values()]) {
      if (role.botId !== app.id) continue;
      guild.roles.delete(role.id);
      guild.rolePermissions.delete(role.id);
      this.emit('roleDelete', role);
    }
  }

  /** Changes the language a person uses Discord in; later interactions carry it as `locale`. */
  setUserLocale(userId: string, locale: string): void {
    assertLocale(locale);
    this.requireUser(userId).locale = locale;
  }

  /** Changes a guild's `preferred_locale` (interactions' `guild_locale`); bots get GUILD_UPDATE. */
  setGuildLocale(guildId: string, locale: string): void {
    assertLocale(locale);
    const guild = this.requireGuild(guildId);
    guild.locale = locale;
    this.emit('guildUpdate', guild);
  }

  /** Sets (or with both 0, removes) a role or member overwrite on a guild channel. */
  setChannelOverwrite(channelId: string, targetId: string, allow: bigint, deny: bigint): ChannelRecord {
    const channel = this.requireChannel(channelId);
    if (!channel.guildId) throw new ImpossibleActionError(`channel ${channelId} is a DM; it has no overwrites`);
    const guild = this.requireGuild(channel.guildId);
    if (allow === 0n && deny === 0n) channel.overwrites.delete(targetId);
    else channel.overwrites.set(targetId, this.#overwriteFor(guild, targetId, allow, deny));
    this.emit('channelUpdate', channel);
    return channel;
  }

  #overwriteFor(guild: GuildRecord, targetId: string, allow: bigint, deny: bigint): Overwrite {
    if (guild.roles.has(targetId)) return { id: targetId, type: 0, allow, deny };
    if (this.users.has(targetId)) return { id: targetId, type: 1, allow, deny };
    throw new ImpossibleActionError(`overwrite target ${targetId} is neither a role of guild ${guild.id} nor a user`);
  }

  /** The DM channel between a user and a bot, created on first use. */
  dmChannel(userId: string, botUserId: string): ChannelRecord {
    this.requireUser(userId);
    this.requireUser(botUserId);
    const key = `${userId}:${botUserId}`;
    const existingId = this.#dmByPair.get(key);
    if (existingId) return this.requireChannel(existingId);
    const channel: ChannelRecord = {
      id: this.snowflakes.next(),
      type: 1,
      guildId: null,
      name: null,
      topic: null,
      position: 0,
      overwrites: new Map(),
      messageIds: [],
      lastMessageId: null,
      recipientIds: [userId, botUserId],
      thread: null,
    };
    this.channels.set(channel.id, channel);
    this.#dmByPair.set(key, channel.id);
    return channel;
  }

  permissionSubject(guild: GuildRecord, userId: string): PermissionSubject | null {
    const member = guild.members.get(userId);
    if (!member) return null;
    return {
      guildId: guild.id,
      ownerId: guild.ownerId,
      rolePermissions: guild.rolePermissions,
      memberRoleIds: member.roleIds,
      userId,
    };
  }

  /**
   * A user's permissions in a channel; 0 when they are not in its guild (or not a DM recipient).
   * Threads take their parent's permissions; a private thread is seen only by its members and by
   * those with Manage Threads (docs/topics/threads.mdx, "Permissions").
   */
  permissionsIn(channel: ChannelRecord, userId: string): bigint {
    if (channel.thread) {
      const parent = this.channels.get(channel.thread.parentId);
      const bits = parent ? this.permissionsIn(parent, userId) : 0n;
      const private_ = channel.type === ChannelType.PrivateThread;
      if (private_ && !channel.thread.members.has(userId) && (bits & Permission.ManageThreads) === 0n) return 0n;
      return bits;
    }
    if (!channel.guildId) return channel.recipientIds.includes(userId) ? DM_PERMISSIONS : 0n;
    const guild = this.guilds.get(channel.guildId);
    const subject = guild && this.permissionSubject(guild, userId);
    return subject ? channelPermissions(subject, channel.overwrites) : 0n;
  }

  guildPermissionsOf(guild: GuildRecord, userId: string): bigint {
    const subject = this.permissionSubject(guild, userId);
    return subject ? guildPermissions(subject) : 0n;
  }

  /** Guilds an application's bot is a member of. */
  guildsOfBot(botUserId: string): GuildRecord[] {
    const result: GuildRecord[] = [];
    for (const guild of this.guilds.values()) if (guild.members.has(botUserId)) result.push(guild);
    return result;
  }

  requireUser(id: string): UserRecord {
    const user = this.users.get(id);
    if (!user) throw new ImpossibleActionError(`unknown user ${id}`);
    return user;
  }

  requireApplication(id: string): ApplicationRecord {
    const app = this.applications.get(id);
    if (!app) throw new ImpossibleActionError(`unknown application ${id}`);
    return app;
  }

  requireGuild(id: string): GuildRecord {
    const guild = this.guilds.get(id);
    if (!guild) throw new ImpossibleActionError(`unknown guild ${id}`);
    return guild;
  }

  requireChannel(id: string): ChannelRecord {
    const channel = this.channels.get(id);
    if (!channel) throw new ImpossibleActionError(`unknown channel ${id}`);
    return channel;
  }

  requireRole(guild: GuildRecord, roleId: string): RoleRecord {
    const role = guild.roles.get(roleId);
    if (!role) throw new ImpossibleActionError(`unknown role ${roleId} in guild ${guild.id}`);
    return role;
  }

  requireMember(guild: GuildRecord, userId: string): MemberRecord {
    const member = guild.members.get(userId);
    if (!member) throw new ImpossibleActionError(`user ${userId} is not a member of guild ${guild.id}`);
    return member;
  }
}
