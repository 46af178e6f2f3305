import { PermissionFlagsBits } from 'discord.js';
import type { GuildCommand } from '../../commands/define.js';
import { channelAllowed } from '../settings/start-options.js';
import type { SettingValues } from '../settings/values.js';
import type { GuildComponent } from './components/index.js';
import { type Refusal, refused } from './outcome.js';

/** Who starts games here counts for /crag start and Play again alike. */
type Starting = GuildCommand | GuildComponent;

/**
 * What a server's house rules say about starting a game here, by this member: only in the listed
 * channels (or threads and forum posts under them), and only with the starter role or Manage
 * Server. A listed channel or the role deleted since no longer counts. Anyone may still join.
 */
export function mayStartHere(interaction: Starting, settings: SettingValues): Refusal | undefined {
  const guild = interaction.guild;
  const channel = interaction.channel;
  const place = channelAllowed(
    settings,
    { channelId: interaction.channelId, parentId: channel?.isThread() ? channel.parentId : null },
    (id) => guild?.channels.cache.has(id) ?? true,
  );
  if (!place.allowed)
    return refused('refusal.settings.channel', { channels: place.channels.map((id) => `<#${id}>`).join(', ') });
  const role = settings['starter-role'];
  if (role === undefined || !(guild?.roles.cache.has(role) ?? true)) return undefined;
  if (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) || roleIdsOf(interaction).includes(role))
    return undefined;
  return refused('refusal.settings.starter-role', { role: `<@&${role}>` });
}

function roleIdsOf(interaction: Starting): readonly string[] {
  const member = interaction.member;
  if (!member) return [];
  return Array.isArray(member.roles) ? member.roles : [...member.roles.cache.keys()];
}
