import { type CategoryId, ROW_COUNT } from './categories.js';
import type { Dice, Keep } from './dice.js';
import type { Rules } from './rules.js';
import { withoutInvisibleControls } from './visible-name.js';

export type GameStatus = 'lobby' | 'playing' | 'finished' | 'cancelled';

/** Finished or cancelled: such a game never changes again. */
export function isGameOver(state: { readonly status: GameStatus }): boolean {
  return state.status === 'finished' || state.status === 'cancelled';
}

/** How a computer seat plays: greedy, the exact solitaire optimum, or the optimum tuned to win. */
export type ComputerLevel = 'easy' | 'optimal' | 'strong';

export const COMPUTER_LEVELS = ['easy', 'optimal', 'strong'] as const satisfies readonly ComputerLevel[];

export const MAX_SEATS = 5;

/** The one format of a computer seat's player id: `cpu-<level>-<n>`, n counting from 1 per level. */
export function computerPlayerId(level: ComputerLevel, n: number): string {
  return `cpu-${level}-${n}`;
}

/** The level and number of a computer seat's id, or undefined for a person's Discord id. */
export function parseComputerPlayerId(playerId: string): { level: ComputerLevel; n: number } | undefined {
  const match = /^cpu-(easy|optimal|strong)-([1-9]\d*)$/.exec(playerId);
  if (!match) return undefined;
  return { level: match[1] as ComputerLevel, n: Number(match[2]) };
}
/** One round per row: every player fills one row a round. */
export const ROUNDS = ROW_COUNT;
/** Turns a player may miss in a row before the game removes them. */
export const MAX_MISSED_TURNS = 3;

export interface Seat {
  /** A Discord user id, or a computer seat's id (see computerPlayerId). */
  readonly playerId: string;
  readonly computer: ComputerLevel | null;
  /** Left the game, or was removed after missed turns; their open rows scored 0. */
  readonly left: boolean;
  /** Turns timed out in a row. */
  readonly missedTurns: number;
  /**
   * How the server showed this person when they last joined or acted (their display name, as typed:
   * renderers escape it); for display only, absent for computer seats and games from before names
   * were kept. A `<@id>` mention shows as a bare number wherever Discord has not loaded the member.
   */
  readonly name?: string;
}

export interface SheetEntry {
  readonly points: number;
  /** The round in which the row was filled. */
  readonly round: number;
}

export type Sheet = Readonly<Partial<Record<CategoryId, SheetEntry>>>;

/** The turn in progress: every roll so far and the keeps chosen before each reroll. */
export interface Turn {
  /** rolls[0] is the opening roll; each reroll appends one. The last is on the table. */
  readonly rolls: readonly Dice[];
  /** keeps[i] is what was kept when rolls[i] was rerolled into rolls[i + 1]. */
  readonly keeps: readonly Keep[];
  /** The dice marked to keep for the next reroll. */
  readonly keep: Keep;
}

/** A finished turn, kept for the post-game analysis. */
export interface TurnRecord {
  readonly round: number;
  readonly playerId: string;
  readonly rolls: readonly Dice[];
  readonly keeps: readonly Keep[];
  readonly category: CategoryId;
  readonly points: number;
  readonly timedOut: boolean;
}

export type EndReason = 'completed' | 'cancelled' | 'abandoned';

/** A whole game as plain data: it serialises to JSON and back without loss. */
export interface GameState {
  /** Increases by one with every accepted action; boards and saves are checked against it. */
  readonly version: number;
  readonly rules: Rules;
  readonly hostId: string;
  readonly status: GameStatus;
  readonly seats: readonly Seat[];
  /** 0 in the lobby, then 1 to 13. */
  readonly round: number;
  /** The index in `seats` of the player to act; meaningful while playing. */
  readonly currentSeat: number;
  readonly turn: Turn | null;
  /** Each player's sheet, by player id. */
  readonly sheets: Readonly<Record<string, Sheet>>;
  readonly history: readonly TurnRecord[];
  readonly endReason: EndReason | null;
  /**
   * The UTC day (days since 1970-01-01) of the daily deal this game plays, whose dice come from the
   * keyed stream (daily-deal.ts); absent for every other game.
   */
  readonly dailyDay?: number;
  /**
   * The duplicate tournament round this game plays (daily-deal.ts: its dice come from the round's
   * keyed stream); absent for every other game.
   */
  readonly tournamentRound?: { readonly tournamentId: number; readonly round: number };
  /**
   * The tables tournament round this game is a table of: played live in a thread of its own, it
   * counts in the tournament's round, never in a channel's series. Absent for every other game.
   */
  readonly tournamentTable?: { readonly tournamentId: number; readonly round: number };
}

/** A new lobby with its host seated; `hostName` is how the server shows the host (see Seat.name). */
export function createGame(hostId: string, rules: Rules, hostName?: string): GameState {
  const state: GameState = {
    version: 1,
    rules,
    hostId,
    status: 'lobby',
    seats: [{ playerId: hostId, computer: null, left: false, missedTurns: 0 }],
    round: 0,
    currentSeat: 0,
    turn: null,
    sheets: { [hostId]: {} },
    history: [],
    endReason: null,
  };
  return hostName === undefined ? state : withSeatName(state, hostId, hostName);
}

/** Display names are at most 32 characters on Discord; anything longer is cut, never stored whole. */
export const MAX_NAME_LENGTH = 32;

/**
 * The state with `name` remembered on `playerId`'s seat (a person's seat only; computers have
 * labels). Whitespace runs, line breaks included, become single spaces; invisible controls
 * (bidirectional overrides…) go; an empty name is ignored.
 */
export function withSeatName(state: GameState, playerId: string, name: string): GameState {
  const visible = withoutInvisibleControls(name);
  const tidy = Array.from(visible.replace(/\s+/gu, ' ').trim()).slice(0, MAX_NAME_LENGTH).join('');
  const index = state.seats.findIndex((seat) => seat.playerId === playerId && seat.computer === null);
  if (tidy === '' || index < 0 || state.seats[index]?.name === tidy) return state;
  return { ...state, seats: state.seats.map((seat, i) => (i === index ? { ...seat, name: tidy } : seat)) };
}

export function currentDice(turn: Turn): Dice {
  const dice = turn.rolls[turn.rolls.length - 1];
  if (!dice) throw new Error('a turn always has its opening roll');
  return dice;
}

export function rerollsLeft(state: GameState): number {
  return state.turn ? state.rules.rerolls - (state.turn.rolls.length - 1) : 0;
}

export function currentSeat(state: GameState): Seat | undefined {
  return state.status === 'playing' ? state.seats[state.currentSeat] : undefined;
}

export function currentPlayerId(state: GameState): string | undefined {
  return currentSeat(state)?.playerId;
}

export function seatOf(state: GameState, playerId: string): Seat | undefined {
  return state.seats.find((seat) => seat.playerId === playerId);
}

export function sheetTotal(sheet: Sheet): number {
  let total = 0;
  for (const entry of Object.values(sheet)) total += entry?.points ?? 0;
  return total;
}

export function openRows(sheet: Sheet, order: readonly CategoryId[]): CategoryId[] {
  return order.filter((id) => sheet[id] === undefined);
}

export function serializeGame(state: GameState): string {
  return JSON.stringify(state);
}

export function deserializeGame(json: string): GameState {
  const value = JSON.parse(json) as GameState;
  if (typeof value !== 'object' || value === null || typeof value.version !== 'number' || !Array.isArray(value.seats)) {
    throw new TypeError('not a serialised Crag game');
  }
  return value;
}
