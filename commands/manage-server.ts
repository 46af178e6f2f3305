import { PermissionFlagsBits } from 'discord.js';
import type { GuildCommand } from './define.js';

/**
 * `/crag season new` and `/crag export` need Manage Server. Discord sets default permissions for a
 * whole top-level command only (and a server's admins can change them), so the handlers check it.
 */
const MANAGE_STATS_PERMISSION = PermissionFlagsBits.ManageGuild;

/**
 * Whether the member may Manage Server, as the interaction reports their permissions. Checked by
 * the handler itself: Discord's default permissions apply to the whole `/crag`, and a server's
 * admins can change them.
 */
export function managesServer(interaction: GuildCommand): boolean {
  return interaction.memberPermissions?.has(MANAGE_STATS_PERMISSION) ?? false;
}
