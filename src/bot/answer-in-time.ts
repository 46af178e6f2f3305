import { MessageFlags } from 'discord.js';
import { metrics } from '../ops/metrics.js';
import type { AnswerableInteraction } from './answerable.js';

/**
 * How a slow interaction is acknowledged before its answer is ready: a click with a deferred update
 * (the board stays as it is until the answer edits it), a command with a deferred reply ("thinking…")
 * that is public or private as the command's answer usually is.
 */
export type Deferral = 'update' | 'public' | 'private';

/**
 * How long after its creation an interaction still unanswered is acknowledged without its answer.
 * Discord fails an interaction that is not acknowledged within 3 s of its creation; this leaves a
 * second for the deferral itself to get there. An answer normally takes milliseconds: only a store
 * that waits (a write lock held by a backup or an operator's shell, a reconnecting PostgreSQL) or a
 * queue of requests ahead of a board's answer takes longer.
 */
export const DEFER_AFTER_MS = 2_000;

/**
 * How long the interaction was on its way before it arrived, by Discord's clock (its snowflake)
 * against ours: an interaction replayed after a gateway resume has already used part of its 3 s.
 * 0 when that is negative or past the 3 s, which says the clocks disagree (a host's clock off, an
 * emulator keeping a clock of its own): the deadline then counts from the arrival.
 */
function ageOnArrival(interaction: AnswerableInteraction): number {
  const age = Date.now() - interaction.createdTimestamp;
  return age > 0 && age < 3_000 ? age : 0;
}

/**
 * One interaction's deadline. Its first answer, whoever sends it, claims the interaction: either
 * the handler (`claim`, in the helpers of replies.ts), or the timer, which then defers. Neither can
 * be sent while the other is in flight, so the two never race for the one acknowledgement Discord
 * accepts; an answer that comes after a deferral fills it in instead.
 */
class Deadline {
  readonly #timer: NodeJS.Timeout;
  #claimed = false;
  #deferring: Promise<void> | undefined;

  constructor(
    private readonly interaction: AnswerableInteraction,
    private readonly deferral: Deferral,
    afterMs: number,
    private readonly onFailure: (error: unknown) => void,
  ) {
    this.#timer = setTimeout(() => this.#defer(), Math.max(0, afterMs - ageOnArrival(interaction)));
    // A deadline never keeps a process alive that is shutting down.
    this.#timer.unref();
  }

  /** The deferral, unless an answer began first. A deferral that fails is logged; the answer then tries for itself. */
  #defer(): void {
    if (this.#claimed) return;
    this.#claimed = true;
    metrics.slowAnswers.inc();
    const { interaction } = this;
    const sent =
      this.deferral === 'update' && interaction.isMessageComponent()
        ? interaction.deferUpdate()
        : interaction.deferReply(this.deferral === 'private' ? { flags: MessageFlags.Ephemeral } : {});
    this.#deferring = sent.then(() => undefined, this.onFailure);
  }

  /** Before an answer: no deferral starts from now on, and one already under way has landed. */
  async claim(): Promise<void> {
    clearTimeout(this.#timer);
    this.#claimed = true;
    await this.#deferring;
  }

  /**
   * Whether the timer deferred the interaction (so a LAUNCH_ACTIVITY, which must come first, cannot
   * follow). A deferral that failed left it unanswered.
   */
  get deferred(): boolean {
    return this.#deferring !== undefined && this.interaction.deferred;
  }

  /** The handler is done: a deadline still pending has nothing left to cover. */
  disarm(): void {
    clearTimeout(this.#timer);
    this.#claimed = true;
  }
}

const deadlines = new WeakMap<AnswerableInteraction, Deadline>();

/**
 * Arms an interaction's deadline (the router does, as the interaction arrives); returns what ends
 * it once the handler is done.
 */
export function deferWhenSlow(
  interaction: AnswerableInteraction,
  deferral: Deferral,
  onFailure: (error: unknown) => void,
  afterMs = DEFER_AFTER_MS,
): () => void {
  const deadline = new Deadline(interaction, deferral, afterMs, onFailure);
  deadlines.set(interaction, deadline);
  return () => deadline.disarm();
}

/**
 * Claims an interaction for an answer about to be sent (see Deadline). Every first answer goes
 * through here; an interaction with no deadline armed (a test's, a tool's) has nothing to wait for.
 */
export async function claimAnswer(interaction: AnswerableInteraction): Promise<void> {
  await deadlines.get(interaction)?.claim();
}

/** Whether the interaction was deferred for being slow, rather than answered by its handler. */
export function deferredForSlowness(interaction: AnswerableInteraction): boolean {
  return deadlines.get(interaction)?.deferred ?? false;
}
