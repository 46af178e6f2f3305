import type { ChatInputCommandInteraction, MessageComponentInteraction } from 'discord.js';
import type { AnswerableInteraction } from './answerable.js';

/**
 * The key a place's games, series, seasons and figures are stored under (the games' `guild_id`
 * column and every table keyed like it): a server's id, else the channel's own id (a DM with the
 * bot, a group DM, a DM between people). Both are snowflakes, unique across Discord, so a group
 * DM's key is never a server's and every query by server stays that server's (docs/storage.md).
 */
export function placeOf(interaction: ChatInputCommandInteraction | MessageComponentInteraction): string {
  return interaction.guildId ?? interaction.channelId;
}

/**
 * Whether the app is installed to the server the interaction comes from (`authorizing_integration_owners`
 * holds "0", GUILD_INSTALL), not only to the person's account. An interaction without the field (from
 * before user installs) was a server install. Outside a server this is false: there is no server to
 * add Crag to, and the bot is no member of a group DM (a DM with the bot carries "0" as well, but the
 * bot reaches it only through the interaction's replies here).
 */
export function inServerWithCrag(interaction: AnswerableInteraction): boolean {
  if (!interaction.inGuild()) return false;
  const owners = interaction.authorizingIntegrationOwners as unknown as Readonly<Record<string, string>> | undefined;
  return owners === undefined || Object.keys(owners).length === 0 || owners['0'] !== undefined;
}
