import { type APIInteractionGuildMember, type GuildMember, PermissionFlagsBits } from 'discord.js';
import { channelAllowed } from '../settings/start-options.js';
import type { SettingValues } from '../settings/values.js';
import type { PlaceCommand, PlaceComponent } from './feature.js';
import type { GuildDirectory } from './guild-directory.js';
import { type Refusal, refused } from './outcome.js';
import { placeOf } from './place.js';

/**
 * Who wants to start a game, and where: from /crag start and Play again (an interaction), or from
 * the Activity's table (the member as Discord has them now).
 */
export interface Starter {
  readonly guildId: string;
  readonly channelId: string;
  /** The channel a thread or forum post is under; null elsewhere. */
  readonly parentId: string | null;
  /** Manage Server: always allowed to start. */
  readonly managesServer: boolean;
  readonly roleIds: readonly string[];
}

/** The starter an interaction names: its channel, and its member's permissions and roles. */
export function starterOf(interaction: PlaceCommand | PlaceComponent): Starter {
  const channel = interaction.channel;
  const member = interaction.member;
  return {
    guildId: placeOf(interaction),
    channelId: interaction.channelId,
    parentId: channel?.isThread() ? channel.parentId : null,
    managesServer: interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false,
    roleIds: member ? interactionRoleIds(member) : [],
  };
}

/**
 * The role ids the interaction's `member.roles` listed: as sent, for a guild discord.js does not
 * cache; else on the member it builds (GuildMember#_roles, private in its typings), since its
 * `roles.cache` looks each id up in the guild's role cache, which the bot does not keep
 * (src/bot/client.ts), and would be empty.
 */
function interactionRoleIds(member: GuildMember | APIInteractionGuildMember): readonly string[] {
  const ids: unknown = Array.isArray(member.roles) ? member.roles : Reflect.get(member, '_roles');
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * What a server's house rules say about starting a game here, by this member: only in the listed
 * channels (or threads and forum posts under them), and only with the starter role or Manage
 * Server. A listed channel or the role deleted since no longer counts. Anyone may still join.
 */
export function mayStartHere(
  starter: Starter,
  settings: SettingValues,
  directory: GuildDirectory,
): Refusal | undefined {
  const { guildId } = starter;
  const place = channelAllowed(settings, { channelId: starter.channelId, parentId: starter.parentId }, (id) =>
    directory.hasChannel(guildId, id),
  );
  if (!place.allowed)
    return refused('refusal.settings.channel', { channels: place.channels.map((id) => `<#${id}>`).join(', ') });
  const role = settings['starter-role'];
  if (role === undefined || !directory.hasRole(guildId, role)) return undefined;
  if (starter.managesServer || starter.roleIds.includes(role)) return undefined;
  return refused('refusal.settings.starter-role', { role: `<@&${role}>` });
}
