import {
  type ChatInputCommandInteraction,
  type InteractionReplyOptions,
  type MessageComponentInteraction,
  MessageFlags,
  type PrimaryEntryPointCommandInteraction,
} from 'discord.js';
import type { WithFiles } from './game-message.js';
import type { MessagePayload, PrivateCard } from './render/index.js';

export type AnswerableInteraction =
  | ChatInputCommandInteraction
  | MessageComponentInteraction
  /** The App Launcher's Entry Point command, answered with the Activity or a private word. */
  | PrimaryEntryPointCommandInteraction;

/** Answers for the channel to see: a reply, or a follow-up when a fresh board already answered. */
export async function answerPublicly(
  interaction: AnswerableInteraction,
  options: (InteractionReplyOptions & { flags?: undefined }) | MessagePayload,
): Promise<void> {
  if (interaction.replied || interaction.deferred) await interaction.followUp(options);
  else await interaction.reply(options);
}

/**
 * Answers privately: a reply if the interaction is still unanswered, a follow-up otherwise. A card
 * (Components V2) keeps its flag beside Ephemeral; plain words go as content.
 */
export async function replyPrivately(
  interaction: AnswerableInteraction,
  card: WithFiles<PrivateCard> | string,
): Promise<void> {
  const options =
    typeof card === 'string'
      ? { content: card, flags: MessageFlags.Ephemeral as const, allowedMentions: { parse: [] } }
      : {
          ...card,
          flags: (MessageFlags.Ephemeral | MessageFlags.IsComponentsV2) as number,
          allowedMentions: { parse: [] },
        };
  if (interaction.replied || interaction.deferred) await interaction.followUp(options);
  else await interaction.reply(options);
}
