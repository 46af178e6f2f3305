import type { MessageStore, StoredMessage } from '../messages.js';
import {
  channelJson,
  guildCreateJson,
  guildJson,
  type Json,
  memberJson,
  roleJson,
  threadMemberJson,
  userJson,
} from '../payloads.js';
import { hasAll, Permission } from '../permissions.js';
import type { ChannelRecord, GuildRecord, World } from '../world.js';
import type { GatewayServer } from './server.js';
import { type GatewaySession, Intent } from './session.js';

/**
 * Turns changes of the world into gateway dispatches for the bots that would receive them, with
 * the intent Discord requires for each event.
 */
export function wireGatewayFanout(world: World, messages: MessageStore, gateway: GatewayServer): void {
  const toGuild = (guildId: string, event: string, data: Json, intent: number) => {
    const guild = world.guilds.get(guildId);
    if (!guild) return;
    for (const app of world.applications.values()) {
      if (guild.members.has(app.botUserId)) gateway.dispatch(app.id, event, data, { guildId, intent });
    }
  };
  /** Sends a guild event about a channel to the bots that can see it; `data` per bot user. */
  const toViewers = (channel: ChannelRecord, event: string, data: (botUserId: string) => Json) => {
    if (!channel.guildId) return;
    for (const app of world.applications.values()) {
      if (hasAll(world.permissionsIn(channel, app.botUserId), Permission.ViewChannel)) {
        gateway.dispatch(app.id, event, data(app.botUserId), { guildId: channel.guildId, intent: Intent.Guilds });
      }
    }
  };
  const channelEvent = (event: string, channel: ChannelRecord) => {
    if (channel.guildId) toGuild(channel.guildId, event, channelJson(world, channel), Intent.Guilds);
  };

  world.on('guildAvailable', (guild: GuildRecord, appId: string) => {
    const botUserId = world.requireApplication(appId).botUserId;
    gateway.dispatch(
      appId,
      'GUILD_CREATE',
      (session: GatewaySession) =>
        guildCreateJson(
          world,
          guild,
          botUserId,
          (session.intents & (Intent.GuildMembers | Intent.GuildPresences)) !== 0,
        ),
      { guildId: guild.id, intent: Intent.Guilds },
    );
  });
  world.on('channelCreate', (channel) => channelEvent('CHANNEL_CREATE', channel));
  world.on('channelUpdate', (channel) => channelEvent('CHANNEL_UPDATE', channel));
  world.on('channelDelete', (channel) => {
    // Only bots that could see it hear of it ("a channel relevant to the current user"); a thread's
    // deletion carries only id, guild_id, parent_id and type (docs/events/gateway-events.mdx).
    const data = channel.thread
      ? { id: channel.id, guild_id: channel.guildId, parent_id: channel.thread.parentId, type: channel.type }
      : channelJson(world, channel);
    toViewers(channel, channel.thread ? 'THREAD_DELETE' : 'CHANNEL_DELETE', () => data);
  });
  world.on('threadCreate', (thread) =>
    toViewers(thread, 'THREAD_CREATE', (botUserId) => ({
      ...channelJson(world, thread, botUserId),
      newly_created: true,
    })),
  );
  world.on('threadUpdate', (thread) =>
    toViewers(thread, 'THREAD_UPDATE', (botUserId) => channelJson(world, thread, botUserId)),
  );
  world.on('threadMembersUpdate', (thread, added, removed) => {
    if (!thread.guildId) return;
    const data = {
      id: thread.id,
      guild_id: thread.guildId,
      member_count: Math.min(thread.thread?.members.size ?? 0, 50),
      ...(added.length > 0 ? { added_members: added.map((userId) => threadMemberJson(thread, userId)) } : {}),
      ...(removed.length > 0 ? { removed_member_ids: removed } : {}),
    };
    for (const app of world.applications.values()) {
      if (!world.guilds.get(thread.guildId)?.members.has(app.botUserId)) continue;
      // Without GuildMembers a bot hears only of its own membership changes.
      const concernsBot = added.includes(app.botUserId) || removed.includes(app.botUserId);
      const scope = { guildId: thread.guildId, intent: concernsBot ? Intent.Guilds : Intent.GuildMembers };
      if (added.includes(app.botUserId)) {
        // Being added to a thread also brings THREAD_CREATE (docs/topics/threads.mdx, "Thread Access").
        gateway.dispatch(app.id, 'THREAD_CREATE', channelJson(world, thread, app.botUserId), scope);
      }
      if (concernsBot || hasAll(world.permissionsIn(thread, app.botUserId), Permission.ViewChannel)) {
        gateway.dispatch(app.id, 'THREAD_MEMBERS_UPDATE', data, scope);
      }
    }
  });
  world.on('guildRemoved', (guild, appId) =>
    gateway.dispatch(appId, 'GUILD_DELETE', { id: guild.id }, { guildId: guild.id, intent: Intent.Guilds }),
  );
  world.on('guildUpdate', (guild) => toGuild(guild.id, 'GUILD_UPDATE', guildJson(guild), Intent.Guilds));
  world.on('roleDelete', (role) =>
    toGuild(role.guildId, 'GUILD_ROLE_DELETE', { guild_id: role.guildId, role_id: role.id }, Intent.Guilds),
  );
  world.on('memberRemove', (guild, member) =>
    toGuild(
      guild.id,
      'GUILD_MEMBER_REMOVE',
      { guild_id: guild.id, user: userJson(world.requireUser(member.userId)) },
      Intent.GuildMembers,
    ),
  );
  world.on('roleCreate', (role) =>
    toGuild(role.guildId, 'GUILD_ROLE_CREATE', { guild_id: role.guildId, role: roleJson(role) }, Intent.Guilds),
  );
  world.on('roleUpdate', (role) =>
    toGuild(role.guildId, 'GUILD_ROLE_UPDATE', { guild_id: role.guildId, role: roleJson(role) }, Intent.Guilds),
  );
  world.on('memberAdd', (guild, member) =>
    toGuild(guild.id, 'GUILD_MEMBER_ADD', { guild_id: guild.id, ...memberJson(world, member) }, Intent.GuildMembers),
  );
  world.on('memberUpdate', (guild, member) =>
    toGuild(guild.id, 'GUILD_MEMBER_UPDATE', { guild_id: guild.id, ...memberJson(world, member) }, Intent.GuildMembers),
  );

  messages.on('create', (stored) => messageEvent('MESSAGE_CREATE', stored));
  messages.on('update', (stored) => messageEvent('MESSAGE_UPDATE', stored));
  messages.on('delete', (stored) => {
    const data = {
      id: stored.json.id,
      channel_id: stored.channelId,
      ...(stored.guildId ? { guild_id: stored.guildId } : {}),
    };
    for (const { appId, intent } of messageAudience(stored)) {
      gateway.dispatch(appId, 'MESSAGE_DELETE', data, { guildId: stored.guildId, intent });
    }
  });

  /** Message events need GuildMessages (DirectMessages in DMs); content needs MessageContent unless it concerns the bot. */
  function messageEvent(event: string, stored: StoredMessage): void {
    // Built only if some session takes the event: most bots (Guilds intent only) never do.
    let full: Json | undefined;
    const fullJson = (): Json => {
      const member = stored.guildId ? world.guilds.get(stored.guildId)?.members.get(stored.authorId) : undefined;
      full ??= {
        ...stored.json,
        ...(stored.guildId ? { guild_id: stored.guildId } : {}),
        ...(member ? { member: memberJson(world, member, false) } : {}),
      };
      return full;
    };
    for (const { appId, intent, botUserId } of messageAudience(stored)) {
      const concernsBot =
        stored.guildId === null ||
        stored.authorId === botUserId ||
        stored.json.mentions.some((user) => user.id === botUserId);
      gateway.dispatch(
        appId,
        event,
        (session: GatewaySession) =>
          concernsBot || (session.intents & Intent.MessageContent) !== 0
            ? fullJson()
            : { ...fullJson(), content: '', embeds: [], components: [], attachments: [] },
        { guildId: stored.guildId, intent },
      );
    }
  }

  /** Bots that see a message event: in its guild (or its DM), and never for ephemeral messages. */
  function messageAudience(stored: StoredMessage): { appId: string; intent: number; botUserId: string }[] {
    const channel = world.channels.get(stored.channelId);
    if (!channel || stored.visibleTo !== null) return [];
    const audience: { appId: string; intent: number; botUserId: string }[] = [];
    for (const app of world.applications.values()) {
      // Guild messages reach bots that can see the channel (a private thread: its members, moderators).
      const present = channel.guildId
        ? hasAll(world.permissionsIn(channel, app.botUserId), Permission.ViewChannel)
        : channel.recipientIds.includes(app.botUserId);
      if (present) {
        audience.push({
          appId: app.id,
          intent: channel.guildId ? Intent.GuildMessages : Intent.DirectMessages,
          botUserId: app.botUserId,
        });
      }
    }
    return audience;
  }
}
