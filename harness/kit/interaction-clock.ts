import type { Emulator, InteractionOutcome } from '../../src/emulator/index.js';

/**
 * Times interactions from the virtual user's call (which builds the payload and sends
 * INTERACTION_CREATE down the gateway at once) to the moment the emulator settles it: the bot's
 * callback arrived (or the 3 s window closed). The settle time is taken in the emulator's own
 * event, not after the promise chain, so the driver's bookkeeping is left out.
 */
export class InteractionClock {
  private readonly settledAt = new Map<string, number>();
  private readonly onSettled = (outcome: InteractionOutcome) =>
    this.settledAt.set(outcome.interactionId, performance.now());

  constructor(private readonly discord: Emulator) {
    discord.on('interactionSettled', this.onSettled);
  }

  async time(
    send: () => Promise<InteractionOutcome>,
  ): Promise<{ outcome: InteractionOutcome; sentAt: number; settledAt: number; ms: number }> {
    const sentAt = performance.now();
    const outcome = await send();
    const settledAt = this.settledAt.get(outcome.interactionId) ?? performance.now();
    this.settledAt.delete(outcome.interactionId);
    return { outcome, sentAt, settledAt, ms: settledAt - sentAt };
  }

  close(): void {
    this.discord.off('interactionSettled', this.onSettled);
  }
}
