import type { ChatInputCommandInteraction, MessageComponentInteraction } from 'discord.js';
import type { AnswerableInteraction } from './answerable.js';
import { installedInServer } from './install-place.js';

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
 * Whether the interaction comes from a server that added Crag ("0" in its
 * `authorizing_integration_owners`, see installedInServer). Outside a server this is false: there is
 * no server to add Crag to, and the bot is no member of a group DM (a DM with the bot carries "0" as
 * well, but the bot reaches it only through the interaction's replies here).
 */
export function inServerWithCrag(interaction: AnswerableInteraction): boolean {
  return interaction.inGuild() && installedInServer(interaction);
}
