import { ATTACHMENT_SIZE_LIMIT } from '../attachments.js';
import type { EmulatedMessage } from '../messages.js';
import { channelJson, type Json, memberJson, userJson } from '../payloads.js';
import type { ChannelRecord, World } from '../world.js';
import type { Authorization } from './authorization.js';
import { InteractionType } from './registry.js';

export interface EnvelopeInput {
  id: string;
  token: string;
  appId: string;
  type: number;
  userId: string;
  channel: ChannelRecord;
  data: unknown;
  /** Who authorizes it, where (authorization.ts). */
  authorization: Authorization;
  /** The message a component sits on. */
  message?: EmulatedMessage;
}

/** `interaction_metadata` carried by the messages an interaction creates. */
export function interactionMetadata(
  world: World,
  input: {
    id: string;
    type: number;
    userId: string;
    owners: Record<string, string>;
    commandName?: string;
    sourceMessageId?: string;
  },
): Json {
  return {
    id: input.id,
    type: input.type,
    user: userJson(world.requireUser(input.userId)),
    authorizing_integration_owners: input.owners,
    ...(input.type === InteractionType.ApplicationCommand ? { name: input.commandName ?? '', command_type: 1 } : {}),
    ...(input.sourceMessageId ? { interacted_message_id: input.sourceMessageId } : {}),
  };
}

/** The INTERACTION_CREATE payload, field for field what Discord sends to a bot. */
export function interactionEnvelope(world: World, input: EnvelopeInput): Json {
  const { channel, authorization } = input;
  const user = world.requireUser(input.userId);
  const guild = channel.guildId ? world.requireGuild(channel.guildId) : null;
  const memberPermissions = world.permissionsIn(channel, user.id);
  // In a server the person is a member whether or not the bot is; elsewhere Discord sends `user`.
  const who = guild
    ? {
        member: {
          ...memberJson(world, world.requireMember(guild, user.id)),
          permissions: memberPermissions.toString(),
        },
      }
    : { user: userJson(user) };
  return {
    id: input.id,
    application_id: input.appId,
    type: input.type,
    token: input.token,
    version: 1,
    data: input.data,
    ...(guild
      ? { guild_id: guild.id, guild: { id: guild.id, locale: guild.locale, features: [] }, guild_locale: guild.locale }
      : {}),
    channel_id: channel.id,
    channel: { ...channelJson(world, channel), ...(guild ? { permissions: memberPermissions.toString() } : {}) },
    ...who,
    app_permissions: authorization.appPermissions.toString(),
    locale: user.locale,
    entitlements: [],
    authorizing_integration_owners: authorization.owners,
    context: authorization.context,
    attachment_size_limit: ATTACHMENT_SIZE_LIMIT,
    ...(input.message ? { message: input.message } : {}),
  };
}
