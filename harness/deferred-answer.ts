import type { Emulator, InteractionOutcome } from '../src/emulator/index.js';

const EPHEMERAL = 1 << 6;
/** A deferred reply's "thinking…" placeholder. */
const LOADING = 1 << 7;

/**
 * An interaction's answer as a person ends up seeing it. Most are the acknowledgement itself; a
 * slow one the bot deferred (src/bot/answer-in-time.ts) comes after it: the clicked message edited,
 * the "thinking…" filled in, or a follow-up in its place (a refusal). The outcome keeps its `ack`
 * (`deferred-update`, `deferred-reply`) and gets the message shown in the end; one whose answer
 * never came within `timeoutMs` becomes `failed`. Shared by the soak's people and the tests'.
 */
export async function answerAfterDeferral(
  discord: Emulator,
  outcome: InteractionOutcome,
  timeoutMs = 10_000,
): Promise<InteractionOutcome> {
  if (outcome.ack !== 'deferred-update' && outcome.ack !== 'deferred-reply') return outcome;
  const shown = JSON.stringify(outcome.message);
  const answer = await discord
    .waitFor(
      () => {
        const record = discord.interaction(outcome.interactionId);
        const followUp = record?.followUpIds[0] ? discord.message(record.followUpIds[0]) : undefined;
        if (followUp) return followUp;
        const original = record?.originalMessageId ? discord.message(record.originalMessageId) : undefined;
        if (!original) return undefined;
        if (outcome.ack === 'deferred-reply') return (original.flags & LOADING) === 0 ? original : undefined;
        return JSON.stringify(original) !== shown ? original : undefined;
      },
      { timeoutMs, description: 'the answer after a deferral' },
    )
    .catch(() => undefined);
  if (!answer) return { ...outcome, ack: 'failed', error: 'the answer never followed its deferral' };
  return { ...outcome, message: answer, ephemeral: (answer.flags & EPHEMERAL) !== 0 };
}
