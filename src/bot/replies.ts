import {
  type InteractionReplyOptions,
  InteractionResponseType,
  type MessageComponentInteraction,
  MessageFlags,
  Routes,
} from 'discord.js';
import { claimAnswer } from './answer-in-time.js';
import type { AnswerableInteraction } from './answerable.js';
import { takeFollowUp } from './follow-up-tally.js';
import type { WithFiles } from './game-message.js';
import type { MessagePayload, PrivateCard } from './render/index.js';
import { type OutgoingMessage, toRestRequest } from './rest-message.js';

/*
 * Every answer to an interaction goes through these helpers, which claim it first (see
 * answer-in-time.ts): an interaction that was slow to answer has been deferred by then, and its
 * answer fills the deferral in rather than being refused as a second acknowledgement.
 */

type Visibility = 'public' | 'private';

/** A deferred reply's "thinking…" placeholder not yet filled in, and whom it shows to. */
function placeholder(interaction: AnswerableInteraction): Visibility | undefined {
  if (!interaction.deferred || interaction.replied || interaction.isMessageComponent()) return undefined;
  return interaction.ephemeral ? 'private' : 'public';
}

/** A reply, or a follow-up once the interaction was answered or deferred; the message's id when known. */
async function answer(
  interaction: AnswerableInteraction,
  options: InteractionReplyOptions,
  visibility: Visibility,
): Promise<string | undefined> {
  await claimAnswer(interaction);
  if (!interaction.deferred && !interaction.replied) {
    const response = await interaction.reply({ ...options, withResponse: true });
    return response.resource?.message?.id;
  }
  const waiting = placeholder(interaction);
  // Filled in by an edit of @original (receiving-and-responding.mdx: a follow-up doing so is
  // deprecated). An edit takes no Ephemeral flag: the placeholder already decided that.
  if (waiting === visibility) {
    // Only IS_COMPONENTS_V2 is left to set; nothing at all for plain words.
    const flags = typeof options.flags === 'number' ? options.flags & ~MessageFlags.Ephemeral : 0;
    return (await interaction.editReply({ ...options, flags: flags || undefined })).id;
  }
  // Its visibility was chosen before the answer was known: an answer of the other kind takes its
  // place as a follow-up of its own (Discord's docs do not say more of a follow-up after the
  // placeholder is deleted; the emulator makes it a new message with its own flags).
  // Counted first where a game keeps this token (follow-up-tally.ts); none left: nothing is sent.
  if (!(await takeFollowUp(interaction))) return undefined;
  if (waiting) await interaction.deleteReply();
  return (await interaction.followUp(options)).id;
}

/**
 * Answers for the channel to see: a reply, or a follow-up when a fresh board already answered.
 * Returns the message's id (a board's, which the bot then keeps up to date).
 */
export function answerPublicly(
  interaction: AnswerableInteraction,
  options: (InteractionReplyOptions & { flags?: undefined }) | MessagePayload,
): Promise<string | undefined> {
  return answer(interaction, options, 'public');
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
  await answer(interaction, options, 'private');
}

/**
 * Redraws the clicked message: the interaction's update, or an edit of it once a slow click was
 * deferred. The update is posted as the REST call itself: the message is already Discord's JSON, and
 * discord.js's `update()` resolves it again on every click (a lookup of three modules among it),
 * which was a few per cent of the bot's work per click.
 */
export async function updateClicked(interaction: MessageComponentInteraction, message: OutgoingMessage): Promise<void> {
  await claimAnswer(interaction);
  if (interaction.deferred) {
    await interaction.editReply(message);
    return;
  }
  // A second callback would only be refused by Discord (and count as an invalid request).
  if (interaction.replied) throw new Error(`interaction ${interaction.id} was already answered`);
  const { body, files } = toRestRequest(message);
  await interaction.client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
    body: { type: InteractionResponseType.UpdateMessage, data: body },
    files,
    auth: false,
  });
  // What update() records, so that a later answer to this click is a follow-up.
  interaction.replied = true;
}

/** Acknowledges a command whose answer takes a while (an export) with a private "thinking…", unless it was answered already. */
export async function deferPrivately(interaction: AnswerableInteraction): Promise<void> {
  await claimAnswer(interaction);
  if (!interaction.deferred && !interaction.replied) await interaction.deferReply({ flags: MessageFlags.Ephemeral });
}
