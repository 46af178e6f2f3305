import { ATTACHMENT_SIZE_LIMIT } from '../attachments.js';
import type { EmulatedMessage } from '../messages.js';
import { channelJson, type Json, memberJson, userJson } from '../payloads.js';
import type { ChannelRecord, World } from '../world.js';
import { InteractionType } from './registry.js';

/** Interaction contexts: where the interaction happened. */
export const InteractionContext = { Guild: 0, BotDM: 1 } as const;

export interface EnvelopeInput {
  id: string;
  token: string;
  appId: string;
  type: number;
  userId: string;
  channel: ChannelRecord;
  data: unknown;
  /** The message a component sits on. */
  message?: EmulatedMessage;
}

/** `authorizing_integration_owners` of an app installed to the guild (or used in its DM). */
export function integrationOwners(channel: ChannelRecord): Json {
  return { '0': channel.guildId ?? '0' };
}

/** `interaction_metadata` carried by the messages an interaction creates. */
export function interactionMetadata(
  world: World,
  input: {
    id: string;
    type: number;
    userId: string;
    channel: ChannelRecord;
    commandName?: string;
    sourceMessageId?: string;
  },
): Json {
  return {
    id: input.id,
    type: input.type,
    user: userJson(world.requireUser(input.userId)),
    authorizing_integration_owners: integrationOwners(input.channel),
    ...(input.type === InteractionType.ApplicationCommand ? { name: input.commandName ?? '', command_type: 1 } : {}),
    ...(input.sourceMessageId ? { interacted_message_id: input.sourceMessageId } : {}),
  };
}

/** The INTERACTION_CREATE payload, field for field what Discord sends to a bot. */
export function interactionEnvelope(world: World, input: EnvelopeInput): Json {
  const { channel } = input;
  const user = world.requireUser(input.userId);
  const app = world.requireApplication(input.appId);
  const guild = channel.guildId ? world.requireGuild(channel.guildId) : null;
  const memberPermissions = world.permissionsIn(channel, user.id);
  const appPermissions = world.permissionsIn(channel, app.botUserId);
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
    app_permissions: appPermissions.toString(),
    locale: user.locale,
    entitlements: [],
    authorizing_integration_owners: integrationOwners(channel),
    context: guild ? InteractionContext.Guild : InteractionContext.BotDM,
    attachment_size_limit: ATTACHMENT_SIZE_LIMIT,
    ...(input.message ? { message: input.message } : {}),
  };
}
