import type { EmulatorCore } from '../core.js';
import { ImpossibleActionError } from '../errors.js';
import type { EmulatedMessage } from '../messages.js';
import { hasAll, Permission } from '../permissions.js';
import type { ThreadOptions } from '../world/threads.js';
import { ChannelType, type CreateChannelOptions, type ThreadState } from '../world.js';

export interface ChannelHandle {
  id: string;
  name: string;
  guildId: string;
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

/** Guild channels and their permission overwrites, DM channels, threads and forum posts. */
export class ChannelsPart {
  constructor(private readonly core: EmulatorCore) {}

  createChannel(guildId: string, options: CreateChannelOptions): ChannelHandle {
    const channel = this.core.world.createChannel(guildId, options);
    return { id: channel.id, name: options.name, guildId };
  }

  /** Sets a channel overwrite for a role or member; both 0 removes it. */
  setChannelPermissions(channelId: string, targetId: string, bits: { allow?: bigint; deny?: bigint }): void {
    this.core.world.setChannelOverwrite(channelId, targetId, bits.allow ?? 0n, bits.deny ?? 0n);
  }

  /**
   * Deletes a guild channel (or thread): bots that saw it get CHANNEL_DELETE; its messages are gone
   * (10008) and the channel answers Unknown Channel (10003).
   */
  deleteChannel(channelId: string): void {
    for (const channel of this.core.world.deleteChannel(channelId)) this.core.messages.purgeChannel(channel);
  }

  /** The DM channel between a user and an application's bot (created on first use). */
  dmChannel(userId: string, appId: string): string {
    return this.core.world.dmChannel(userId, this.core.world.requireApplication(appId).botUserId).id;
  }

  /**
   * A group DM (type 3) that `ownerId` opens with `recipients` (2–10 people in all). No bot is in
   * it: a bot token gets 403 / 50001 on its routes and the gateway sends nothing from it; an app
   * installed to a person's account answers their commands there through interactions only.
   */
  createGroupDm(options: { ownerId: string; recipients: string[]; name?: string; id?: string }): string {
    const { recipients, ...rest } = options;
    return this.core.world.createGroupDm({ ...rest, recipientIds: recipients }).id;
  }

  /** The DM channel between two people (no bot: context 2, PRIVATE_CHANNEL), created on first use. */
  dmBetween(userId: string, otherUserId: string): string {
    if (this.core.world.requireUser(userId).bot || this.core.world.requireUser(otherUserId).bot)
      throw new ImpossibleActionError('dmBetween is for two people; a DM with a bot is dmChannel(userId, appId)');
    return this.core.world.dmChannel(userId, otherUserId).id;
  }

  /**
   * Someone starts a thread in a text, announcement or forum channel (type 11 public by default, 12
   * private, 10 in announcement channels); bots that can see it get THREAD_CREATE. The owner must be
   * allowed to create it (Create Public / Private Threads; in a forum, Send Messages).
   */
  createThread(parentId: string, options: ThreadOptions): ChannelHandle {
    const parent = this.core.world.requireChannel(parentId);
    const type = options.type ?? (parent.type === ChannelType.GuildAnnouncement ? 10 : 11);
    const needed =
      parent.type === ChannelType.GuildForum
        ? Permission.SendMessages
        : type === ChannelType.PrivateThread
          ? Permission.CreatePrivateThreads
          : Permission.CreatePublicThreads;
    if (!hasAll(this.core.world.permissionsIn(parent, options.ownerId), Permission.ViewChannel | needed)) {
      throw new ImpossibleActionError(`user ${options.ownerId} may not start that thread in channel ${parentId}`);
    }
    const thread = this.core.world.createThread(parentId, { ...options, type });
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
    const forum = this.core.world.requireChannel(forumId);
    if (forum.type !== ChannelType.GuildForum) throw new ImpossibleActionError(`channel ${forumId} is not a forum`);
    const thread = this.createThread(forumId, { name: options.name, ownerId: options.ownerId });
    const message = this.core.messages.create({
      id: thread.id,
      channel: this.core.world.requireThread(thread.id),
      author: this.core.world.requireUser(options.ownerId),
      fields: { content: options.content },
      type: 0,
    });
    return { thread, message: message.json };
  }

  /** A moderator archives a thread (and may lock it: then only Manage Threads unarchives it). */
  archiveThread(threadId: string, options: { locked?: boolean } = {}): void {
    this.core.world.updateThread(threadId, {
      archived: true,
      ...(options.locked !== undefined ? { locked: options.locked } : {}),
    });
  }

  /** Someone unarchives a thread (a moderator, if it is locked): THREAD_UPDATE. */
  unarchiveThread(threadId: string, options: { unlock?: boolean } = {}): void {
    this.core.world.updateThread(threadId, { archived: false, ...(options.unlock ? { locked: false } : {}) });
  }

  /** Adds a user (or a bot's user) to a thread: THREAD_MEMBERS_UPDATE (and THREAD_CREATE for a bot added). */
  addThreadMember(threadId: string, userId: string): void {
    this.core.world.addThreadMember(threadId, userId);
  }

  removeThreadMember(threadId: string, userId: string): void {
    this.core.world.removeThreadMember(threadId, userId);
  }

  /** A thread's state: archived, locked, owner, members, counts. */
  thread(threadId: string): ThreadView {
    const channel = this.core.world.requireThread(threadId);
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
}
