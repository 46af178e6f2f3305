import { PermissionFlagsBits, type PermissionsBitField } from 'discord.js';

/**
 * `/crag season new`, `/crag export` and the reset of the house rules need Manage Server. Discord
 * sets default permissions for a whole top-level command only (and a server's admins can change
 * them), and a button is pressed long after the command that drew it, so the handlers check it.
 */
const MANAGE_SERVER_PERMISSION = PermissionFlagsBits.ManageGuild;

/** A command or a click: each carries the member's permissions as Discord computed them for it. */
interface WithMemberPermissions {
  readonly memberPermissions: Readonly<PermissionsBitField> | null;
}

/**
 * Whether the member may Manage Server now, as this interaction reports their permissions
 * (`member.permissions`), not as an earlier one did.
 */
export function managesServer(interaction: WithMemberPermissions): boolean {
  return interaction.memberPermissions?.has(MANAGE_SERVER_PERMISSION) ?? false;
}
