import { setTimeout as sleep } from 'node:timers/promises';
import {
  bestRow,
  canReroll,
  controls,
  currentPlayerId,
  diceOnBoard,
  isFinalStandings,
  requireControl,
  texts,
  title,
  version,
} from '../harness/board.js';
import { answerAfterDeferral } from '../harness/deferred-answer.js';
import type { InteractionClock } from '../harness/kit/interaction-clock.js';
import { pairKeep } from '../harness/pair-keep.js';
import type { EmulatedMessage, Emulator, InteractionOutcome } from '../src/emulator/index.js';
import { ImpossibleActionError } from '../src/emulator/index.js';
import type { RandomInt } from '../src/game/index.js';
import type { Ledger, LedgerKind } from './ledger.js';
import type { RefusalCodes } from './refusal-codes.js';
import type { Tally } from './tally.js';

/** One channel (or thread) of the soak and the people who play there, the host first. */
export interface TableSpec {
  readonly index: number;
  readonly guildId: string;
  /** Where the game runs: a text channel, or a thread. */
  readonly channelId: string;
  readonly threadId: string | undefined;
  readonly people: readonly string[];
  readonly computers: number;
}

export interface TableContext {
  readonly discord: Emulator;
  readonly clock: InteractionClock;
  readonly ledger: Ledger;
  readonly codes: RefusalCodes;
  readonly tally: Tally;
  /** performance.now() when the load began. */
  readonly startedAt: number;
  /** The mean pause between two interactions of one table, like people reading the board. */
  readonly thinkMs: number;
  readonly random: RandomInt;
}

/** A moved-on refusal this many times in a row: the people look for the board with `/crag board`. */
const LOST_AFTER = 3;
/** The share of turns in which someone also asks for a hint, their sheet, the board or their stats. */
const SIDE_ACTION = { hint: 0.04, sheet: 0.03, board: 0.02, stats: 0.02 } as const;
/** The share of lobbies in which someone joins, leaves and joins again. */
const LEAVE_IN_LOBBY = 0.25;
const TURN_TIMER_MINUTES = 10;

type Answer = 'answered' | 'refused' | 'failed';

/** How long a deferred answer may take: the bot waits up to 5 s for a database lock, then answers. */
const DEFERRED_ANSWER_MS = 10_000;

/**
 * The people of one table, playing Crag for as long as the soak runs: `/crag start` (some with a
 * computer), joins (and a leave and a rejoin in some lobbies), Start, keeps, rerolls, rows, hints,
 * sheets, `/crag board`, `/crag stats`, and Play again at the end of each game. Every action whose
 * answer showed the board moved on is written in the ledger; one with no answer is noted as unknown.
 */
export class SoakTable {
  private boardId: string | undefined;
  private gameId: number | undefined;
  private movedOnInARow = 0;
  /** The board `/crag board` posted at the end. */
  private endBoardId: string | undefined;
  private leftInLobby = false;
  /** Who sits in the current lobby, as the accepted answers say. */
  private seated = new Set<string>();

  constructor(
    private readonly ctx: TableContext,
    readonly spec: TableSpec,
  ) {}

  get host(): string {
    return this.spec.people[0] ?? '';
  }

  /** Plays until `running()` says stop. */
  async play(running: () => boolean): Promise<void> {
    await sleep(this.chance() * this.ctx.thinkMs * 2);
    while (running()) {
      try {
        const acted = await this.step();
        await sleep(acted ? this.think() : 250);
      } catch (error) {
        // A person cannot click there now (an archived thread, a board being replaced): look again
        // soon. Anything else is the driver's own mistake, kept for the report; the table plays on.
        if (error instanceof ImpossibleActionError) this.ctx.tally.impossible += 1;
        else this.ctx.tally.driverErrors.push(error instanceof Error ? error.message : String(error));
        await sleep(500);
      }
    }
  }

  /** At the end: the board as `/crag board` shows it, so the check knows each game can be resumed. */
  async showBoard(): Promise<void> {
    const answers: string[] = [];
    let cooling: { person: string; until: number } | undefined;
    for (const person of this.spec.people) {
      const outcome = await this.command(person, 'board', 'board-at-end');
      if (this.tookEndBoard(outcome)) return;
      const until = cooldownUntil(outcome, this.ctx.codes);
      if (until !== undefined && (cooling === undefined || until < cooling.until)) cooling = { person, until };
      answers.push(this.answerOf(outcome));
    }
    // `/crag board`'s cooldown is three of the bot's units (30 s by default), longer than the soak's
    // pause before the end: a table whose people all posted the board just before the load stopped
    // gets only refusals. The first of them whose cooldown ends asks again.
    if (cooling) {
      this.ctx.tally.endBoardsAfterCooldown += 1;
      await sleep(Math.min(Math.max(0, cooling.until - Date.now()), MAX_COOLDOWN_WAIT_MS) + 250);
      const outcome = await this.command(cooling.person, 'board', 'board-at-end');
      if (this.tookEndBoard(outcome)) return;
      answers.push(`after the cooldown: ${this.answerOf(outcome)}`);
    }
    this.ctx.tally.unshownAtEnd.push(
      `table ${this.spec.index} (channel ${this.spec.channelId}, following game ${this.gameId ?? 'none'}): ${answers.join('; ')}`,
    );
  }

  /** Whether `/crag board` at the end showed a game; if so, the ledger knows its version. */
  private tookEndBoard(outcome: InteractionOutcome): boolean {
    const shown = outcome.message && !outcome.ephemeral ? this.gameOf(outcome.message) : undefined;
    if (!shown || !outcome.message) return false;
    this.ctx.ledger.shown(shown.gameId, shown.version);
    this.endBoardId = outcome.message.id;
    return true;
  }

  private answerOf(outcome: InteractionOutcome): string {
    if (outcome.ack === 'failed') return 'no answer';
    return outcome.message ? this.ctx.codes.codeOf(texts(outcome.message).join('\n')) : `${outcome.ack}, no message`;
  }

  /**
   * After every table's board was shown and the bot went quiet again: the board posted at the end as
   * it stands now. A change after it was posted (a computer's turn held while its board was lost, which
   * the posting brought back; a turn timer) is drawn on it by the bot, as players would see it.
   */
  recheckBoard(): void {
    const message = this.endBoardId ? this.ctx.discord.message(this.endBoardId) : undefined;
    const shown = message ? this.gameOf(message) : undefined;
    if (shown) this.ctx.ledger.shown(shown.gameId, shown.version);
  }

  private async step(): Promise<boolean> {
    const board = this.boardId ? this.ctx.discord.message(this.boardId) : undefined;
    if (!board || this.movedOnInARow >= LOST_AFTER) return this.findBoard();
    if (isFinalStandings(board)) return this.afterGame(board);
    const kinds = new Set(controls(board).map((c) => c.kind));
    if (kinds.has('start')) return this.lobby(board);
    if (kinds.has('score') || kinds.has('sheet')) return this.turn(board);
    return this.findBoard();
  }

  /** No board known (the first game, or one lost): `/crag board`, else a new game. */
  private async findBoard(): Promise<boolean> {
    this.movedOnInARow = 0;
    const outcome = await this.command(this.host, 'board', 'board');
    if (outcome.message && !outcome.ephemeral && this.adopt(outcome.message)) return true;
    if (outcome.ack === 'failed') return true;
    return this.start();
  }

  private async start(): Promise<boolean> {
    const options: Record<string, number | boolean> = { 'turn-timer': TURN_TIMER_MINUTES, hints: true };
    if (this.spec.computers > 0) options.computers = this.spec.computers;
    const outcome = await this.command(this.host, 'start', 'start', options);
    if (outcome.message && !outcome.ephemeral) {
      this.seated = new Set([this.host]);
      this.leftInLobby = false;
      this.adopt(outcome.message);
    }
    return true;
  }

  private async lobby(board: EmulatedMessage): Promise<boolean> {
    const waiting = this.spec.people.find((person) => !this.seated.has(person));
    if (waiting) return this.click(board, waiting, 'join', 'join');
    const guest = this.spec.people[1];
    if (guest && !this.leftInLobby && this.chance() < LEAVE_IN_LOBBY) {
      this.leftInLobby = true;
      return this.click(board, guest, 'leave', 'leave');
    }
    return this.click(board, this.host, 'start', 'start');
  }

  private async turn(board: EmulatedMessage): Promise<boolean> {
    const user = currentPlayerId(board);
    const side = this.chance();
    const someone = this.spec.people[Math.floor(this.chance() * this.spec.people.length)] ?? this.host;
    if (side < SIDE_ACTION.hint && user && controls(board).some((c) => c.kind === 'hint')) {
      return this.click(board, user, 'hint', undefined);
    }
    if (side < SIDE_ACTION.hint + SIDE_ACTION.sheet) return this.click(board, someone, 'sheet', undefined);
    if (side < SIDE_ACTION.hint + SIDE_ACTION.sheet + SIDE_ACTION.board) {
      const outcome = await this.command(someone, 'board', 'board');
      if (outcome.message && !outcome.ephemeral) this.adopt(outcome.message);
      return true;
    }
    if (side < SIDE_ACTION.hint + SIDE_ACTION.sheet + SIDE_ACTION.board + SIDE_ACTION.stats) {
      await this.command(someone, 'stats', 'stats');
      return true;
    }
    // A computer's turn: the people wait for the board to move.
    if (!user || !this.spec.people.includes(user)) return false;
    const dice = diceOnBoard(board);
    const wanted = canReroll(board) ? pairKeep(dice.map((die) => die.value)) : null;
    if (wanted) {
      const toggle = dice.find((die, i) => die.kept !== wanted[i]);
      if (toggle) return this.send(board, user, 'keep', 'keep', () => this.press(user, toggle.customId));
      return this.click(board, user, 'reroll', 'reroll');
    }
    const row = bestRow(board);
    return this.send(
      board,
      user,
      'score',
      'score',
      () => this.ctx.discord.chooseOption({ user, message: board.id, customId: row.customId, values: [row.value] }),
      row.value,
    );
  }

  private async afterGame(board: EmulatedMessage): Promise<boolean> {
    if (this.chance() < SIDE_ACTION.stats * 5) {
      await this.command(this.spec.people[1] ?? this.host, 'stats', 'stats');
      return true;
    }
    // No Play again (nobody left to host the series' next game): the host starts a new one.
    const again = controls(board).find((c) => c.kind === 'again');
    if (!again) return this.start();
    const customId = again.customId;
    const sent = await this.interact('again', () => this.press(this.host, customId));
    if (sent.answer !== 'answered') return true;
    // The next game's board is the follow-up the bot posts just after updating the old one.
    const next = await this.ctx.discord
      .waitFor(() => this.ctx.discord.interaction(sent.outcome.interactionId)?.followUpIds[0], {
        timeoutMs: 5_000,
        description: 'the next board after Play again',
      })
      .catch(() => undefined);
    const message = next ? this.ctx.discord.message(next) : undefined;
    if (message && this.adopt(message)) {
      this.seated = new Set(this.spec.people);
      this.leftInLobby = true;
    }
    return true;
  }

  /** Clicks the board's control of this kind; `ledger` names the action when it changes the game. */
  private click(
    board: EmulatedMessage,
    user: string,
    kind: 'join' | 'leave' | 'start' | 'reroll' | 'hint' | 'sheet',
    ledger: LedgerKind | undefined,
  ): Promise<boolean> {
    const customId = requireControl(board, kind).customId;
    return this.send(board, user, kind, ledger, () => this.press(user, customId));
  }

  private async send(
    board: EmulatedMessage,
    user: string,
    kind: string,
    ledger: LedgerKind | undefined,
    send: () => Promise<InteractionOutcome>,
    row?: string,
  ): Promise<boolean> {
    const before = this.gameOf(board);
    const round = roundOf(board);
    const { answer, outcome, code } = await this.interact(kind, send, before?.gameId);
    // A join or leave whose answer went missing may have been applied: the refusal says so.
    if (code === 'refusal.already-joined') this.seated.add(user);
    if (code === 'refusal.not-in-game' && ledger === 'leave') this.seated.delete(user);
    if (!ledger || !before) return true;
    const after = outcome.message && !outcome.ephemeral ? this.gameOf(outcome.message) : undefined;
    if (answer === 'answered' && after && after.gameId === before.gameId && after.version > before.version) {
      this.ctx.ledger.accepted({
        gameId: before.gameId,
        from: before.version,
        to: after.version,
        kind: ledger,
        user,
        ...(row ? { row } : {}),
        ...(round !== undefined ? { round } : {}),
      });
      if (ledger === 'join') this.seated.add(user);
      if (ledger === 'leave') this.seated.delete(user);
    }
    if (outcome.message && !outcome.ephemeral) this.adopt(outcome.message);
    return true;
  }

  /** Sends one interaction and counts what came back. */
  private async interact(
    kind: string,
    send: () => Promise<InteractionOutcome>,
    gameId = this.gameId,
  ): Promise<{ answer: Answer; outcome: InteractionOutcome; code?: string }> {
    const { tally } = this.ctx;
    const timed = await this.ctx.clock.time(send);
    const { sentAt, ms } = timed;
    if (timed.outcome.ack === 'deferred-update' || timed.outcome.ack === 'deferred-reply') tally.deferred += 1;
    const outcome = await answerAfterDeferral(this.ctx.discord, timed.outcome, DEFERRED_ANSWER_MS);
    tally.interactions += 1;
    tally.byKind.set(kind, (tally.byKind.get(kind) ?? 0) + 1);
    const sentAtMs = sentAt - this.ctx.startedAt;
    if (outcome.ack === 'failed') {
      tally.failed.push({ atMs: sentAtMs, kind });
      if (gameId !== undefined) this.ctx.ledger.unknown(gameId);
      return { answer: 'failed', outcome };
    }
    tally.answered.push({ sentAtMs, ms });
    if (outcome.ephemeral && outcome.message && kind !== 'hint' && kind !== 'sheet' && kind !== 'stats') {
      const code = this.ctx.codes.codeOf(texts(outcome.message).join('\n'));
      tally.refused(code);
      if (code === 'refusal.moved-on') this.movedOnInARow += 1;
      return { answer: 'refused', outcome, code };
    }
    this.movedOnInARow = 0;
    return { answer: 'answered', outcome };
  }

  private command(
    user: string,
    subcommand: string,
    kind: string,
    options?: Record<string, number | boolean>,
  ): Promise<InteractionOutcome> {
    return this.interact(kind, () =>
      this.ctx.discord.runCommand({
        user,
        channel: this.spec.channelId,
        name: 'crag',
        subcommand,
        ...(options ? { options } : {}),
      }),
    ).then(({ outcome }) => outcome);
  }

  private press(user: string, customId: string): Promise<InteractionOutcome> {
    if (!this.boardId) throw new ImpossibleActionError('no board');
    return this.ctx.discord.clickButton({ user, message: this.boardId, customId });
  }

  /** Follows a message that shows this table's game at a newer version (or a new game): the board. */
  private adopt(message: EmulatedMessage): boolean {
    const shown = this.gameOf(message);
    if (!shown) return false;
    const newer = this.gameId === undefined || shown.gameId > this.gameId || shown.gameId === this.gameId;
    if (!newer) return false;
    if (shown.gameId !== this.gameId) this.ctx.ledger.seen(shown.gameId, shown.version, this.spec.computers > 0);
    this.gameId = shown.gameId;
    this.boardId = message.id;
    return true;
  }

  private gameOf(message: EmulatedMessage): { gameId: number; version: number } | undefined {
    const first = controls(message).find((c) => c.gameId !== undefined && c.kind !== 'analysis');
    const shownVersion = version(message);
    if (!first || first.gameId === undefined || shownVersion === undefined) return undefined;
    return { gameId: first.gameId, version: shownVersion };
  }

  private chance(): number {
    return this.ctx.random(1_000_000) / 1_000_000;
  }

  private think(): number {
    return -this.ctx.thinkMs * Math.log(1 - this.chance());
  }
}

/** The longest a person waits out a cooldown at the end (the bot's longest on `/crag board` is 3 units). */
const MAX_COOLDOWN_WAIT_MS = 60_000;

/** When a cooldown refusal says the person may try again (its `<t:seconds:R>`), in ms; else undefined. */
export function cooldownUntil(outcome: InteractionOutcome, codes: RefusalCodes): number | undefined {
  if (!outcome.message || !outcome.ephemeral) return undefined;
  const text = texts(outcome.message).join('\n');
  if (codes.codeOf(text) !== 'refusal.cooldown') return undefined;
  const match = /<t:(\d+):R>/.exec(text);
  return match ? Number(match[1]) * 1000 : Date.now() + MAX_COOLDOWN_WAIT_MS;
}

/** The round a board shows in its heading ("Crag · round 3/13"). */
function roundOf(board: EmulatedMessage): number | undefined {
  const match = /(\d+)\s*\/\s*13/.exec(title(board));
  return match ? Number(match[1]) : undefined;
}
