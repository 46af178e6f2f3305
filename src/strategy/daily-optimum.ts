import {
  applyAction,
  createDailyGame,
  type DailyDeal,
  dealRandom,
  type GameState,
  type KeyedDeal,
  sheetTotal,
} from '../game/index.js';
import { chooseComputerAction } from './computer.js';

/** The seat the optimal player takes in its game on the deal; never a Discord id. */
export const OPTIMUM_PLAYER_ID = 'cpu-optimal-1';

/** What the optimal player did with a day's deal. */
export interface OptimumGame {
  readonly day: number;
  readonly total: number;
  /** The whole game, finished: the same for everyone that day. */
  readonly state: GameState;
}

/**
 * The exact solver playing the day's keyed dice with its own keeps, turn by turn, to the end.
 * Deterministic: the same secret and day always give the same game. About 13 × 2 look-ups in the
 * solver's tables, so a few milliseconds once the tables are built.
 */
export function playOptimum(deal: DailyDeal): OptimumGame {
  const played = playOptimumOn(deal, createDailyGame(OPTIMUM_PLAYER_ID, deal.day));
  return { day: deal.day, ...played };
}

/**
 * The exact solver playing any keyed deal from `game` (its lobby, the optimal player's seat alone,
 * in the deal's rules) to the end: a tournament round's optimum, as `playOptimum` is a day's.
 */
export function playOptimumOn(deal: KeyedDeal, game: GameState): { total: number; state: GameState } {
  let state = game;
  const step = (action: Parameters<typeof applyAction>[1]) => {
    const result = applyAction(state, action, dealRandom(deal, state, action));
    if (!result.ok) throw new Error(`the optimum's ${action.type} was refused: ${result.code}`);
    state = result.state;
  };
  step({ type: 'start', playerId: OPTIMUM_PLAYER_ID });
  while (state.status === 'playing') step(chooseComputerAction(state, 'optimal'));
  return { total: sheetTotal(state.sheets[OPTIMUM_PLAYER_ID] ?? {}), state };
}

/** How many days' optimum games a cache keeps: today's, and the days either side of midnight. */
const DAYS_KEPT = 3;

/** The optimum's game of each day, played on first asking and kept: once per day per process. */
export class OptimumCache {
  private readonly games = new Map<number, OptimumGame>();
  /** How many games were actually played; what a test reads to see the cache work. */
  played = 0;

  constructor(private readonly secret: Buffer) {}

  of(day: number): OptimumGame {
    const known = this.games.get(day);
    if (known) return known;
    const game = playOptimum({ secret: this.secret, day });
    this.played += 1;
    this.games.set(day, game);
    for (const kept of this.games.keys()) if (this.games.size > DAYS_KEPT && kept !== day) this.games.delete(kept);
    return game;
  }
}
