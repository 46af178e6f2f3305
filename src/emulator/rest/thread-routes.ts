import { DiscordError, FormErrors } from '../errors.js';
import { json, NO_CONTENT, type RestRequest, type Router } from '../http/router.js';
import { activeThreadsSeenBy, channelJson, threadMemberJson } from '../payloads.js';
import { hasAll, Permission } from '../permissions.js';
import { ThreadError } from '../threads.js';
import { checkString, isObject, type JsonObject } from '../validation/fields.js';
import { readMessageFields } from '../validation/message-body.js';
import {
  AUTO_ARCHIVE_MINUTES,
  type AutoArchiveMinutes,
  type ChannelRecord,
  ChannelType,
  type ThreadType,
} from '../world.js';
import { appOf, channelVisibleToBot, param, type RestContext } from './context.js';

const wrongChannelType = () => new DiscordError(400, 50024, 'Cannot execute action on this channel type');

/**
 * Threads and forum posts (docs/resources/channel.mdx: Start Thread from Message / without Message /
 * in Forum or Media Channel, Modify Channel for threads, Delete Channel, thread members) and the
 * permissions docs/topics/threads.mdx gives them.
 */
export function addThreadRoutes(router: Router, context: RestContext): void {
  const { world, messages, emojis } = context;

  const body = (request: RestRequest): JsonObject => (isObject(request.body) ? request.body : {});

  /** The thread at `:channelId`, visible to the bot. */
  const visibleThread = (request: RestRequest) => {
    const found = channelVisibleToBot(world, request);
    const thread = found.channel.thread;
    if (!thread) throw wrongChannelType();
    return { ...found, thread };
  };

  router.add('POST', '/channels/:channelId/threads', (request) => {
    const { app, channel, permissions } = channelVisibleToBot(world, request);
    const fields = body(request);
    const errors = new FormErrors();
    const name = checkString(errors, ['name'], fields.name, { min: 1, max: 100, required: true });
    const autoArchiveMinutes = readAutoArchive(errors, fields.auto_archive_duration);
    if (channel.type === ChannelType.GuildForum) {
      // A forum post: a public thread and its first message, which shares the thread's id.
      if (!isObject(fields.message)) errors.add(['message'], 'BASE_TYPE_REQUIRED', 'This field is required');
      errors.throwIfAny();
      if (!hasAll(permissions, Permission.SendMessages)) throw DiscordError.missingPermissions();
      const message = readMessageFields(fields.message, {
        path: ['message'],
        knownEmoji: (emojiId) => emojis.usableBy(app.id, emojiId),
      });
      const thread = world.createThread(channel.id, {
        name: name as string,
        ownerId: app.botUserId,
        type: ChannelType.PublicThread,
        ...(autoArchiveMinutes ? { autoArchiveMinutes } : {}),
      });
      try {
        const starter = messages.create({
          id: thread.id,
          channel: thread,
          author: world.requireUser(app.botUserId),
          fields: message,
          type: 0,
          files: request.files,
          bodyPath: ['message'],
        });
        return json({ ...channelJson(world, thread, app.botUserId), message: starter.json }, 201);
      } catch (error) {
        world.deleteChannel(thread.id);
        throw error;
      }
    }
    if (channel.type !== ChannelType.GuildText && channel.type !== ChannelType.GuildAnnouncement) {
      throw wrongChannelType();
    }
    // `type` still defaults to PRIVATE_THREAD (docs/resources/channel.mdx, Start Thread without Message).
    const type = fields.type ?? ChannelType.PrivateThread;
    const allowed = channel.type === ChannelType.GuildText ? [11, 12] : [10];
    if (typeof type !== 'number' || !allowed.includes(type)) {
      errors.add(['type'], 'BASE_TYPE_CHOICES', `Value must be one of (${allowed.join(', ')}).`);
    }
    errors.throwIfAny();
    const needed =
      type === ChannelType.PrivateThread ? Permission.CreatePrivateThreads : Permission.CreatePublicThreads;
    if (!hasAll(permissions, needed)) throw DiscordError.missingPermissions();
    const thread = world.createThread(channel.id, {
      name: name as string,
      ownerId: app.botUserId,
      type: type as ThreadType,
      invitable: fields.invitable !== false,
      ...(autoArchiveMinutes ? { autoArchiveMinutes } : {}),
    });
    return json(channelJson(world, thread, app.botUserId), 201);
  });

  router.add('POST', '/channels/:channelId/messages/:messageId/threads', (request) => {
    const { app, channel, permissions } = channelVisibleToBot(world, request);
    if (channel.type !== ChannelType.GuildText && channel.type !== ChannelType.GuildAnnouncement) {
      throw wrongChannelType();
    }
    const source = messages.get(param(request, 'messageId'));
    if (!source || source.channelId !== channel.id || source.visibleTo !== null) throw DiscordError.unknownMessage();
    const fields = body(request);
    const errors = new FormErrors();
    const name = checkString(errors, ['name'], fields.name, { min: 1, max: 100, required: true });
    const autoArchiveMinutes = readAutoArchive(errors, fields.auto_archive_duration);
    errors.throwIfAny();
    if (world.channels.has(source.json.id)) {
      throw new DiscordError(400, 160004, 'A thread has already been created for this message');
    }
    if (!hasAll(permissions, Permission.CreatePublicThreads)) throw DiscordError.missingPermissions();
    // The thread takes the message's id (one thread per message).
    const thread = world.createThread(channel.id, {
      id: source.json.id,
      name: name as string,
      ownerId: app.botUserId,
      type: channel.type === ChannelType.GuildAnnouncement ? ChannelType.AnnouncementThread : ChannelType.PublicThread,
      ...(autoArchiveMinutes ? { autoArchiveMinutes } : {}),
    });
    messages.markThread(source.json.id, channelJson(world, thread));
    return json(channelJson(world, thread, app.botUserId), 201);
  });

  router.add('PATCH', '/channels/:channelId', (request) => {
    const { app, channel, permissions } = channelVisibleToBot(world, request);
    const fields = body(request);
    const errors = new FormErrors();
    const name = checkString(errors, ['name'], fields.name, { min: 1, max: 100 });
    if (!channel.thread) {
      const topic = checkString(errors, ['topic'], fields.topic, { max: channel.type === 15 ? 4096 : 1024 });
      errors.throwIfAny();
      if (!hasAll(permissions, Permission.ManageChannels)) throw DiscordError.missingPermissions();
      const changed = world.updateChannel(channel.id, {
        ...(name !== undefined ? { name } : {}),
        ...(topic !== undefined || fields.topic === null ? { topic: topic ?? null } : {}),
      });
      return json(channelJson(world, changed));
    }
    const thread = channel.thread;
    for (const key of ['archived', 'locked', 'invitable'] as const) {
      if (fields[key] !== undefined && typeof fields[key] !== 'boolean') {
        errors.add([key], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
      }
    }
    const autoArchiveMinutes = readAutoArchive(errors, fields.auto_archive_duration);
    errors.throwIfAny();
    const moderator = hasAll(permissions, Permission.ManageThreads);
    const owner = thread.ownerId === app.botUserId;
    // An archived thread can only be unarchived (docs/resources/channel.mdx, Modify Channel, Thread).
    if (thread.archived && fields.archived !== false) throw ThreadError.archived();
    const unarchiving = thread.archived && fields.archived === false;
    if (unarchiving) {
      // Unlocked: sending rights suffice; locked: only Manage Threads.
      if (
        thread.locked && fields.locked !== false ? !moderator : !hasAll(permissions, Permission.SendMessagesInThreads)
      ) {
        throw DiscordError.missingPermissions();
      }
    }
    const locking = typeof fields.locked === 'boolean' && fields.locked !== thread.locked;
    const ownerMayChange =
      name !== undefined ||
      autoArchiveMinutes !== undefined ||
      fields.archived === true ||
      fields.invitable !== undefined;
    if ((locking && !moderator) || (ownerMayChange && !moderator && !owner)) throw DiscordError.missingPermissions();
    const updated = world.updateThread(channel.id, {
      ...(typeof fields.archived === 'boolean' ? { archived: fields.archived } : {}),
      ...(typeof fields.locked === 'boolean' ? { locked: fields.locked } : {}),
      ...(typeof fields.invitable === 'boolean' ? { invitable: fields.invitable } : {}),
      ...(name !== undefined ? { name } : {}),
      ...(autoArchiveMinutes ? { autoArchiveMinutes } : {}),
    });
    return json(channelJson(world, updated, app.botUserId));
  });

  router.add('DELETE', '/channels/:channelId', (request) => {
    const { channel, permissions } = channelVisibleToBot(world, request);
    if (!channel.guildId) throw wrongChannelType();
    const needed = channel.thread ? Permission.ManageThreads : Permission.ManageChannels;
    if (!hasAll(permissions, needed)) throw DiscordError.missingPermissions();
    const answer = channelJson(world, channel);
    for (const gone of world.deleteChannel(channel.id)) messages.purgeChannel(gone);
    return json(answer);
  });

  router.add('PUT', '/channels/:channelId/thread-members/@me', (request) => {
    const { app, channel, thread } = visibleThread(request);
    if (thread.archived) throw ThreadError.archived();
    world.addThreadMember(channel.id, app.botUserId);
    return NO_CONTENT;
  });

  router.add('DELETE', '/channels/:channelId/thread-members/@me', (request) => {
    const { app, channel, thread } = visibleThread(request);
    if (thread.archived) throw ThreadError.archived();
    world.removeThreadMember(channel.id, app.botUserId);
    return NO_CONTENT;
  });

  router.add('PUT', '/channels/:channelId/thread-members/:userId', (request) => {
    const { channel, thread, permissions } = visibleThread(request);
    if (thread.archived) throw ThreadError.archived();
    if (!hasAll(permissions, Permission.SendMessagesInThreads)) throw DiscordError.missingPermissions();
    const moderator = hasAll(permissions, Permission.ManageThreads);
    if (channel.type === ChannelType.PrivateThread && !thread.invitable && !moderator) {
      throw DiscordError.missingPermissions();
    }
    const userId = param(request, 'userId');
    if (!world.guilds.get(channel.guildId ?? '')?.members.has(userId)) throw DiscordError.unknownMember();
    world.addThreadMember(channel.id, userId);
    return NO_CONTENT;
  });

  router.add('DELETE', '/channels/:channelId/thread-members/:userId', (request) => {
    const { app, channel, thread, permissions } = visibleThread(request);
    if (thread.archived) throw ThreadError.archived();
    const ownsPrivate = channel.type === ChannelType.PrivateThread && thread.ownerId === app.botUserId;
    if (!hasAll(permissions, Permission.ManageThreads) && !ownsPrivate) throw DiscordError.missingPermissions();
    world.removeThreadMember(channel.id, param(request, 'userId'));
    return NO_CONTENT;
  });

  router.add('GET', '/channels/:channelId/thread-members/:userId', (request) => {
    const { channel } = visibleThread(request);
    const member = threadMemberJson(channel, param(request, 'userId'));
    if (!member) throw DiscordError.unknownMember();
    return json(member);
  });

  router.add('GET', '/channels/:channelId/thread-members', (request) => {
    const { channel, thread } = visibleThread(request);
    return json([...thread.members.keys()].map((userId) => threadMemberJson(channel, userId)));
  });

  router.add('GET', '/guilds/:guildId/threads/active', (request) => {
    const app = appOf(request);
    const guild = world.guilds.get(param(request, 'guildId'));
    if (!guild) throw DiscordError.unknownGuild();
    if (!guild.members.has(app.botUserId)) throw DiscordError.missingAccess();
    const threads: ChannelRecord[] = activeThreadsSeenBy(world, guild, app.botUserId);
    return json({
      threads: threads.map((thread) => channelJson(world, thread)),
      members: threads.flatMap((thread) => threadMemberJson(thread, app.botUserId) ?? []),
    });
  });
}

/** `auto_archive_duration`: 60, 1440, 4320 or 10080 minutes. */
function readAutoArchive(errors: FormErrors, value: unknown): AutoArchiveMinutes | undefined {
  if (value === undefined || value === null) return undefined;
  const minutes = AUTO_ARCHIVE_MINUTES.find((allowed) => allowed === value);
  if (minutes === undefined) {
    errors.add(
      ['auto_archive_duration'],
      'BASE_TYPE_CHOICES',
      `Value must be one of (${AUTO_ARCHIVE_MINUTES.join(', ')}).`,
    );
  }
  return minutes;
}
