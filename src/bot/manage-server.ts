import type { ChatInputCommandInteraction } from 'discord.js';
import { MANAGE_STATS_PERMISSION } from '../../commands/index.js';

/**
 * Whether the member may Manage Server, as the interaction reports their permissions. Checked by
 * the handler itself: Discord's default permissions apply to the whole `/crag`, and a server's
 * admins can change them.
 */
export function managesServer(interaction: ChatInputCommandInteraction): boolean {
  return interaction.memberPermissions?.has(MANAGE_STATS_PERMISSION) ?? false;
}
