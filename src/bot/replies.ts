import {
  type ChatInputCommandInteraction,
  type InteractionReplyOptions,
  type MessageComponentInteraction,
  MessageFlags,
} from 'discord.js';
import type { PrivateCard } from './render/index.js';

export type AnswerableInteraction = ChatInputCommandInteraction | MessageComponentInteraction;

/** Answers for the channel to see: a reply, or a follow-up when a fresh board already answered. */
export async function answerPublicly(
  interaction: AnswerableInteraction,
  options: InteractionReplyOptions & { flags?: undefined },
): Promise<void> {
  if (interaction.replied || interaction.deferred) await interaction.followUp(options);
  else await interaction.reply(options);
}

/** Answers privately: a reply if the interaction is still unanswered, a follow-up otherwise. */
export async function replyPrivately(interaction: AnswerableInteraction, card: PrivateCard | string): Promise<void> {
  const body = typeof card === 'string' ? { content: card } : card;
  const options = { ...body, flags: MessageFlags.Ephemeral as const, allowedMentions: { parse: [] } };
  if (interaction.replied || interaction.deferred) await interaction.followUp(options);
  else await interaction.reply(options);
}

/** A link to a message, or undefined while its id is not known yet. */
export function messageLink(guildId: string, channelId: string, messageId: string | null): string | undefined {
  return messageId ? `https://discord.com/channels/${guildId}/${channelId}/${messageId}` : undefined;
}
