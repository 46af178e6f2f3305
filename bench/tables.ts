import {
  allComponents,
  bestRow,
  canReroll,
  currentPlayerId,
  diceOnBoard,
  isFinalStandings,
  requireControl,
} from '../harness/board.js';
import { pairKeep } from '../harness/pair-keep.js';
import type { AckKind, EmulatedMessage, Emulator, InteractionOutcome } from '../src/emulator/index.js';
import { BASELINE_IDS, BASELINE_ROW_VALUES } from './baseline-board.js';
import { PERSISTING_IDS } from './persisting-baseline.js';

/** One interaction a virtual player is about to make. */
export interface Click {
  /** keep, reroll, score, again… (for the per-kind figures). */
  readonly kind: string;
  /** The answer the click should get; anything else counts as refused. */
  readonly expect: AckKind;
  readonly send: () => Promise<InteractionOutcome>;
}

/** A channel under load: what its players click next, one interaction at a time. */
export interface LoadTable {
  next(): Click;
  /** Follows the outcome (e.g. the new board after Play again) before the next click. */
  settled(click: Click, outcome: InteractionOutcome): Promise<void>;
}

/**
 * A Crag game played by the player named on the board: hunt a pair (one click per die toggled,
 * then Reroll), then take the row with the most points; on the final standings, Play again.
 */
export class GameTable implements LoadTable {
  constructor(
    private readonly discord: Emulator,
    private boardId: string,
    private readonly players: readonly string[],
  ) {}

  private board(): EmulatedMessage {
    const board = this.discord.message(this.boardId);
    if (!board) throw new Error(`board ${this.boardId} is gone`);
    return board;
  }

  next(): Click {
    const board = this.board();
    if (isFinalStandings(board)) {
      const customId = requireControl(board, 'again').customId;
      const user = this.players[0]!;
      return { kind: 'again', expect: 'update', send: () => this.click(user, customId) };
    }
    const user = currentPlayerId(board);
    if (!user) throw new Error(`nobody to act on board ${board.id}`);
    const dice = diceOnBoard(board);
    const wanted = canReroll(board) ? pairKeep(dice.map((die) => die.value)) : null;
    if (wanted) {
      const toggle = dice.find((die, i) => die.kept !== wanted[i]);
      if (toggle) return { kind: 'keep', expect: 'update', send: () => this.click(user, toggle.customId) };
      const customId = requireControl(board, 'reroll').customId;
      return { kind: 'reroll', expect: 'update', send: () => this.click(user, customId) };
    }
    const row = bestRow(board);
    return {
      kind: 'score',
      expect: 'update',
      send: () =>
        this.discord.chooseOption({ user, message: this.boardId, customId: row.customId, values: [row.value] }),
    };
  }

  async settled(click: Click, outcome: InteractionOutcome): Promise<void> {
    if (click.kind !== 'again' || outcome.ack !== 'update') return;
    // The next game's board is the follow-up the bot posts just after updating the old one.
    this.boardId = await this.discord.waitFor(() => this.discord.interaction(outcome.interactionId)?.followUpIds[0], {
      timeoutMs: 5_000,
      description: 'the next board after Play again',
    });
  }

  private click(user: string, customId: string): Promise<InteractionOutcome> {
    return this.discord.clickButton({ user, message: this.boardId, customId });
  }
}

/** The ids a baseline's board answers to: three dice, Reroll and the menu of rows. */
interface BaselineIds {
  readonly keep: readonly string[];
  readonly reroll: string;
  readonly score: string;
}

/**
 * The game's rhythm on a baseline's board: toggle a die, reroll, choose a row, each player in turn
 * (neither baseline enforces turns, so the players take theirs by the clock of the rhythm).
 */
abstract class RhythmTable implements LoadTable {
  private step = 0;

  constructor(
    protected readonly discord: Emulator,
    protected readonly boardId: string,
    private readonly players: readonly string[],
    private readonly ids: BaselineIds,
  ) {}

  next(): Click {
    const step = this.step;
    this.step += 1;
    const user = this.players[Math.floor(step / 3) % this.players.length]!;
    const message = this.boardId;
    switch (step % 3) {
      case 0: {
        const customId = this.ids.keep[Math.floor(step / 3) % 3]!;
        return { kind: 'keep', expect: 'update', send: () => this.discord.clickButton({ user, message, customId }) };
      }
      case 1:
        return {
          kind: 'reroll',
          expect: 'update',
          send: () => this.discord.clickButton({ user, message, customId: this.ids.reroll }),
        };
      default: {
        const values = [this.rowToScore(step)];
        return {
          kind: 'score',
          expect: 'update',
          send: () => this.discord.chooseOption({ user, message, customId: this.ids.score, values }),
        };
      }
    }
  }

  async settled(): Promise<void> {}

  /** The row the menu's press at `step` chooses. */
  protected abstract rowToScore(step: number): string;
}

/** The do-nothing baseline's constant board: its rows in turn. */
export class BaselineTable extends RhythmTable {
  constructor(discord: Emulator, boardId: string, players: readonly string[]) {
    super(discord, boardId, players, BASELINE_IDS);
  }

  protected rowToScore(step: number): string {
    return BASELINE_ROW_VALUES[step % BASELINE_ROW_VALUES.length]!;
  }
}

/** The persisting baseline's board (bench/persisting-baseline.ts): the first open row its menu lists. */
export class PersistingTable extends RhythmTable {
  constructor(discord: Emulator, boardId: string, players: readonly string[]) {
    super(discord, boardId, players, PERSISTING_IDS);
  }

  protected rowToScore(): string {
    const board: EmulatedMessage | undefined = this.discord.message(this.boardId);
    if (!board) throw new Error(`board ${this.boardId} is gone`);
    const menu = allComponents(board).find((c) => c.custom_id === PERSISTING_IDS.score) as
      | { options?: { value: string }[] }
      | undefined;
    const value = menu?.options?.[0]?.value;
    if (!value) throw new Error(`no open row on board ${this.boardId}`);
    return value;
  }
}
