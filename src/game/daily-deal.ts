import { createHmac } from 'node:crypto';
import type { Action } from './actions.js';
import type { Die, RandomInt } from './dice.js';
import { DEFAULT_RULES, type Rules } from './rules.js';
import { createGame, type GameState } from './state.js';

/**
 * The daily deal: one set of dice per UTC day, the same for everyone. A die's face depends only on
 * (day, turn, roll, slot) and a secret the bot keeps: HMAC-SHA256 of those four numbers. So two
 * players who keep the same dice see the same new faces whatever they did in other turns, kept dice
 * never change (the engine never rolls them), and nothing a player sees tells anything about later
 * dice without the secret.
 */
export interface DailyDeal {
  /** At least 32 bytes, generated once and kept in the database; never shown. */
  readonly secret: Buffer;
  /** Days since 1970-01-01, UTC. */
  readonly day: number;
}

/**
 * Any other deal on the same secret: a stream name that no daily deal uses, such as a tournament
 * round's (`tournamentStream`). Every entrant of the round plays the same dice for the same keeps,
 * and nobody can compute them before the round opens without the secret.
 */
export interface StreamDeal {
  readonly secret: Buffer;
  readonly stream: string;
}

export type KeyedDeal = DailyDeal | StreamDeal;

/** The daily deal's stream: the MAC input every daily die has used since the deal began. */
function dailyStream(day: number): string {
  return `crag-daily:${day}`;
}

/** A tournament round's stream: prefixed apart from the daily one, so it is never a day's deal. */
export function tournamentStream(tournamentId: number, round: number): string {
  return `crag-tournament:${tournamentId}:${round}`;
}

function streamOf(deal: KeyedDeal): string {
  return 'stream' in deal ? deal.stream : dailyStream(deal.day);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day (days since 1970-01-01) containing `epochMs`: the day flips at midnight UTC. */
export function dayOf(epochMs: number): number {
  return Math.floor(epochMs / DAY_MS);
}

/** The first moment of a UTC day, in epoch ms. */
export function dayStart(day: number): number {
  return day * DAY_MS;
}

/** The day numbered #1 in what players see (2026-01-01); later days count on from it. */
export const FIRST_DAILY_DAY = dayOf(Date.UTC(2026, 0, 1));

/** The number a day is shown with ("Daily Crag #335"). */
export function dailyNumber(day: number): number {
  return day - FIRST_DAILY_DAY + 1;
}

/** 252 = 42 × 6: a byte below it maps onto the six faces evenly; above it is thrown away. */
const FAIR_BYTE_LIMIT = 252;

/**
 * The face of the die in `slot` (0-2) of roll `roll` (0 the opening roll, 1-2 rerolls) of turn
 * `turn` (1-13) on `day`. Rejection sampling over the MAC's bytes keeps every face at exactly 1/6;
 * in the (1 in 10^57) case that all 32 bytes fall above the limit, a counter extends the stream.
 */
export function keyedDie(secret: Buffer, day: number, turn: number, roll: number, slot: number): Die {
  return streamDie(secret, dailyStream(day), turn, roll, slot);
}

/** `keyedDie` on any stream: the die in `slot` of roll `roll` of turn `turn`. */
export function streamDie(secret: Buffer, stream: string, turn: number, roll: number, slot: number): Die {
  for (let block = 0; ; block += 1) {
    const mac = createHmac('sha256', secret).update(`${stream}:${turn}:${roll}:${slot}:${block}`).digest();
    for (const byte of mac) if (byte < FAIR_BYTE_LIMIT) return ((byte % 6) + 1) as Die;
  }
}

/** The slots a reroll keeping `keep` rolls, left to right (the order the engine draws them in). */
function unkeptSlots(keep: readonly boolean[]): number[] {
  return [0, 1, 2].filter((slot) => !keep[slot]);
}

/**
 * The random source for one action of a daily game: the engine draws one die per call, left to
 * right, and this answers with the keyed faces of the dice that action rolls. A solo game's turn is
 * its round. Asking for more dice than the action rolls is a programming error and throws.
 */
export function dealRandom(deal: KeyedDeal, state: GameState, action: Action): RandomInt {
  const faces = facesRolledBy(deal, state, action);
  let next = 0;
  return (maxExclusive) => {
    const face = faces[next];
    if (maxExclusive !== 6 || face === undefined) {
      throw new RangeError(
        `a daily ${action.type} rolls ${faces.length} dice; asked for die ${next + 1} of ${maxExclusive}`,
      );
    }
    next += 1;
    return face - 1;
  };
}

function facesRolledBy(deal: KeyedDeal, state: GameState, action: Action): Die[] {
  const stream = streamOf(deal);
  const roll = (turn: number, rollNumber: number, slots: readonly number[]) =>
    slots.map((slot) => streamDie(deal.secret, stream, turn, rollNumber, slot));
  switch (action.type) {
    case 'start':
      return roll(1, 0, [0, 1, 2]);
    case 'reroll':
      if (!state.turn) return [];
      return roll(state.round, state.turn.rolls.length, unkeptSlots(action.keep ?? state.turn.keep));
    case 'score':
    case 'time-out':
    case 'leave':
      // The turn ends: the next one opens with three fresh dice.
      return roll(state.round + 1, 0, [0, 1, 2]);
    default:
      return [];
  }
}

/**
 * A new daily game for one person, in the default rules (one reroll, any 13), not started: the
 * start action rolls its first keyed dice.
 */
export function createDailyGame(playerId: string, day: number, name?: string): GameState {
  return { ...createGame(playerId, DEFAULT_RULES, name), dailyDay: day };
}

/** Which tournament round a game plays: its dice come from that round's stream. */
export interface TournamentRound {
  readonly tournamentId: number;
  readonly round: number;
}

/** A new game of one entrant on a duplicate tournament's round, in the tournament's rules, not started. */
export function createRoundGame(playerId: string, round: TournamentRound, rules: Rules, name?: string): GameState {
  return { ...createGame(playerId, rules, name), tournamentRound: round };
}
