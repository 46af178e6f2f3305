import { ImpossibleActionError } from '../errors.js';
import { type AutoArchiveMinutes, type ChannelRecord, ChannelType, type ThreadType } from './records.js';
import type { WorldState } from './state.js';

/** Threads of text, announcement and forum channels (docs/topics/threads.mdx): their state and members. */
/** What a new thread is given: its name, its owner, and what Discord lets its creator choose. */
export interface ThreadOptions {
  name: string;
  ownerId: string;
  type?: ThreadType;
  invitable?: boolean;
  autoArchiveMinutes?: AutoArchiveMinutes;
  id?: string;
}

export class Threads {
  constructor(private readonly state: WorldState) {}

  /**
   * Starts a thread in a text, announcement or forum channel: the owner is its first member. Public
   * threads of an announcement channel are announcement threads (10); private ones exist only in text
   * channels; forum posts are public threads.
   */
  createThread(parentId: string, options: ThreadOptions): ChannelRecord {
    const parent = this.state.requireChannel(parentId);
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
    this.state.requireUser(options.ownerId);
    const now = this.state.isoNow();
    const thread: ChannelRecord = {
      id: this.state.claimId(options.id),
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
        lastActivityAt: this.state.clock.now(),
        members: new Map([[options.ownerId, now]]),
        messageCount: 0,
        totalMessageSent: 0,
      },
    };
    this.state.channels.set(thread.id, thread);
    if (parent.guildId) this.state.requireGuild(parent.guildId).threadIds.add(thread.id);
    this.state.emit('threadCreate', thread);
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
    const channel = this.state.requireChannel(threadId);
    const thread = channel.thread;
    if (!thread) throw new ImpossibleActionError(`channel ${threadId} is not a thread`);
    if (changes.archived !== undefined && changes.archived !== thread.archived) {
      thread.archived = changes.archived;
      thread.archiveTimestamp = this.state.isoNow();
      // Unarchiving counts as activity (docs/topics/threads.mdx, "Active & Archived Threads").
      if (!changes.archived) thread.lastActivityAt = this.state.clock.now();
    }
    if (changes.locked !== undefined) thread.locked = changes.locked;
    if (changes.name !== undefined) channel.name = changes.name;
    if (changes.invitable !== undefined && channel.type === ChannelType.PrivateThread)
      thread.invitable = changes.invitable;
    if (changes.autoArchiveMinutes !== undefined && changes.autoArchiveMinutes !== thread.autoArchiveMinutes) {
      thread.autoArchiveMinutes = changes.autoArchiveMinutes;
      thread.lastActivityAt = this.state.clock.now();
    }
    this.state.emit('threadUpdate', channel);
    return channel;
  }

  addThreadMember(threadId: string, userId: string): void {
    const thread = this.state.requireThread(threadId);
    this.state.requireUser(userId);
    if (thread.thread?.members.has(userId)) return;
    thread.thread?.members.set(userId, this.state.isoNow());
    this.state.emit('threadMembersUpdate', thread, [userId], []);
  }

  removeThreadMember(threadId: string, userId: string): void {
    const thread = this.state.requireThread(threadId);
    if (!thread.thread?.members.delete(userId)) return;
    this.state.emit('threadMembersUpdate', thread, [], [userId]);
  }

  /** Archives every active thread idle for its auto-archive duration (checked when the clock moves). */
  archiveIdleThreads(): void {
    const now = this.state.clock.now();
    for (const channel of this.state.channels.values()) {
      const thread = channel.thread;
      if (thread && !thread.archived && now - thread.lastActivityAt >= thread.autoArchiveMinutes * 60_000) {
        this.updateThread(channel.id, { archived: true });
      }
    }
  }
}
