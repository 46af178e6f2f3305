import type { Overwrite } from './permissions.js';
import type {
  ApplicationRecord,
  ChannelRecord,
  GuildRecord,
  MemberRecord,
  RoleRecord,
  UserRecord,
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

export function channelJson(world: World, channel: ChannelRecord): Json {
  if (channel.type === 1) {
    return {
      id: channel.id,
      type: 1,
      last_message_id: channel.lastMessageId,
      flags: 0,
      recipients: channel.recipientIds.map((id) => userJson(world.requireUser(id))),
    };
  }
  return {
    id: channel.id,
    type: 0,
    guild_id: channel.guildId,
    name: channel.name,
    position: channel.position,
    permission_overwrites: [...channel.overwrites.values()].map(overwriteJson),
    parent_id: null,
    topic: channel.topic,
    nsfw: false,
    last_message_id: channel.lastMessageId,
    rate_limit_per_user: 0,
    flags: 0,
  };
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
    emojis: [],
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
 * GUILD_CREATE for one bot. Without the GuildMembers or GuildPresences intent Discord lists only
 * the bot itself among `members`, so does this.
 */
export function guildCreateJson(world: World, guild: GuildRecord, botUserId: string, allMembers: boolean): Json {
  const botMember = world.requireMember(guild, botUserId);
  const members = allMembers ? [...guild.members.values()] : [botMember];
  return {
    ...guildJson(guild),
    joined_at: botMember.joinedAt,
    large: false,
    unavailable: false,
    member_count: guild.members.size,
    voice_states: [],
    members: members.map((member) => memberJson(world, member)),
    channels: guild.channelIds.map((id) => channelJson(world, world.requireChannel(id))),
    threads: [],
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
