import { type Overwrite, Permission } from './permissions.js';
import type {
  ApplicationRecord,
  ChannelRecord,
  GuildEmojiRecord,
  GuildRecord,
  MemberRecord,
  RoleRecord,
  ThreadState,
  UserRecord,
  VoiceStateRecord,
  World,
} from './world.js';

/** JSON as Discord sends it. Shapes follow discord-api-types v10; fields discord.js reads are always present. */
export type Json = Record<string, unknown>;

export function userJson(user: UserRecord): Json {
  return {
    id: user.id,
    username: user.username,
    discriminator: user.bot ? '0000' : '0',
    global_name: user.globalName,
    avatar: null,
    ...(user.bot ? { bot: true } : {}),
    public_flags: 0,
    flags: 0,
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
    collectibles: null,
    primary_guild: null,
  };
}

/** The current-user object (`GET /users/@me`, READY.user). */
export function currentUserJson(user: UserRecord): Json {
  return { ...userJson(user), verified: true, mfa_enabled: false, email: null, locale: user.locale };
}

export function memberJson(world: World, member: MemberRecord, withUser = true): Json {
  return {
    ...(withUser ? { user: userJson(world.requireUser(member.userId)) } : {}),
    nick: member.nick,
    avatar: null,
    banner: null,
    roles: [...member.roleIds],
    joined_at: member.joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
  };
}

export function roleJson(role: RoleRecord): Json {
  return {
    id: role.id,
    name: role.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions.toString(),
    managed: role.botId !== null,
    mentionable: false,
    flags: 0,
    ...(role.botId ? { tags: { bot_id: role.botId } } : {}),
  };
}

function overwriteJson(overwrite: Overwrite): Json {
  return { id: overwrite.id, type: overwrite.type, allow: overwrite.allow.toString(), deny: overwrite.deny.toString() };
}

/** A thread member object; `id`/`user_id` are left out inside GUILD_CREATE, as Discord does. */
export function threadMemberJson(thread: ChannelRecord, userId: string, withIds = true): Json | null {
  const joined = thread.thread?.members.get(userId);
  if (joined === undefined) return null;
  return { ...(withIds ? { id: thread.id, user_id: userId } : {}), join_timestamp: joined, flags: 0 };
}

/** A thread channel object (docs/resources/channel.mdx, "Example Thread Channel"). */
function threadJson(channel: ChannelRecord, thread: ThreadState): Json {
  return {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guildId,
    parent_id: thread.parentId,
    owner_id: thread.ownerId,
    name: channel.name,
    last_message_id: channel.lastMessageId,
    last_pin_timestamp: null,
    rate_limit_per_user: 0,
    message_count: thread.messageCount,
    member_count: Math.min(thread.members.size, 50),
    total_message_sent: thread.totalMessageSent,
    thread_metadata: {
      archived: thread.archived,
      auto_archive_duration: thread.autoArchiveMinutes,
      archive_timestamp: thread.archiveTimestamp,
      locked: thread.locked,
      ...(channel.type === 12 ? { invitable: thread.invitable } : {}),
      create_timestamp: thread.createTimestamp,
    },
    flags: 0,
    applied_tags: [],
  };
}

/**
 * A channel as Discord returns it. `memberOf`: for a thread, add the `member` object of that user
 * (the bot) when they joined it, as `GET /channels/:id` and THREAD_CREATE do.
 */
export function channelJson(world: World, channel: ChannelRecord, memberOf?: string): Json {
  if (channel.thread) {
    const member = memberOf ? threadMemberJson(channel, memberOf) : null;
    return { ...threadJson(channel, channel.thread), ...(member ? { member } : {}) };
  }
  if (channel.type === 1) {
    return {
      id: channel.id,
      type: 1,
      last_message_id: channel.lastMessageId,
      flags: 0,
      recipients: channel.recipientIds.map((id) => userJson(world.requireUser(id))),
    };
  }
  if (channel.type === 3) {
    // docs/resources/channel.mdx, "Example Group DM Channel".
    return {
      id: channel.id,
      type: 3,
      name: channel.name,
      icon: null,
      owner_id: channel.recipientIds[0] ?? null,
      last_message_id: channel.lastMessageId,
      flags: 0,
      recipients: channel.recipientIds.map((id) => userJson(world.requireUser(id))),
    };
  }
  return {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guildId,
    name: channel.name,
    position: channel.position,
    permission_overwrites: [...channel.overwrites.values()].map(overwriteJson),
    parent_id: null,
    topic: channel.topic,
    nsfw: false,
    last_message_id: channel.lastMessageId,
    rate_limit_per_user: 0,
    default_auto_archive_duration: 1440,
    flags: 0,
    // docs/resources/channel.mdx, "Example Guild Voice Channel": what a voice channel adds.
    ...(channel.type === 2 ? { bitrate: 64000, user_limit: 0, rtc_region: null, video_quality_mode: 1 } : {}),
    ...(channel.type === 15
      ? {
          available_tags: [],
          default_reaction_emoji: null,
          default_sort_order: null,
          default_forum_layout: 0,
          default_thread_rate_limit_per_user: 0,
        }
      : {}),
  };
}

/** Active threads of a guild that a user can see (GUILD_CREATE's `threads`, List Active Threads). */
export function activeThreadsSeenBy(world: World, guild: GuildRecord, userId: string): ChannelRecord[] {
  const result: ChannelRecord[] = [];
  for (const id of guild.threadIds) {
    const channel = world.requireChannel(id);
    if (!channel.thread || channel.thread.archived) continue;
    if ((world.permissionsIn(channel, userId) & Permission.ViewChannel) !== 0n) result.push(channel);
  }
  return result;
}

/** The guild fields shared by `GET /guilds/:id` and GUILD_CREATE. */
export function guildJson(guild: GuildRecord): Json {
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    icon_hash: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: guild.ownerId,
    region: null,
    afk_channel_id: null,
    afk_timeout: 300,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [...guild.roles.values()].map(roleJson),
    emojis: [...guild.emojis.values()].map(guildEmojiJson),
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    max_presences: null,
    max_members: 500000,
    vanity_url_code: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: guild.locale,
    public_updates_channel_id: null,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    nsfw_level: 0,
    nsfw: false,
    premium_progress_bar_enabled: false,
    hub_type: null,
    safety_alerts_channel_id: null,
    incidents_data: null,
  };
}

/**
 * A guild's emoji as GUILD_CREATE and `GET /guilds/:id` carry it; `user` (who uploaded it) only
 * goes to those with Manage Guild Expressions through the emoji routes, so it is left out here.
 */
export function guildEmojiJson(emoji: GuildEmojiRecord): Json {
  return {
    id: emoji.id,
    name: emoji.name,
    roles: [],
    require_colons: true,
    managed: false,
    animated: emoji.animated,
    available: true,
  };
}

/** GUILD_CREATE's partial voice state: "lacks the `guild_id` key" (docs/events/gateway-events.mdx). */
function voiceStateJson(world: World, guild: GuildRecord, state: VoiceStateRecord): Json {
  return {
    channel_id: state.channelId,
    user_id: state.userId,
    member: memberJson(world, world.requireMember(guild, state.userId)),
    session_id: state.sessionId,
    deaf: false,
    mute: false,
    self_deaf: false,
    self_mute: false,
    self_video: false,
    suppress: false,
    request_to_speak_timestamp: null,
  };
}

/** Discord's `large_threshold` when IDENTIFY names none (docs/events/gateway-events.mdx, "Identify"). */
export const DEFAULT_LARGE_THRESHOLD = 50;

/**
 * GUILD_CREATE for one bot. docs/events/gateway-events.mdx, "Guild Create": "If your bot does not
 * have the GUILD_PRESENCES Gateway Intent, or if the guild has over 75k members, members and
 * presences returned in this event will only contain your bot and users in voice channels." The
 * emulator sends every member with the Guild Members or Guild Presences intent (its guilds are
 * small and listed in full), and otherwise the bot and whoever sits in voice.
 */
export function guildCreateJson(
  world: World,
  guild: GuildRecord,
  botUserId: string,
  allMembers: boolean,
  largeThreshold = DEFAULT_LARGE_THRESHOLD,
): Json {
  const botMember = world.requireMember(guild, botUserId);
  const members = allMembers
    ? [...guild.members.values()]
    : [
        botMember,
        ...[...guild.voiceStates.keys()]
          .filter((userId) => userId !== botUserId)
          .map((userId) => world.requireMember(guild, userId)),
      ];
  return {
    ...guildJson(guild),
    joined_at: botMember.joinedAt,
    large: guild.members.size > largeThreshold,
    unavailable: false,
    member_count: guild.members.size,
    voice_states: [...guild.voiceStates.values()].map((state) => voiceStateJson(world, guild, state)),
    members: members.map((member) => memberJson(world, member)),
    channels: guild.channelIds.map((id) => channelJson(world, world.requireChannel(id))),
    threads: activeThreadsSeenBy(world, guild, botUserId).map((thread) => {
      const member = threadMemberJson(thread, botUserId, false);
      return { ...channelJson(world, thread), ...(member ? { member } : {}) };
    }),
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
    lazy: true,
    application_command_counts: {},
    embedded_activities: [],
    version: 0,
  };
}

export function applicationJson(world: World, app: ApplicationRecord): Json {
  return {
    id: app.id,
    name: app.name,
    icon: null,
    description: '',
    summary: '',
    type: null,
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: '0'.repeat(64),
    flags: app.flags,
    owner: userJson(world.requireUser(app.botUserId)),
    team: null,
    bot: userJson(world.requireUser(app.botUserId)),
    approximate_guild_count: world.guildsOfBot(app.botUserId).length,
    install_params: null,
    integration_types_config: { '0': {} },
    tags: [],
    redirect_uris: [],
    interactions_endpoint_url: null,
  };
}
