import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { LISTED_LINES } from '../commands/tournament/render.js';
import { standingsOf } from '../commands/tournament/standings-of.js';
import { type LatencySummary, summarize } from '../harness/kit/figures.js';
import { describeMachine, type Machine } from '../harness/kit/machine.js';
import {
  type Action,
  ALL_RULE_SETS,
  applyAction,
  createGame,
  DEFAULT_RULES,
  type GameState,
  type RandomInt,
  ROUNDS,
  type RoundResult,
  roundPoints,
  seededRandom,
} from '../src/game/index.js';
import { type PlacedSeat, type Rating, rateGame } from '../src/ratings/index.js';
import {
  type GameStore,
  type NewGame,
  openPostgresStore,
  openSqliteStore,
  type StoreLocation,
} from '../src/store/index.js';
import { openTournamentStore, type TournamentStore } from '../src/store/tournaments/index.js';
import { GameTemplates, type Person } from './game-templates.js';
import { type HistoryClock, openHistoryStore } from './history-db.js';
import { startBenchPostgres } from './postgres.js';
import { playTurn, playTurns, startedGame } from './simulate.js';

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
/** People the final-save games seat five of; a few hundred finished games among them rate them all first. */
const POOL = 40;
const SEEDING_GAMES = 300;
/** Rated games per createGames transaction while a rebuild's history is written. */
const BATCH = 500;
const REBUILD_SERVERS = 1000;
const PEOPLE_PER_SERVER = 5;

/** An 18-digit id, like a Discord snowflake, unique by kind and number. */
function snowflake(kind: number, n: number): string {
  return `${kind}${String(n).padStart(17, '0')}`;
}

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
      const rebuildUrl = await createDatabase(postgres.server.adminUrl, 'crag_rebuild');
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
  for (let i = 0; i < warmup; i += 1) await read();
  const ms: number[] = [];
  for (let i = 0; i < reads; i += 1) {
    const t0 = performance.now();
    await read();
    ms.push(performance.now() - t0);
  }
  // What a round's close runs to store them: every round of every entrant read and summed.
  const computeMs: number[] = [];
  for (let i = 0; i < reads; i += 1) {
    const t0 = performance.now();
    const { lines } = await standingsOf(tournaments, tournament);
    if (lines.length !== ENTRANTS) throw new Error(`the standings have ${lines.length} lines`);
    computeMs.push(performance.now() - t0);
  }
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

/** rateGame for five seats whose ratings are all known, as at a live server's game end. */
function timeRateGame(calls: number): LatencySummary {
  const random = seededRandom(5);
  const known = new Map<string, Rating>(
    Array.from({ length: POOL }, (_, n) => [
      snowflake(1, n),
      { mu: 20 + random(100) / 10, sigma: 2 + random(40) / 10 },
    ]),
  );
  const before = (id: string) => known.get(id);
  const ms: number[] = [];
  for (let i = 0; i < calls; i += 1) {
    const seats: PlacedSeat[] = Array.from({ length: 5 }, (_, s) => ({
      playerId: snowflake(1, (i * 5 + s) % POOL),
      place: 1 + random(5),
      isComputer: false,
    }));
    const t0 = performance.now();
    rateGame(seats, before);
    ms.push(performance.now() - t0);
  }
  return summarize(ms);
}

/**
 * The save that ends a game (GameStore.saveState of its last turn), for three kinds of game taken in
 * turn so the machine's noise falls on all three alike: five people already rated (rated), one person
 * with four computers (five seats, not rated), one person alone (not rated). Each game is stored one
 * turn from its end, then that turn's save is timed; it packs the game, writes its results and
 * statistics and, when rated, reads and writes the five ratings and rating changes, in one transaction.
 */
async function timeFinalSaves(store: GameStore, saves: number): Promise<FinalSaveFigures> {
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
    unrated1Person4Computers: (n: number) => withComputers(people[n % POOL]!.id, 4, random),
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

function pick<T>(from: readonly T[], count: number, random: RandomInt): T[] {
  const left = [...from];
  return Array.from({ length: count }, () => left.splice(random(left.length), 1)[0]!);
}

/** A started game of one person and `computers` easy computers. */
function withComputers(playerId: string, computers: number, random: RandomInt): GameState {
  let state = createGame(playerId, DEFAULT_RULES);
  const act = (action: Action) => {
    const result = applyAction(state, action, random);
    if (!result.ok) throw new Error(`the engine refused ${action.type}: ${result.code}`);
    state = result.state;
  };
  for (let i = 0; i < computers; i += 1) act({ type: 'add-computer', level: 'easy', playerId });
  act({ type: 'start', playerId });
  return state;
}

/**
 * A history of rated games (two to five people of a server of five, a rule set per server, as in
 * the scale bench) written through the store's own createGames a batch per transaction, each rated
 * as it is stored exactly as a game's end rates it; at each size the rebuild is timed.
 */
async function timeRebuilds(
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

async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
