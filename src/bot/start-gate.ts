import { type Guild, PermissionFlagsBits } from 'discord.js';
import { channelAllowed } from '../settings/start-options.js';
import type { SettingValues } from '../settings/values.js';
import type { GuildCommand, GuildComponent } from './feature.js';
import { type Refusal, refused } from './outcome.js';

/**
 * Who wants to start a game, and where: from /crag start and Play again (an interaction), or from
 * the Activity's table (the member as Discord has them now).
 */
export interface Starter {
  readonly guild: Guild | null;
  readonly channelId: string;
  /** The channel a thread or forum post is under; null elsewhere. */
  readonly parentId: string | null;
  /** Manage Server: always allowed to start. */
  readonly managesServer: boolean;
  readonly roleIds: readonly string[];
}

/** The starter an interaction names: its channel, and its member's permissions and roles. */
export function starterOf(interaction: GuildCommand | GuildComponent): Starter {
  const channel = interaction.channel;
  const member = interaction.member;
  return {
    guild: interaction.guild,
    channelId: interaction.channelId,
    parentId: channel?.isThread() ? channel.parentId : null,
    managesServer: interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false,
    roleIds: !member ? [] : Array.isArray(member.roles) ? member.roles : [...member.roles.cache.keys()],
  };
}

/**
 * What a server's house rules say about starting a game here, by this member: only in the listed
 * channels (or threads and forum posts under them), and only with the starter role or Manage
 * Server. A listed channel or the role deleted since no longer counts. Anyone may still join.
 */
export function mayStartHere(starter: Starter, settings: SettingValues): Refusal | undefined {
  const { guild } = starter;
  const place = channelAllowed(
    settings,
    { channelId: starter.channelId, parentId: starter.parentId },
    (id) => guild?.channels.cache.has(id) ?? true,
  );
  if (!place.allowed)
    return refused('refusal.settings.channel', { channels: place.channels.map((id) => `<#${id}>`).join(', ') });
  const role = settings['starter-role'];
  if (role === undefined || !(guild?.roles.cache.has(role) ?? true)) return undefined;
  if (starter.managesServer || starter.roleIds.includes(role)) return undefined;
  return refused('refusal.settings.starter-role', { role: `<@&${role}>` });
}
