import { PermissionFlagsBits } from 'discord.js';
import type { WebhookToken } from '../store/index.js';
import type { AnswerableInteraction } from './answerable.js';

/**
 * Whether the app is installed to the server the interaction comes from (`authorizing_integration_owners`
 * holds "0", GUILD_INSTALL), not only to the person's account. An interaction without the field (from
 * before user installs) was a server install.
 */
export function installedInServer(interaction: AnswerableInteraction): boolean {
  const owners = interaction.authorizingIntegrationOwners as unknown as Readonly<Record<string, string>> | undefined;
  return owners === undefined || Object.keys(owners).length === 0 || owners['0'] !== undefined;
}

/**
 * Whether Discord makes every answer to this interaction ephemeral: the app is only the person's own
 * install, in a server channel where they lack Use External Apps (permission bit 50; "When disabled,
 * users will still be allowed to use their apps but the responses will be ephemeral. This only
 * applies to apps not also installed to the server.", docs/topics/permissions.mdx). Read from the
 * member's permissions in the channel, which the interaction carries.
 */
export function answersOnlyPrivate(interaction: AnswerableInteraction): boolean {
  if (!interaction.inGuild() || installedInServer(interaction)) return false;
  return !interaction.memberPermissions.has(PermissionFlagsBits.UseExternalApps);
}

/**
 * The token this interaction brings, as the game it answers keeps it, where the bot is not a member
 * of the place (the board is reached through it, see BoardPublisher.tokenFrom); undefined where the
 * bot's own token reaches the board.
 */
export function webhookTokenOf(interaction: AnswerableInteraction): WebhookToken | undefined {
  if (installedInServer(interaction)) return undefined;
  return {
    applicationId: interaction.applicationId,
    token: interaction.token,
    createdAt: interaction.createdTimestamp,
  };
}
