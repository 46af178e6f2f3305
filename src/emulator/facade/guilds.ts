import type { EmulatorCore } from '../core.js';
import type { CreateGuildOptions, CreateUserOptions } from '../world.js';

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

/** People, guilds, their members and roles, and the locales they use Discord in. */
export class GuildsPart {
  constructor(private readonly core: EmulatorCore) {}

  createUser(options: CreateUserOptions): UserHandle {
    const user = this.core.world.createUser(options);
    return { id: user.id, username: user.username };
  }

  createGuild(options: CreateGuildOptions): GuildHandle {
    const guild = this.core.world.createGuild(options);
    return { id: guild.id, name: guild.name, everyoneRoleId: guild.id };
  }

  createRole(
    guildId: string,
    options: { name: string; permissions: bigint; id?: string },
  ): { id: string; name: string } {
    const role = this.core.world.createRole(guildId, options);
    return { id: role.id, name: role.name };
  }

  addMember(guildId: string, userId: string, roleIds: string[] = []): void {
    this.core.world.addMember(guildId, userId, roleIds);
  }

  /** A custom emoji uploaded to the guild (GUILD_CREATE's `emojis`). */
  createGuildEmoji(guildId: string, options: { name: string; animated?: boolean }): { id: string; name: string } {
    const emoji = this.core.world.createGuildEmoji(guildId, options);
    return { id: emoji.id, name: emoji.name };
  }

  /** A member sits in a voice channel: bots connecting later get them in GUILD_CREATE. */
  joinVoice(guildId: string, userId: string, channelId: string): void {
    this.core.world.joinVoice(guildId, userId, channelId);
  }

  /** Adds an application's bot to a guild (with a managed role holding `permissions`). */
  addBot(guildId: string, appId: string, permissions = 0n): void {
    this.core.world.addBot(guildId, appId, permissions);
  }

  assignRole(guildId: string, userId: string, roleId: string): void {
    this.core.world.assignRole(guildId, userId, roleId);
  }

  setRolePermissions(guildId: string, roleId: string, permissions: bigint): void {
    this.core.world.setRolePermissions(guildId, roleId, permissions);
  }

  /** The member gets `bits` on top of @everyone, through a personal role. */
  setMemberPermissions(guildId: string, userId: string, bits: bigint): void {
    this.core.world.setMemberPermissions(guildId, userId, bits);
  }

  /**
   * Kicks an application's bot from a guild: GUILD_DELETE without `unavailable`, its managed role
   * deleted; from then on the guild's routes answer the bot 403 / 50001 Missing Access.
   */
  removeBot(guildId: string, appId: string): void {
    this.core.world.removeBot(guildId, appId);
  }

  /** The language a person uses Discord in: the `locale` of their next interactions. */
  setUserLocale(userId: string, locale: string): void {
    this.core.world.setUserLocale(userId, locale);
  }

  /** The guild's `preferred_locale` (interactions' `guild_locale`); bots in it get GUILD_UPDATE. */
  setGuildLocale(guildId: string, locale: string): void {
    this.core.world.setGuildLocale(guildId, locale);
  }

  /** A user's permission bits in a channel, as Discord computes them. */
  permissionsOf(userId: string, channelId: string): bigint {
    return this.core.world.permissionsIn(this.core.world.requireChannel(channelId), userId);
  }
}
