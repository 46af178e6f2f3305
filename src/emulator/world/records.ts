import type { Overwrite } from '../permissions.js';

// The state of each Discord resource the world holds, as plain records: the parts beside this file
// change them, and World (../world.ts) puts the parts together.

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
  /** The people who installed the app to their own account (integration type 1, USER_INSTALL). */
  userInstalls: Set<string>;
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

/** A guild's own custom emoji (docs/resources/emoji.mdx, "Emoji Object"): not an application's. */
export interface GuildEmojiRecord {
  id: string;
  name: string;
  animated: boolean;
}

/** Someone sitting in a voice channel (docs/resources/voice.mdx, "Voice State Object"). */
export interface VoiceStateRecord {
  userId: string;
  channelId: string;
  sessionId: string;
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
  /** Its threads' ids, archived or not: GUILD_CREATE lists the active ones without a scan of the world. */
  threadIds: Set<string>;
  emojis: Map<string, GuildEmojiRecord>;
  /** User id → where they sit in voice: GUILD_CREATE's `voice_states`, and its `members` beside the bot. */
  voiceStates: Map<string, VoiceStateRecord>;
}

/** docs/resources/channel.mdx, "Channel Types": the ones the emulator models. */
export const ChannelType = {
  GuildText: 0,
  DM: 1,
  /** A voice channel; its text chat takes messages like a text channel (and Activities run in it). */
  GuildVoice: 2,
  /** A direct message between several people: no guild, and the bot only if someone added it. */
  GroupDM: 3,
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
  /** DM: the user and the bot (or two people); group DM: its people, the owner first. */
  recipientIds: string[];
  /** Threads only. */
  thread: ThreadState | null;
}

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
