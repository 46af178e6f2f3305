import { DiscordError, FormErrors } from '../errors.js';
import { json, NO_CONTENT, type RestRequest, type Router } from '../http/router.js';
import type { StoredMessage } from '../messages.js';
import { channelJson, guildJson, memberJson, roleJson } from '../payloads.js';
import { hasAll, Permission } from '../permissions.js';
import { assertDeletable, assertEditable, prepareNewMessage, sendPermission, ThreadError } from '../threads.js';
import { checkInteger } from '../validation/fields.js';
import { readMessageFields } from '../validation/message-body.js';
import { type ApplicationRecord, type ChannelRecord, ChannelType, type GuildRecord } from '../world.js';
import { appOf, channelVisibleToBot, param, type RestContext } from './context.js';

const MessageType = { Default: 0, Reply: 19 } as const;

/** Channels, their messages, and the guild reads a bot may make. */
export function addChannelRoutes(router: Router, context: RestContext): void {
  const { world, messages, emojis } = context;
  const knownEmoji = (app: ApplicationRecord) => (emojiId: string) => emojis.usableBy(app.id, emojiId);

  const visibleChannel = (request: RestRequest) => channelVisibleToBot(world, request);

  /** A non-ephemeral message of this channel (ephemerals do not exist for channel routes). */
  const channelMessage = (channel: ChannelRecord, messageId: string): StoredMessage => {
    const stored = messages.get(messageId);
    if (!stored || stored.channelId !== channel.id || stored.visibleTo !== null) throw DiscordError.unknownMessage();
    return stored;
  };

  const visibleGuild = (request: RestRequest): GuildRecord => {
    const app = appOf(request);
    const guild = world.guilds.get(param(request, 'guildId'));
    if (!guild) throw DiscordError.unknownGuild();
    if (!guild.members.has(app.botUserId)) throw DiscordError.missingAccess();
    return guild;
  };

  router.add('GET', '/channels/:channelId', (request) => {
    const { app, channel } = visibleChannel(request);
    return json(channelJson(world, channel, app.botUserId));
  });

  router.add('POST', '/channels/:channelId/messages', (request) => {
    const { app, channel, permissions } = visibleChannel(request);
    if (channel.type === ChannelType.GuildForum) throw ThreadError.forum();
    if (!hasAll(permissions, sendPermission(channel))) throw DiscordError.missingPermissions();
    assertMayAttach(permissions, request.files);
    const fields = readMessageFields(request.body, { knownEmoji: knownEmoji(app) });
    prepareNewMessage(world, channel, app.botUserId);
    const stored = messages.create({
      channel,
      author: world.requireUser(app.botUserId),
      fields,
      type: fields.messageReference ? MessageType.Reply : MessageType.Default,
      files: request.files,
    });
    return json(stored.json);
  });

  router.add('GET', '/channels/:channelId/messages', (request) => {
    const { channel, permissions } = visibleChannel(request);
    if (!hasAll(permissions, Permission.ReadMessageHistory)) return json([]);
    const errors = new FormErrors();
    const limitParam = request.query.get('limit');
    const limit = limitParam === null ? 50 : checkInteger(errors, ['limit'], Number(limitParam), { min: 1, max: 100 });
    errors.throwIfAny();
    const pick = (name: string) => request.query.get(name) ?? undefined;
    const before = pick('before');
    const after = pick('after');
    const around = pick('around');
    return json(
      messages.page(channel, {
        limit: limit ?? 50,
        ...(before ? { before } : {}),
        ...(after ? { after } : {}),
        ...(around ? { around } : {}),
      }),
    );
  });

  router.add('GET', '/channels/:channelId/messages/:messageId', (request) => {
    const { channel, permissions } = visibleChannel(request);
    if (!hasAll(permissions, Permission.ReadMessageHistory)) throw DiscordError.missingAccess();
    return json(channelMessage(channel, param(request, 'messageId')).json);
  });

  router.add('PATCH', '/channels/:channelId/messages/:messageId', (request) => {
    const { app, channel, permissions } = visibleChannel(request);
    const stored = channelMessage(channel, param(request, 'messageId'));
    if (stored.authorId !== app.botUserId) throw DiscordError.cannotEditOthersMessage();
    assertEditable(world, channel, app.botUserId);
    assertMayAttach(permissions, request.files);
    const fields = readMessageFields(request.body, { existingFlags: stored.json.flags, knownEmoji: knownEmoji(app) });
    return json(messages.edit(stored.json.id, { fields, files: request.files }).json);
  });

  router.add('DELETE', '/channels/:channelId/messages/:messageId', (request) => {
    const { app, channel, permissions } = visibleChannel(request);
    const stored = channelMessage(channel, param(request, 'messageId'));
    if (stored.authorId !== app.botUserId && !hasAll(permissions, Permission.ManageMessages)) {
      throw DiscordError.missingPermissions();
    }
    assertDeletable(channel);
    messages.delete(stored.json.id);
    return NO_CONTENT;
  });

  router.add('POST', '/channels/:channelId/typing', (request) => {
    const { channel, permissions } = visibleChannel(request);
    if (!hasAll(permissions, sendPermission(channel))) throw DiscordError.missingPermissions();
    return NO_CONTENT;
  });

  router.add('GET', '/guilds/:guildId', (request) => {
    const guild = visibleGuild(request);
    return json({ ...guildJson(guild), approximate_member_count: guild.members.size });
  });

  router.add('GET', '/guilds/:guildId/channels', (request) => {
    const guild = visibleGuild(request);
    return json(guild.channelIds.map((id) => channelJson(world, world.requireChannel(id))));
  });

  router.add('GET', '/guilds/:guildId/roles', (request) =>
    json([...visibleGuild(request).roles.values()].map(roleJson)),
  );

  router.add('GET', '/guilds/:guildId/members/:userId', (request) => {
    const guild = visibleGuild(request);
    const member = guild.members.get(param(request, 'userId'));
    if (!member) throw DiscordError.unknownMember();
    return json(memberJson(world, member));
  });
}

/**
 * Files uploaded with a message the bot sends or edits with its own token need Attach Files
 * (docs/topics/permissions.mdx); interaction responses and follow-ups need no channel permission.
 */
function assertMayAttach(permissions: bigint, files: readonly unknown[] | undefined): void {
  if ((files?.length ?? 0) > 0 && !hasAll(permissions, Permission.AttachFiles)) throw DiscordError.missingPermissions();
}
