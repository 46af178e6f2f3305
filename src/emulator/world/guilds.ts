import { randomBytes } from 'node:crypto';
import { ImpossibleActionError } from '../errors.js';
import { DEFAULT_EVERYONE_PERMISSIONS } from '../permissions.js';
import { ChannelType, type GuildEmojiRecord, type GuildRecord, type MemberRecord, type RoleRecord } from './records.js';
import { assertLocale, type WorldState } from './state.js';

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

/** Guilds, their members (bots among them) and their roles. */
export class Guilds {
  constructor(private readonly state: WorldState) {}

  createGuild(options: CreateGuildOptions): GuildRecord {
    this.state.requireUser(options.ownerId);
    if (options.id !== undefined && options.shardOf) throw new ImpossibleActionError('give id or shardOf, not both');
    const locale = options.locale ?? 'en-US';
    assertLocale(locale);
    const id = options.shardOf
      ? this.state.snowflakes.nextInShard(options.shardOf.shard, options.shardOf.shards)
      : this.state.claimId(options.id);
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
      threadIds: new Set(),
      emojis: new Map(),
      voiceStates: new Map(),
    };
    this.state.guilds.set(id, guild);
    for (const userId of new Set([options.ownerId, ...(options.members ?? [])])) this.addMember(id, userId);
    for (const appId of options.bots ?? []) this.addBot(id, appId);
    return guild;
  }

  addMember(guildId: string, userId: string, roleIds: string[] = []): MemberRecord {
    const guild = this.state.requireGuild(guildId);
    const user = this.state.requireUser(userId);
    for (const roleId of roleIds) this.state.requireRole(guild, roleId);
    const existing = guild.members.get(user.id);
    if (existing) return existing;
    const member: MemberRecord = { userId: user.id, roleIds: [...roleIds], joinedAt: this.state.isoNow(), nick: null };
    guild.members.set(user.id, member);
    this.state.emit('memberAdd', guild, member);
    return member;
  }

  /** Adds an application's bot, with the managed role Discord creates for it; a connected bot gets GUILD_CREATE. */
  addBot(guildId: string, appId: string, permissions = 0n): MemberRecord {
    const guild = this.state.requireGuild(guildId);
    const app = this.state.requireApplication(appId);
    const existing = guild.members.get(app.botUserId);
    if (existing) return existing;
    const role = this.createRole(guildId, { name: app.name, permissions, botId: app.id });
    const member = this.addMember(guildId, app.botUserId, [role.id]);
    this.state.emit('guildAvailable', guild, app.id);
    return member;
  }

  createRole(guildId: string, options: { name: string; permissions: bigint; botId?: string; id?: string }): RoleRecord {
    const guild = this.state.requireGuild(guildId);
    const role: RoleRecord = {
      id: this.state.claimId(options.id),
      guildId,
      name: options.name,
      permissions: options.permissions,
      position: guild.roles.size,
      botId: options.botId ?? null,
    };
    guild.roles.set(role.id, role);
    guild.rolePermissions.set(role.id, role.permissions);
    this.state.emit('roleCreate', role);
    return role;
  }

  /** A custom emoji of the guild's own (what a server's Emoji settings upload). */
  createGuildEmoji(guildId: string, options: { name: string; animated?: boolean }): GuildEmojiRecord {
    const guild = this.state.requireGuild(guildId);
    if (!/^[A-Za-z0-9_]{2,32}$/.test(options.name)) {
      throw new ImpossibleActionError(`an emoji name is 2 to 32 letters, digits or _, not "${options.name}"`);
    }
    const emoji: GuildEmojiRecord = {
      id: this.state.claimId(),
      name: options.name,
      animated: options.animated ?? false,
    };
    guild.emojis.set(emoji.id, emoji);
    return emoji;
  }

  /**
   * A member sits down in one of the guild's voice channels (or moves there). Bots that connect
   * later see them in GUILD_CREATE's `voice_states` and `members`; no live VOICE_STATE_UPDATE is
   * sent (no bot here asks for the Guild Voice States intent).
   */
  joinVoice(guildId: string, userId: string, channelId: string): void {
    const guild = this.state.requireGuild(guildId);
    this.state.requireMember(guild, userId);
    const channel = this.state.channels.get(channelId);
    if (channel?.guildId !== guild.id || channel.type !== ChannelType.GuildVoice) {
      throw new ImpossibleActionError(`${channelId} is not a voice channel of guild ${guildId}`);
    }
    guild.voiceStates.set(userId, { userId, channelId, sessionId: randomBytes(16).toString('hex') });
  }

  setRolePermissions(guildId: string, roleId: string, permissions: bigint): RoleRecord {
    const guild = this.state.requireGuild(guildId);
    const role = this.state.requireRole(guild, roleId);
    role.permissions = permissions;
    guild.rolePermissions.set(role.id, permissions);
    this.state.emit('roleUpdate', role);
    return role;
  }

  assignRole(guildId: string, userId: string, roleId: string): void {
    const guild = this.state.requireGuild(guildId);
    this.state.requireRole(guild, roleId);
    const member = this.state.requireMember(guild, userId);
    if (!member.roleIds.includes(roleId)) member.roleIds.push(roleId);
    this.state.emit('memberUpdate', guild, member);
  }

  /**
   * Gives a member exactly `bits` on top of @everyone, through a personal role (created once, then
   * updated), the way a server admin would.
   */
  setMemberPermissions(guildId: string, userId: string, bits: bigint): RoleRecord {
    const guild = this.state.requireGuild(guildId);
    const member = this.state.requireMember(guild, userId);
    const personalName = `perms:${userId}`;
    for (const roleId of member.roleIds) {
      const role = guild.roles.get(roleId);
      if (role?.name === personalName) return this.setRolePermissions(guildId, roleId, bits);
    }
    const role = this.createRole(guildId, { name: personalName, permissions: bits });
    this.assignRole(guildId, userId, role.id);
    return role;
  }

  /**
   * Kicks an application's bot: its member and managed role go, and the bot is told with a
   * GUILD_DELETE that has no `unavailable` field (docs/events/gateway-events.mdx, "Guild Delete").
   */
  removeBot(guildId: string, appId: string): void {
    const guild = this.state.requireGuild(guildId);
    const app = this.state.requireApplication(appId);
    const member = this.state.requireMember(guild, app.botUserId);
    guild.members.delete(app.botUserId);
    this.state.emit('guildRemoved', guild, app.id);
    this.state.emit('memberRemove', guild, member);
    for (const role of [...guild.roles.values()]) {
      if (role.botId !== app.id) continue;
      guild.roles.delete(role.id);
      guild.rolePermissions.delete(role.id);
      this.state.emit('roleDelete', role);
    }
  }

  /** Changes a guild's `preferred_locale` (interactions' `guild_locale`); bots get GUILD_UPDATE. */
  setGuildLocale(guildId: string, locale: string): void {
    assertLocale(locale);
    const guild = this.state.requireGuild(guildId);
    guild.locale = locale;
    this.state.emit('guildUpdate', guild);
  }

  /** Guilds an application's bot is a member of. */
  guildsOfBot(botUserId: string): GuildRecord[] {
    const result: GuildRecord[] = [];
    for (const guild of this.state.guilds.values()) if (guild.members.has(botUserId)) result.push(guild);
    return result;
  }
}
