import { type LatencySummary, summarize, timeEachSync } from '../harness/kit/figures.js';
import {
  ALL_RULE_SETS,
  DEFAULT_RULES,
  type GameState,
  type RandomInt,
  ROUNDS,
  seededRandom,
} from '../src/game/index.js';
import { type PlacedSeat, type Rating, rateGame } from '../src/ratings/index.js';
import type { GameStore, NewGame, StoreLocation } from '../src/store/index.js';
import { GameTemplates, type Person, pick, snowflake } from './game-templates.js';
import { type HistoryClock, openHistoryStore } from './history-db.js';
import { playTurn, playTurns, startedGame } from './simulate.js';

/**
 * The ratings' half of issue 43's figures (bench/tournaments.ts runs them on each backend): the
 * rating update alone, the save that ends a rated game against unrated ones, and the rebuild of
 * every rating from the stored games, each through the bot's own code.
 */
export interface FinalSaveFigures {
  /** saveState of the move that ends a game of five people, ratings already held by all five. */
  readonly rated5People: LatencySummary;
  /** The same save for one person and four computers: five seats, not rated. */
  readonly unrated1Person4Computers: LatencySummary;
  /** The same save for one person alone: not rated. */
  readonly unratedSolo: LatencySummary;
}

export interface RebuildFigures {
  readonly ratedGames: number;
  readonly ratings: number;
  /** Stored ratings the replay disagreed with: 0 means it gave exactly the stored values. */
  readonly differing: number;
  /** rebuildRatings({ write: true }), what `npm run ratings:rebuild` runs. */
  readonly rebuildS: number;
  readonly rebuildUsPerGame: number;
  /** How long writing the games through the store took (cumulative, all sizes so far). */
  readonly writeS: number;
  /** The Node heap after the rebuild, to show what the one-pass replay holds. */
  readonly heapMb: number;
}

const NOW = Date.UTC(2026, 11, 1, 12);
/** People the final-save games seat five of; a few hundred finished games among them rate them all first. */
const POOL = 40;
const SEEDING_GAMES = 300;
/** Rated games per createGames transaction while a rebuild's history is written. */
const BATCH = 500;
const REBUILD_SERVERS = 1000;
const PEOPLE_PER_SERVER = 5;

/** rateGame for five seats whose ratings are all known, as at a live server's game end. */
export function timeRateGame(calls: number): LatencySummary {
  const random = seededRandom(5);
  const known = new Map<string, Rating>(
    Array.from({ length: POOL }, (_, n) => [
      snowflake(1, n),
      { mu: 20 + random(100) / 10, sigma: 2 + random(40) / 10 },
    ]),
  );
  const before = (id: string) => known.get(id);
  // Seated before the clock starts: only the update is timed.
  const games: PlacedSeat[][] = Array.from({ length: calls }, (_, i) =>
    Array.from({ length: 5 }, (_, s) => ({
      playerId: snowflake(1, (i * 5 + s) % POOL),
      place: 1 + random(5),
      isComputer: false,
    })),
  );
  return summarize(timeEachSync(calls, (i) => rateGame(games[i]!, before)));
}

/**
 * The save that ends a game (GameStore.saveState of its last turn), for three kinds of game taken in
 * turn so the machine's noise falls on all three alike: five people already rated (rated), one person
 * with four computers (five seats, not rated), one person alone (not rated). Each game is stored one
 * turn from its end, then that turn's save is timed; it packs the game, writes its results and
 * statistics and, when rated, reads and writes the five ratings and rating changes, in one transaction.
 */
export async function timeFinalSaves(store: GameStore, saves: number): Promise<FinalSaveFigures> {
  const random = seededRandom(7);
  const people: Person[] = Array.from({ length: POOL }, (_, n) => ({ id: snowflake(1, n), name: `Person ${n}` }));
  await seedRatings(store, people, random);
  const kinds = {
    rated5People: (_n: number) =>
      startedGame(
        pick(people, 5, random).map((person) => person.id),
        DEFAULT_RULES,
        random,
      ),
    unrated1Person4Computers: (n: number) => startedGame([people[n % POOL]!.id], DEFAULT_RULES, random, 4),
    unratedSolo: (n: number) => startedGame([people[n % POOL]!.id], DEFAULT_RULES, random),
  };
  const ms: Record<keyof typeof kinds, number[]> = { rated5People: [], unrated1Person4Computers: [], unratedSolo: [] };
  const warmup = 20;
  let channel = 0;
  for (let n = 0; n < warmup + saves; n += 1) {
    for (const [kind, start] of Object.entries(kinds) as [keyof typeof kinds, (n: number) => GameState][]) {
      channel += 1;
      const started = start(n);
      const lastTurn = playTurns(started, ROUNDS * started.seats.length - 1, random);
      const created = await store.createGame({
        guildId: snowflake(9, 7),
        channelId: snowflake(8, channel),
        state: lastTurn,
        turnTimerSeconds: 300,
        hintsEnabled: true,
      });
      if (!created.ok) throw new Error(`a game was refused: ${created.reason}`);
      const final = playTurn(lastTurn, random);
      const t0 = performance.now();
      const saved = await store.saveState(created.game.id, lastTurn.version, final, { turnDeadline: null });
      const elapsed = performance.now() - t0;
      if (!saved.ok || saved.game.state.status !== 'finished') throw new Error('the final save did not end the game');
      if (n >= warmup) ms[kind].push(elapsed);
    }
  }
  return {
    rated5People: summarize(ms.rated5People),
    unrated1Person4Computers: summarize(ms.unrated1Person4Computers),
    unratedSolo: summarize(ms.unratedSolo),
  };
}

/** Finished games among the pool, so that everyone holds a rating before the timed games, as on a live server. */
async function seedRatings(store: GameStore, people: readonly Person[], random: RandomInt): Promise<void> {
  const templates = new GameTemplates(random);
  const games: NewGame[] = Array.from({ length: SEEDING_GAMES }, (_, n) => ({
    guildId: snowflake(9, 7),
    channelId: snowflake(7, n),
    state: templates.game(DEFAULT_RULES, pick(people, 2 + random(4), random)),
    turnTimerSeconds: 300,
    hintsEnabled: true,
  }));
  for (const result of await store.createGames(games)) if (!result.ok) throw new Error('a seeding game was refused');
  for (const person of people) {
    if ((await store.ratingsOf(person.id)).length === 0) throw new Error(`${person.id} was not rated by the seeding`);
  }
}

/**
 * A history of rated games (two to five people of a server of five, a rule set per server, as in
 * the scale bench) written through the store's own createGames a batch per transaction, each rated
 * as it is stored exactly as a game's end rates it; at each size the rebuild is timed.
 */
export async function timeRebuilds(
  location: StoreLocation,
  sizes: readonly number[],
  say: (message: string) => void,
): Promise<RebuildFigures[]> {
  const clock: HistoryClock = { now: NOW };
  const store = await openHistoryStore(location, clock);
  const random = seededRandom(1_000_000);
  const templates = new GameTemplates(random);
  const figures: RebuildFigures[] = [];
  let written = 0;
  let writeMs = 0;
  try {
    for (const size of sizes) {
      say(`writing rated games up to ${size.toLocaleString('en')}…`);
      const t0 = performance.now();
      let reported = t0;
      while (written < size) {
        const count = Math.min(BATCH, size - written);
        const games = Array.from({ length: count }, (_, k) => ratedGame(written + k, templates, random));
        clock.now += 60_000;
        for (const result of await store.createGames(games)) if (!result.ok) throw new Error('a game was refused');
        written += count;
        if (performance.now() - reported > 30_000) {
          reported = performance.now();
          say(
            `  ${written.toLocaleString('en')} written (${((written / (writeMs + reported - t0)) * 1000).toFixed(0)}/s)`,
          );
        }
      }
      writeMs += performance.now() - t0;
      say(`rebuilding at ${written.toLocaleString('en')}…`);
      const r0 = performance.now();
      const rebuilt = await store.rebuildRatings({ write: true });
      const rebuildMs = performance.now() - r0;
      figures.push({
        ratedGames: rebuilt.games,
        ratings: rebuilt.ratings,
        differing: rebuilt.differing,
        rebuildS: rebuildMs / 1000,
        rebuildUsPerGame: (rebuildMs * 1000) / rebuilt.games,
        writeS: writeMs / 1000,
        heapMb: process.memoryUsage().heapUsed / 1024 ** 2,
      });
      say(`  ${JSON.stringify(figures.at(-1))}`);
    }
  } finally {
    await store.close();
  }
  return figures;
}

function ratedGame(n: number, templates: GameTemplates, random: RandomInt): NewGame {
  const server = n % REBUILD_SERVERS;
  const people = Array.from({ length: PEOPLE_PER_SERVER }, (_, p) => ({
    id: snowflake(1, server * PEOPLE_PER_SERVER + p),
    name: `Player ${server}.${p}`,
  }));
  return {
    guildId: snowflake(9, server),
    channelId: snowflake(8, server),
    state: templates.game(ALL_RULE_SETS[server % ALL_RULE_SETS.length]!, pick(people, 2 + random(4), random)),
    turnTimerSeconds: 300,
    hintsEnabled: true,
  };
}
