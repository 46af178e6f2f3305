import {
  type Action,
  dealRandom,
  type GameState,
  type RandomInt,
  type StreamDeal,
  tournamentStream,
} from '../game/index.js';
import { type DailyStore, openDailyStore } from '../store/daily/index.js';
import type { StoreLocation } from '../store/index.js';
import { OptimumCache } from '../strategy/index.js';

/**
 * What the bot knows of the daily deal: its store, the stream's secret (read once at start-up,
 * never sent anywhere) and the optimum's game of each day, played once per day and cached.
 */
export class DailyDeals {
  readonly optimum: OptimumCache;

  private constructor(
    readonly store: DailyStore,
    private readonly secret: Buffer,
  ) {
    this.optimum = new OptimumCache(secret);
  }

  /** Opens the daily store on the GameStore's database (already migrated) and reads (or makes) the secret. */
  static async open(location: StoreLocation, onConnectionError?: (error: Error) => void): Promise<DailyDeals> {
    const store = await openDailyStore(location, onConnectionError);
    try {
      return new DailyDeals(store, await store.secret());
    } catch (error) {
      await store.close();
      throw error;
    }
  }

  /**
   * The keyed dice of a daily game's action, or of a tournament round's; undefined for any other
   * game, whose dice are random.
   */
  randomFor(state: GameState, action: Action): RandomInt | undefined {
    if (state.dailyDay !== undefined) return dealRandom({ secret: this.secret, day: state.dailyDay }, state, action);
    const round = state.tournamentRound;
    if (round === undefined) return undefined;
    return dealRandom(this.roundDeal(round.tournamentId, round.round), state, action);
  }

  /** A tournament round's deal: the same secret, the round's own stream. */
  roundDeal(tournamentId: number, round: number): StreamDeal {
    return { secret: this.secret, stream: tournamentStream(tournamentId, round) };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** The channel id a daily game is stored under: its own, so it never takes a real channel's one game. */
export function dailyTable(day: number, playerId: string): string {
  return `daily-${day}-${playerId}`;
}
