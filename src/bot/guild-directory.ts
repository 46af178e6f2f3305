import { ChannelType, type Client, Events } from 'discord.js';
import { SnowflakeSet } from './snowflake-set.js';

interface GuildParts {
  readonly roles: SnowflakeSet;
  /** Its channels, threads apart (GUILD_CREATE sends those in `threads`, and threads go by events). */
  readonly channels: SnowflakeSet;
  /** Its voice channels' ids, the keys it has in the voice map. */
  readonly voice: Set<string>;
}

type Fields = Record<string, unknown>;

function fields(value: unknown): Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};
}

function ids(list: unknown): string[] {
  return Array.isArray(list) ? list.map((item) => fields(item).id).filter((id) => typeof id === 'string') : [];
}

/**
 * Which roles and channels each guild of this process has, and the guild of each voice channel:
 * all the bot asks of them (does the configured starter role still exist, is a listed channel
 * still there, is this a voice channel's chat). discord.js keeps a Role or Channel object for each
 * (some 125,000 roles and 62,500 channels at 2,500 guilds of real size, most of a shard's memory),
 * so its role and channel caches are cut (src/bot/client.ts) and this keeps only the ids, read
 * from the gateway's own packets: GUILD_CREATE, and the role and channel events of the Guilds
 * intent that follow.
 */
export class GuildDirectory {
  readonly #guilds = new Map<string, GuildParts>();
  readonly #voiceGuild = new Map<string, string>();

  /** Reads every packet before discord.js builds anything from it (its raw event). */
  watch(client: Client): void {
    client.on(Events.Raw, (packet: { t?: unknown; d?: unknown }) => this.take(packet.t, fields(packet.d)));
  }

  /** Whether the guild has this role; true for a guild it does not know (nothing says it is gone). */
  hasRole(guildId: string, roleId: string): boolean {
    return this.#guilds.get(guildId)?.roles.has(roleId) ?? true;
  }

  /** Whether the guild has this channel (not a thread); true for a guild it does not know. */
  hasChannel(guildId: string, channelId: string): boolean {
    return this.#guilds.get(guildId)?.channels.has(channelId) ?? true;
  }

  /** The guild of a voice channel of this process's guilds; undefined for any other channel. */
  voiceChannelGuild(channelId: string): string | undefined {
    return this.#voiceGuild.get(channelId);
  }

  get guilds(): number {
    return this.#guilds.size;
  }

  take(event: unknown, d: Fields): void {
    const guildId = typeof d.guild_id === 'string' ? d.guild_id : undefined;
    switch (event) {
      case 'GUILD_CREATE':
        if (typeof d.id === 'string' && d.unavailable !== true) this.#guildCreated(d.id, d);
        return;
      case 'GUILD_DELETE':
        // Unavailable is an outage: the guild comes back with a GUILD_CREATE of its own.
        if (typeof d.id === 'string' && d.unavailable !== true) this.#guildGone(d.id);
        return;
      case 'GUILD_ROLE_CREATE':
        if (guildId) this.#guilds.get(guildId)?.roles.add(String(fields(d.role).id));
        return;
      case 'GUILD_ROLE_DELETE':
        if (guildId) this.#guilds.get(guildId)?.roles.delete(String(d.role_id));
        return;
      case 'CHANNEL_CREATE':
        if (guildId && typeof d.id === 'string') this.#channelCreated(guildId, d.id, d.type);
        return;
      case 'CHANNEL_DELETE':
        if (guildId && typeof d.id === 'string') {
          this.#guilds.get(guildId)?.channels.delete(d.id);
          this.#guilds.get(guildId)?.voice.delete(d.id);
          this.#voiceGuild.delete(d.id);
        }
        return;
    }
  }

  #guildCreated(guildId: string, d: Fields): void {
    this.#guildGone(guildId);
    const channels = Array.isArray(d.channels) ? d.channels.map(fields) : [];
    const voice = new Set(ids(channels.filter((channel) => channel.type === ChannelType.GuildVoice)));
    this.#guilds.set(guildId, {
      roles: new SnowflakeSet(ids(d.roles)),
      channels: new SnowflakeSet(ids(channels)),
      voice,
    });
    for (const channelId of voice) this.#voiceGuild.set(channelId, guildId);
  }

  #channelCreated(guildId: string, channelId: string, type: unknown): void {
    const parts = this.#guilds.get(guildId);
    if (!parts) return;
    parts.channels.add(channelId);
    if (type !== ChannelType.GuildVoice) return;
    parts.voice.add(channelId);
    this.#voiceGuild.set(channelId, guildId);
  }

  #guildGone(guildId: string): void {
    for (const channelId of this.#guilds.get(guildId)?.voice ?? []) this.#voiceGuild.delete(channelId);
    this.#guilds.delete(guildId);
  }
}
