import { expect } from 'vitest';
import {
  canReroll,
  controls,
  currentPlayerId,
  dice,
  isFinalStandings,
  keptFlags,
  requireControl,
  rowChoices,
} from '../../../harness/board.js';
import { answerAfterDeferral } from '../../../harness/deferred-answer.js';
import { pairKeep } from '../../../harness/pair-keep.js';
import type { ComponentKind } from '../../../src/bot/custom-id.js';
import type { EmulatedMessage, InteractionOutcome } from '../../../src/emulator/index.js';
import type { TestWorld } from './world.js';

export type OptionValue = string | number | boolean;

/** What a virtual player does with the dice: which to keep before a reroll, and which row to take. */
export interface TurnPolicy {
  /** Dice to keep; return null to stand (no reroll). */
  keep(dice: readonly number[]): readonly boolean[] | null;
  /** The row to score, from the menu's offer. */
  row(choices: readonly { value: string; points: number }[]): string;
}

/** Keep a pair and reroll the odd die, else stand; take the row with the most points (the cheapest on a tie). */
export const PAIR_HUNTER: TurnPolicy = {
  keep: pairKeep,
  row(choices) {
    let best = choices[0];
    for (const choice of choices) if (best && choice.points >= best.points) best = choice;
    if (!best) throw new Error('no row on offer');
    return best.value;
  },
};

/** Never rerolls, and fills the rows in the menu's order: a poor way to play, and a quick one. */
export const STANDER: TurnPolicy = {
  keep: () => null,
  row: (choices) => {
    const first = choices[0];
    if (!first) throw new Error('no row on offer');
    return first.value;
  },
};

/** One channel's game, played by virtual users through the emulator. */
export class Table {
  boardId = '';

  constructor(
    readonly world: Pick<TestWorld, 'discord' | 'channel'>,
    readonly channelId = world.channel().id,
  ) {}

  get discord() {
    return this.world.discord;
  }

  board(): EmulatedMessage {
    const message = this.discord.message(this.boardId);
    if (!message) throw new Error(`board ${this.boardId} is gone`);
    return message;
  }

  command(user: string, subcommand: string, options?: Record<string, OptionValue>): Promise<InteractionOutcome> {
    return this.discord.runCommand({ user, channel: this.channelId, name: 'crag', subcommand, options });
  }

  /** `/crag start`: the public lobby message becomes the board. */
  async open(host: string, options?: Record<string, OptionValue>): Promise<EmulatedMessage> {
    const outcome = await answerAfterDeferral(this.discord, await this.command(host, 'start', options));
    expect(outcome.ack, outcome.error ?? '').toMatch(/^(reply|deferred-reply)$/);
    expect(outcome.ephemeral).toBe(false);
    if (!outcome.message) throw new Error('no lobby message');
    this.boardId = outcome.message.id;
    return outcome.message;
  }

  click(user: string, kind: ComponentKind, message = this.board()): Promise<InteractionOutcome> {
    return this.discord.clickButton({ user, message: message.id, customId: requireControl(message, kind).customId });
  }

  /**
   * A click that must change the board in place: its update, or (on a machine so loaded that the
   * answer took over 2 s) a deferral and the edit that followed it.
   */
  async act(user: string, kind: ComponentKind): Promise<EmulatedMessage> {
    const clicked = this.boardId;
    const outcome = await answerAfterDeferral(this.discord, await this.click(user, kind));
    expectInPlace(outcome, clicked, `${kind} by ${user}`);
    return this.board();
  }

  async chooseRow(user: string, row: string): Promise<InteractionOutcome> {
    return this.discord.chooseOption({
      user,
      message: this.boardId,
      customId: requireControl(this.board(), 'score').customId,
      values: [row],
    });
  }

  /** Clicks a die's keep button; the board must change in place. */
  async toggleKeep(user: string, die: number): Promise<EmulatedMessage> {
    const button = controls(this.board()).filter((c) => c.kind === 'keep')[die];
    if (!button) throw new Error(`no die ${die}`);
    const clicked = await this.discord.clickButton({ user, message: this.boardId, customId: button.customId });
    expectInPlace(await answerAfterDeferral(this.discord, clicked), this.boardId, `keep ${die} by ${user}`);
    return this.board();
  }

  /** The clicks of one whole turn; returns the row taken, the points the menu promised and the dice. */
  async playTurn(
    user: string,
    policy: TurnPolicy = PAIR_HUNTER,
  ): Promise<{ row: string; points: number; dice: number[] }> {
    expect(currentPlayerId(this.board())).toBe(user);
    while (canReroll(this.board())) {
      const wanted = policy.keep(dice(this.board()));
      if (!wanted || wanted.every(Boolean)) break;
      const kept = keptFlags(this.board());
      for (let die = 0; die < 3; die += 1) if (kept[die] !== wanted[die]) await this.toggleKeep(user, die);
      await this.act(user, 'reroll');
    }
    return this.finishTurn(user, policy);
  }

  private async finishTurn(user: string, policy: TurnPolicy): Promise<{ row: string; points: number; dice: number[] }> {
    const choices = rowChoices(this.board());
    const row = policy.row(choices);
    const points = choices.find((choice) => choice.value === row)?.points ?? Number.NaN;
    const shown = dice(this.board());
    const chosen = await answerAfterDeferral(this.discord, await this.chooseRow(user, row));
    expectInPlace(chosen, this.boardId, `${row} by ${user}`);
    return { row, points, dice: shown };
  }

  isFinished(): boolean {
    return isFinalStandings(this.board());
  }

  /** Waits until it is `user`'s turn (the computers have moved) or the game is over; whether it goes on. */
  async untilTurnOf(user: string): Promise<boolean> {
    await this.discord.waitFor(() => this.isFinished() || currentPlayerId(this.board()) === user, {
      timeoutMs: 10_000,
    });
    return !this.isFinished();
  }
}

/**
 * The clicked message changed in place: an update, or a deferred update whose edit followed (not a
 * reply, nor a refusal following the deferral).
 */
function expectInPlace(outcome: InteractionOutcome, clicked: string, what: string): void {
  expect(outcome.ack, `${what}: ${outcome.error ?? JSON.stringify(outcome.message?.content)}`).toMatch(
    /^(update|deferred-update)$/,
  );
  expect(outcome.message?.id, what).toBe(clicked);
}
