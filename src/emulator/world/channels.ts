import { ImpossibleActionError } from '../errors.js';
import type { Overwrite } from '../permissions.js';
import { type ChannelRecord, ChannelType, type GuildRecord, type TopLevelChannelType } from './records.js';
import type { WorldState } from './state.js';

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

/** Guild channels, their permission overwrites, and DM channels. Threads are in threads.ts. */
export class Channels {
  readonly #dmByPair = new Map<string, string>();

  constructor(private readonly state: WorldState) {}

  createChannel(guildId: string, options: CreateChannelOptions): ChannelRecord {
    const guild = this.state.requireGuild(guildId);
    const channel: ChannelRecord = {
      id: this.state.claimId(options.id),
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
    this.state.channels.set(channel.id, channel);
    this.state.emit('channelCreate', channel);
    return channel;
  }

  /** Renames a guild channel or changes its topic; CHANNEL_UPDATE. */
  updateChannel(channelId: string, changes: { name?: string; topic?: string | null }): ChannelRecord {
    const channel = this.state.requireChannel(channelId);
    if (changes.name !== undefined) channel.name = changes.name;
    if (changes.topic !== undefined) channel.topic = changes.topic;
    this.state.emit('channelUpdate', channel);
    return channel;
  }

  /**
   * Deletes a guild channel or thread (a channel's threads go with it); returns everything deleted,
   * whose messages are the message store's to drop.
   */
  deleteChannel(channelId: string): ChannelRecord[] {
    const channel = this.state.requireChannel(channelId);
    if (!channel.guildId) throw new ImpossibleActionError(`channel ${channelId} is a DM; DMs are not deleted`);
    const guild = this.state.requireGuild(channel.guildId);
    const threads = channel.thread ? [] : this.threadsOf(channel.id);
    for (const doomed of [...threads, channel]) {
      this.state.emit('channelDelete', doomed);
      this.state.channels.delete(doomed.id);
      guild.threadIds.delete(doomed.id);
    }
    guild.channelIds = guild.channelIds.filter((id) => id !== channel.id);
    return [...threads, channel];
  }

  /** The threads whose parent is this channel. */
  threadsOf(parentId: string): ChannelRecord[] {
    const result: ChannelRecord[] = [];
    for (const channel of this.state.channels.values()) if (channel.thread?.parentId === parentId) result.push(channel);
    return result;
  }

  /** Sets (or with both 0, removes) a role or member overwrite on a guild channel. */
  setChannelOverwrite(channelId: string, targetId: string, allow: bigint, deny: bigint): ChannelRecord {
    const channel = this.state.requireChannel(channelId);
    if (!channel.guildId) throw new ImpossibleActionError(`channel ${channelId} is a DM; it has no overwrites`);
    const guild = this.state.requireGuild(channel.guildId);
    if (allow === 0n && deny === 0n) channel.overwrites.delete(targetId);
    else channel.overwrites.set(targetId, this.#overwriteFor(guild, targetId, allow, deny));
    this.state.emit('channelUpdate', channel);
    return channel;
  }

  #overwriteFor(guild: GuildRecord, targetId: string, allow: bigint, deny: bigint): Overwrite {
    if (guild.roles.has(targetId)) return { id: targetId, type: 0, allow, deny };
    if (this.state.users.has(targetId)) return { id: targetId, type: 1, allow, deny };
    throw new ImpossibleActionError(`overwrite target ${targetId} is neither a role of guild ${guild.id} nor a user`);
  }

  /**
   * A group DM (type 3) that `ownerId` opens with `recipientIds`: people only (docs/resources/channel.mdx,
   * "a direct message between multiple users"); a bot is never among them, so its token has no access.
   */
  createGroupDm(options: { ownerId: string; recipientIds: string[]; name?: string; id?: string }): ChannelRecord {
    const people = [options.ownerId, ...options.recipientIds.filter((id) => id !== options.ownerId)];
    for (const id of people) {
      if (this.state.requireUser(id).bot) throw new ImpossibleActionError(`user ${id} is a bot; people open group DMs`);
    }
    // Discord's client opens a group DM with at least one other person and at most ten in all.
    if (people.length < 2 || people.length > 10)
      throw new ImpossibleActionError(`a group DM holds 2–10 people, not ${people.length}`);
    const channel: ChannelRecord = {
      id: this.state.claimId(options.id),
      type: ChannelType.GroupDM,
      guildId: null,
      name: options.name ?? null,
      topic: null,
      position: 0,
      overwrites: new Map(),
      messageIds: [],
      lastMessageId: null,
      recipientIds: people,
      thread: null,
    };
    this.state.channels.set(channel.id, channel);
    return channel;
  }

  /** The DM channel between a user and a bot (or between two people), created on first use. */
  dmChannel(userId: string, botUserId: string): ChannelRecord {
    this.state.requireUser(userId);
    this.state.requireUser(botUserId);
    const key = `${userId}:${botUserId}`;
    const existingId = this.#dmByPair.get(key);
    if (existingId) return this.state.requireChannel(existingId);
    const channel: ChannelRecord = {
      id: this.state.snowflakes.next(),
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
    this.state.channels.set(channel.id, channel);
    this.#dmByPair.set(key, channel.id);
    return channel;
  }
}
