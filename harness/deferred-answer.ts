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
        const original = record?.originalMessageId ? discord.message(record.originalMessageId) : undefined;
        // The edited message first: an answer may edit it and then follow up (Play again's next board).
        if (original && outcome.ack === 'deferred-reply' && (original.flags & LOADING) === 0) return original;
        if (original && outcome.ack === 'deferred-update' && JSON.stringify(original) !== shown) return original;
        // Else a follow-up in its place (a refusal), the placeholder deleted or the clicked message left as it was.
        return record?.followUpIds[0] ? discord.message(record.followUpIds[0]) : undefined;
      },
      { timeoutMs, description: 'the answer after a deferral' },
    )
    .catch(() => undefined);
  if (!answer) return { ...outcome, ack: 'failed', error: 'the answer never followed its deferral' };
  return { ...outcome, message: answer, ephemeral: (answer.flags & EPHEMERAL) !== 0 };
}
