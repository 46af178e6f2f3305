import { DiscordError } from './errors.js';
import type { MessageStore } from './messages.js';
import { hasAll, Permission } from './permissions.js';
import { type ChannelRecord, ChannelType, type World } from './world.js';

/**
 * Thread rules shared by the REST routes, interaction responses and virtual users
 * (docs/topics/threads.mdx: "Locked Threads", "Active & Archived Threads", "Permissions").
 */
export const ThreadError = {
  /** 400 / 50083: archived threads take no new messages (unless sending unarchives them) nor edits. */
  archived: () =>
    new DiscordError(
      400,
      50083,
      'Tried to perform an operation on an archived thread, such as editing a message or adding a user to the thread',
    ),
  /** 403 / 160005: a locked thread takes no messages or edits from non-moderators. */
  locked: () => new DiscordError(403, 160005, 'Thread is locked'),
  /** 400 / 40058: forum and media channels hold only threads. */
  forum: () => new DiscordError(400, 40058, 'Cannot send a message in a forum channel'),
};

/** The permission that lets one post: Send Messages in Threads inside a thread, Send Messages elsewhere. */
export function sendPermission(channel: ChannelRecord): bigint {
  return channel.thread ? Permission.SendMessagesInThreads : Permission.SendMessages;
}

/**
 * Before a new message in `channel` by `userId` (permissions already checked, or waived for
 * interaction responses): a forum takes none; a locked thread only from Manage Threads; an archived
 * thread is unarchived by the message, unless it is locked (then 50083).
 */
export function prepareNewMessage(world: World, channel: ChannelRecord, userId: string): void {
  if (channel.type === ChannelType.GuildForum) throw ThreadError.forum();
  const thread = channel.thread;
  if (!thread) return;
  const moderator = hasAll(world.permissionsIn(channel, userId), Permission.ManageThreads);
  if (thread.locked && !moderator) throw thread.archived ? ThreadError.archived() : ThreadError.locked();
  if (thread.archived) world.updateThread(channel.id, { archived: false });
}

/** Before an edit: none in archived threads; none in locked ones but by moderators. */
export function assertEditable(world: World, channel: ChannelRecord, userId: string): void {
  const thread = channel.thread;
  if (!thread) return;
  if (thread.archived) throw ThreadError.archived();
  if (thread.locked && !hasAll(world.permissionsIn(channel, userId), Permission.ManageThreads))
    throw ThreadError.locked();
}

/** Before a deletion: allowed in archived threads, but not in archived and locked ones. */
export function assertDeletable(channel: ChannelRecord): void {
  if (channel.thread?.archived && channel.thread.locked) throw ThreadError.archived();
}

/**
 * Messages are a thread's activity: they reset its auto-archive timer, count toward
 * `message_count` / `total_message_sent` (a forum post's starter message does not), and make their
 * author a member (docs/resources/channel.mdx, "Example Thread Channel").
 */
export function wireThreadActivity(world: World, messages: MessageStore): void {
  messages.on('create', (stored) => {
    const channel = world.channels.get(stored.channelId);
    const thread = channel?.thread;
    if (!channel || !thread || stored.visibleTo !== null) return;
    thread.lastActivityAt = world.clock.now();
    if (stored.json.id !== channel.id) {
      thread.messageCount += 1;
      thread.totalMessageSent += 1;
    }
    if (world.users.get(stored.authorId) && !thread.members.has(stored.authorId)) {
      world.addThreadMember(channel.id, stored.authorId);
    }
  });
  messages.on('delete', (stored) => {
    const thread = world.channels.get(stored.channelId)?.thread;
    if (thread && stored.visibleTo === null && stored.json.id !== stored.channelId) {
      thread.messageCount = Math.max(0, thread.messageCount - 1);
    }
  });
}
