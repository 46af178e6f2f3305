import type { ChatInputCommandInteraction, MessageComponentInteraction } from 'discord.js';

/**
 * How the server shows a person: their server nickname, else their display name, else their
 * username. Interactions carry the member as discord.js builds it, or as raw data when the guild
 * is not cached; both are read.
 */
export function displayName(interaction: ChatInputCommandInteraction | MessageComponentInteraction): string {
  const member = interaction.member;
  if (member && 'displayName' in member) return member.displayName;
  return member?.nick ?? interaction.user.globalName ?? interaction.user.username;
}
