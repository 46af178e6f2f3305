import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LISTED_LINES } from '../commands/tournament/render.js';
import { standingsOf } from '../commands/tournament/standings-of.js';
import { type LatencySummary, summarize, timeEach } from '../harness/kit/figures.js';
import { describeMachine, type Machine } from '../harness/kit/machine.js';
import { DEFAULT_RULES, type RoundResult, roundPoints, seededRandom } from '../src/game/index.js';
import { openPostgresStore, openSqliteStore, type StoreLocation } from '../src/store/index.js';
import { openTournamentStore, type TournamentStore } from '../src/store/tournaments/index.js';
import { snowflake } from './game-templates.js';
import { startBenchPostgres } from './postgres.js';
import {
  type FinalSaveFigures,
  type RebuildFigures,
  timeFinalSaves,
  timeRateGame,
  timeRebuilds,
} from './ratings-bench.js';

/**
 * Issue 43's figures: the standings of a 1,000-entrant tournament (target p99 < 20 ms), the rating
 * update at a game's end (target p99 < 5 ms), and the rebuild of every rating from the stored games.
 * Each on SQLite (a file in a temporary folder) and on a durable PostgreSQL server of the bench's
 * own. Everything goes through the store's and the bot's own code; nothing is asserted, only
 * measured (the few checks below only make sure the thing timed did what it should).
 */
export interface TournamentBenchOptions {
  /** Timed standings reads, after `standingsWarmup` untimed ones. */
  readonly standingsReads: number;
  readonly standingsWarmup: number;
  readonly rateGameCalls: number;
  /** Timed final saves of each kind (rated 5 people, 1 person + 4 computers, 1 person alone). */
  readonly finalSaves: number;
  /** Rated games the rebuild is timed at, ascending: written once, timed at each size on the way. */
  readonly sqliteRebuildSizes: readonly number[];
  readonly postgresRebuildSizes: readonly number[];
  readonly say: (message: string) => void;
}

export interface StandingsFigures {
  readonly entrants: number;
  readonly rounds: number;
  readonly absentPerRound: number;
  readonly leavers: number;
  readonly setupS: number;
  /** What `/crag tournament standings` runs: a page of the standings the last close stored, and the asker's line. */
  readonly ms: LatencySummary;
  /** What a round's close runs to store them: standingsOf, every round of every entrant read and summed. */
  readonly computeMs: LatencySummary;
}

export interface BackendFigures {
  readonly backend: 'sqlite' | 'postgres';
  readonly standings: StandingsFigures;
  readonly finalSave: FinalSaveFigures;
  readonly rebuild: readonly RebuildFigures[];
}

export interface TournamentBenchFigures {
  readonly machine: Machine & { readonly loadAverageAtStart: readonly number[] };
  readonly targets: { readonly standingsP99Ms: 20; readonly ratingUpdateP99Ms: 5 };
  /** The pure rating update for five seats, all already rated: openskill's arithmetic, no database. */
  readonly rateGame5SeatsMs: LatencySummary;
  readonly backends: readonly BackendFigures[];
}

const NOW = Date.UTC(2026, 11, 1, 12);
const HOUR = 3_600_000;
const ENTRANTS = 1000;
const TOURNAMENT_ROUNDS = 3;
/** One entrant in ten misses each round; ten leave during round 2, so rounds 2 and 3 skip them. */
const ABSENT_ONE_IN = 10;
const LEAVERS = 10;
export async function benchTournaments(options: TournamentBenchOptions): Promise<TournamentBenchFigures> {
  const machine = { ...describeMachine(), loadAverageAtStart: os.loadavg() };
  options.say('rateGame, five rated seats…');
  const rateGame5SeatsMs = timeRateGame(options.rateGameCalls);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-tournament-bench-'));
  const backends: BackendFigures[] = [];
  try {
    backends.push(
      await onBackend(
        'sqlite',
        { kind: 'sqlite', path: path.join(dir, 'crag.sqlite') },
        { kind: 'sqlite', path: path.join(dir, 'rebuild.sqlite') },
        options.sqliteRebuildSizes,
        options,
      ),
    );
    const postgres = await startBenchPostgres();
    try {
      const rebuildUrl = await postgres.createDatabase('crag_rebuild');
      backends.push(
        await onBackend(
          'postgres',
          { kind: 'postgres', url: postgres.url },
          { kind: 'postgres', url: rebuildUrl },
          options.postgresRebuildSizes,
          options,
        ),
      );
    } finally {
      postgres.server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return {
    machine,
    targets: { standingsP99Ms: 20, ratingUpdateP99Ms: 5 },
    rateGame5SeatsMs,
    backends,
  };
}

async function onBackend(
  backend: 'sqlite' | 'postgres',
  location: StoreLocation,
  rebuildLocation: StoreLocation,
  rebuildSizes: readonly number[],
  options: TournamentBenchOptions,
): Promise<BackendFigures> {
  const say = (message: string) => options.say(`${backend}: ${message}`);
  // The bot's own settings: a durable store as it opens at start-up, the tournaments beside it.
  const store =
    location.kind === 'sqlite' ? await openSqliteStore(location.path) : await openPostgresStore(location.url);
  let standings: StandingsFigures;
  let finalSave: FinalSaveFigures;
  try {
    const tournaments = await openTournamentStore(location);
    try {
      say(`standings of ${ENTRANTS} entrants…`);
      standings = await timeStandings(tournaments, options.standingsWarmup, options.standingsReads);
    } finally {
      await tournaments.close();
    }
    say('final saves…');
    finalSave = await timeFinalSaves(store, options.finalSaves);
  } finally {
    await store.close();
  }
  const rebuild = await timeRebuilds(rebuildLocation, rebuildSizes, say);
  return { backend, standings, finalSave, rebuild };
}

/**
 * One tournament of 1,000 entrants whose three rounds are closed the way the bot closes them
 * (roundPoints over every entrant still in, absent ones included), then the standings read that
 * `/crag tournament standings` runs, timed from the store's two reads to the sorted lines.
 */
async function timeStandings(tournaments: TournamentStore, warmup: number, reads: number): Promise<StandingsFigures> {
  const started = performance.now();
  const random = seededRandom(43);
  const tournament = await tournaments.create({
    guildId: snowflake(9, 43),
    name: 'Bench Cup',
    organiserId: snowflake(1, 0),
    rules: DEFAULT_RULES,
    format: 'duplicate',
    rounds: TOURNAMENT_ROUNDS,
    roundSeconds: 3600,
    channelId: snowflake(8, 43),
    announceChannelId: snowflake(8, 43),
    createdAt: NOW,
  });
  const entrants = Array.from({ length: ENTRANTS }, (_, n) => snowflake(1, n));
  for (const [n, playerId] of entrants.entries()) {
    if (!(await tournaments.join(tournament.id, playerId, `Entrant ${n}`, NOW))) throw new Error('a join was refused');
  }
  if (!(await tournaments.start(tournament.id, NOW + HOUR))) throw new Error('the tournament did not start');
  const leavers = new Set(entrants.slice(0, LEAVERS));
  for (let round = 1; round <= TOURNAMENT_ROUNDS; round += 1) {
    if (round === 2) for (const playerId of leavers) await tournaments.leave(tournament.id, playerId);
    const results: RoundResult[] = entrants
      .filter((playerId) => round < 2 || !leavers.has(playerId))
      .map((playerId) =>
        random(ABSENT_ONE_IN) === 0
          ? { playerId, played: false, total: 0, loss: null }
          : { playerId, played: true, total: 120 + random(180), loss: random(4000) / 100 },
      );
    const after =
      round < TOURNAMENT_ROUNDS
        ? { next: 'round' as const, closesAt: NOW + (round + 1) * HOUR }
        : { next: 'finished' as const };
    // As the bot's close does: the standings the round makes, stored with its points.
    const points = roundPoints(results);
    const { lines } = await standingsOf(tournaments, tournament, { round, points });
    if (!(await tournaments.closeRound(tournament.id, round, points, lines, after))) {
      throw new Error(`round ${round} did not close`);
    }
  }
  const setupS = (performance.now() - started) / 1000;
  // What /crag tournament standings runs: a page of the stored standings and the asker's own line
  // (one near the bottom, so both reads do work).
  const asker = entrants[ENTRANTS - 7] as string;
  const read = async () => {
    const { lines } = await tournaments.standingsPage(tournament.id, LISTED_LINES, asker);
    if (lines.length !== LISTED_LINES + 1) throw new Error(`the standings page has ${lines.length} lines`);
  };
  const ms = await timeEach(reads, read, warmup);
  // What a round's close runs to store them: every round of every entrant read and summed.
  const computeMs = await timeEach(reads, async () => {
    const { lines } = await standingsOf(tournaments, tournament);
    if (lines.length !== ENTRANTS) throw new Error(`the standings have ${lines.length} lines`);
  });
  return {
    entrants: ENTRANTS,
    rounds: TOURNAMENT_ROUNDS,
    absentPerRound: ENTRANTS / ABSENT_ONE_IN,
    leavers: LEAVERS,
    setupS,
    ms: summarize(ms),
    computeMs: summarize(computeMs),
  };
}
