import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { EmulatorClock } from './clock.js';
import { ImpossibleActionError } from './errors.js';
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
  channelIds: string[];
}

export interface ChannelRecord {
  id: string;
  /** 0 guild text, 1 DM. */
  type: 0 | 1;
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
  roleCreate: [role: RoleRecord];
  roleUpdate: [role: RoleRecord];
  memberAdd: [guild: GuildRecord, member: MemberRecord];
  memberUpdate: [guild: GuildRecord, member: MemberRecord];
}

export interface CreateGuildOptions {
  name: string;
  /** An explicit id, to rebuild a saved world (default: a new snowflake). */
  id?: string;
  ownerId: string;
  /** User ids that are members (the owner is added anyway). */
  members?: string[];
  /** Application ids whose bots are in the guild. */
  bots?: string[];
  everyonePermissions?: bigint;
  locale?: string;
}

export interface CreateChannelOptions {
  name: string;
  /** An explicit id, to rebuild a saved world (default: a new snowflake). */
  id?: string;
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

  createUser(options: { username: string; globalName?: string; locale?: string; id?: string }): UserRecord {
    const user: UserRecord = {
      id: this.#newId(options.id, this.users),
      username: options.username,
      globalName: options.globalName ?? null,
      bot: false,
      locale: options.locale ?? 'en-US',
    };
    this.users.set(user.id, user);
    return user;
  }

  createApplication(options: {
    name: string;
    privilegedIntents?: number;
    id?: string;
    token?: string;
  }): ApplicationRecord {
    const id = this.#newId(options.id, this.users);
    if (options.token !== undefined && this.#appsByToken.has(options.token)) {
      throw new ImpossibleActionError('another application already has this token');
    }
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
      flags: 0,
      privilegedIntents: options.privilegedIntents ?? 0,
    };
    this.applications.set(id, app);
    this.#appsByToken.set(token, app);
    return app;
  }

  /** A new snowflake, or the explicit one given to rebuild a saved world (which must be free). */
  #newId(explicit: string | undefined, taken: ReadonlyMap<string, unknown>): string {
    if (explicit === undefined) return this.snowflakes.next();
    if (!/^\d{17,20}$/.test(explicit)) throw new ImpossibleActionError(`"${explicit}" is not a snowflake`);
    if (taken.has(explicit)) throw new ImpossibleActionError(`id ${explicit} is already taken`);
    this.snowflakes.reserveThrough(explicit);
    return explicit;
  }

  applicationByToken(token: string): ApplicationRecord | undefined {
    return this.#appsByToken.get(token);
  }

  createGuild(options: CreateGuildOptions): GuildRecord {
    this.requireUser(options.ownerId);
    const id = this.#newId(options.id, this.guilds);
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
      locale: options.locale ?? 'en-US',
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

  createRole(guildId: string, options: { name: string; permissions: bigint; botId?: string }): RoleRecord {
    const guild = this.requireGuild(guildId);
    const role: RoleRecord = {
      id: this.snowflakes.next(),
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
      id: this.#newId(options.id, this.channels),
      type: 0,
      guildId,
      name: options.name,
      topic: options.topic ?? null,
      position: guild.channelIds.length,
      overwrites: new Map(),
      messageIds: [],
      lastMessageId: null,
      recipientIds: [],
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

  /** A user's permissions in a channel; 0 when they are not in its guild (or not a DM recipient). */
  permissionsIn(channel: ChannelRecord, userId: string): bigint {
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
