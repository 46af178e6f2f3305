import fs from 'node:fs';
import pg from 'pg';
import { ALL_RULE_SETS, type RandomInt, ROUNDS, type Rules, seededRandom } from '../src/game/index.js';
import {
  type GameStore,
  type NewGame,
  openPostgresStore,
  openSqliteStore,
  type StoreLocation,
} from '../src/store/index.js';
import { GameTemplates, type Person } from './game-templates.js';
import { playTurns, startedGame } from './simulate.js';
import { type BenchServer, playersAt } from './world.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Seeded games in play get the longest turn timer, so no turn times out during the bench. */
const TURN_TIMER_SECONDS = 60 * 60;
/** Games per transaction: large enough that commits cost little, small enough to keep memory flat. */
const BATCH = 500;
/** "Play again" continues a series; about one game in this many opens a new one instead. */
const SERIES_LENGTH = 12;

export interface HistoryDatabase {
  readonly finishedGames: number;
  readonly activeGames: number;
  readonly buildMs: number;
  readonly bytes: number;
}

/** A server of a generated history: its channels, the people who play there, and its rule set. */
export interface HistoryServer {
  readonly guildId: string;
  readonly channelIds: readonly string[];
  /** Each game seats two of them or more, the first of the seated hosting. */
  readonly people: readonly Person[];
  readonly rules: Rules;
}

export interface HistoryShape {
  readonly servers: readonly HistoryServer[];
  readonly gamesPerServer: number;
  /** When the first games finish; the last ones finish `spanMs` later. */
  readonly startAt: number;
  readonly spanMs: number;
  /** Seasons each server goes through (a new one started at even intervals); 1 for none. */
  readonly seasons: number;
  readonly seed: number;
}

/** What the store's clock reads while a history is written: the moment each batch of games ends. */
export interface HistoryClock {
  now: number;
}

/**
 * Writes a history of finished games through the store's own API, as many servers playing side by
 * side: at each step one game ends in every server, and the step's games are stored a batch per
 * transaction (createGames), each counted in the statistics as a game that ends. Returns the last
 * series of each channel, for games to continue them.
 */
export async function writeFinishedHistory(
  store: GameStore,
  clock: HistoryClock,
  shape: HistoryShape,
  onStep: (games: number) => void = () => {},
): Promise<Map<string, number>> {
  const random = seededRandom(shape.seed);
  const templates = new GameTemplates(random);
  const series = new Map<string, number>();
  const stepMs = shape.spanMs / Math.max(1, shape.gamesPerServer - 1);
  const seasonEvery = Math.ceil(shape.gamesPerServer / shape.seasons);
  let written = 0;
  for (let step = 0; step < shape.gamesPerServer; step += 1) {
    clock.now = Math.round(shape.startAt + step * stepMs);
    if (step > 0 && step % seasonEvery === 0) {
      for (const server of shape.servers) await store.startSeason(server.guildId, server.people[0]?.id ?? '');
    }
    for (let from = 0; from < shape.servers.length; from += BATCH) {
      const games = shape.servers
        .slice(from, from + BATCH)
        .map((server) => nextGame(server, templates, series, random));
      const created = await store.createGames(games);
      created.forEach((result, index) => {
        if (!result.ok) throw new Error(`a finished game was refused: ${result.reason}`);
        series.set(games[index]!.channelId, result.game.seriesId);
      });
      written += games.length;
    }
    onStep(written);
  }
  return series;
}

/** One server's next finished game: in one of its channels, two of its people or more, its rules. */
function nextGame(
  server: HistoryServer,
  templates: GameTemplates,
  series: ReadonlyMap<string, number>,
  random: RandomInt,
): NewGame {
  const channelId = server.channelIds[random(server.channelIds.length)]!;
  const seated = [...server.people].sort(() => random(3) - 1).slice(0, 2 + random(server.people.length - 1));
  const seriesId = random(SERIES_LENGTH) === 0 ? undefined : series.get(channelId);
  return {
    guildId: server.guildId,
    channelId,
    state: templates.game(server.rules, seated),
    turnTimerSeconds: 300,
    hintsEnabled: true,
    ...(seriesId === undefined ? {} : { seriesId }),
  };
}

/**
 * Writes, through the store's own API, the database of a bot that has been running for a while:
 * `gamesPerServer` finished games per server of the bench's world, dated over the past days, plus
 * one game in play in each of the first `playingServers` servers, at a random point of its game, so
 * that during the timed load games end (and restart with Play again) at the rate of a live server.
 */
export async function buildHistoryDatabase(
  location: StoreLocation,
  servers: readonly BenchServer[],
  gamesPerServer: number,
  playingServers: number,
): Promise<HistoryDatabase> {
  const started = performance.now();
  const clock: HistoryClock = { now: Date.now() };
  const store = await openHistoryStore(location, clock);
  const random = seededRandom(2024);
  let activeGames = 0;
  try {
    const shape: HistoryShape = {
      servers: servers.map((server, s) => ({
        guildId: server.guild.id,
        channelIds: [server.channelId],
        people: playersAt(server, s).map((person) => ({ id: person.id, name: person.username })),
        rules: ALL_RULE_SETS[s % ALL_RULE_SETS.length]!,
      })),
      gamesPerServer,
      startAt: Date.now() - gamesPerServer * DAY_MS,
      spanMs: (gamesPerServer - 1) * DAY_MS,
      seasons: 1,
      seed: 2024,
    };
    const series = await writeFinishedHistory(store, clock, shape);
    for (const [s, server] of shape.servers.entries()) {
      if (s >= playingServers) continue;
      clock.now = Date.now();
      const players = server.people.map((person) => person.id);
      const seriesId = series.get(server.channelIds[0] ?? '');
      const created = await store.createGame({
        guildId: server.guildId,
        channelId: server.channelIds[0] ?? '',
        state: playTurns(startedGame(players, server.rules, random), random(ROUNDS * players.length), random),
        turnTimerSeconds: TURN_TIMER_SECONDS,
        hintsEnabled: true,
        turnDeadline: clock.now + TURN_TIMER_SECONDS * 1000,
        ...(seriesId === undefined ? {} : { seriesId }),
      });
      if (!created.ok) throw new Error(`could not store a game in play: ${created.reason}`);
      activeGames += 1;
    }
  } finally {
    await store.close();
  }
  return {
    finishedGames: servers.length * gamesPerServer,
    activeGames,
    buildMs: performance.now() - started,
    bytes: await databaseBytes(location),
  };
}

/** A store for writing a history, its clock the history's. */
export async function openHistoryStore(location: StoreLocation, clock: HistoryClock): Promise<GameStore> {
  const now = () => clock.now;
  return location.kind === 'sqlite'
    ? openSqliteStore(location.path, { now })
    : // Its own commits need not wait for the disk: a history written before the bot starts.
      openPostgresStore(withoutWaitingForDisk(location.url), { now });
}

/** The URL with synchronous_commit off for its sessions (a libpq `options` parameter). */
export function withoutWaitingForDisk(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', '-c synchronous_commit=off');
  return parsed.toString();
}

export async function databaseBytes(location: StoreLocation): Promise<number> {
  if (location.kind === 'sqlite') return fs.statSync(location.path).size;
  const client = new pg.Client(location.url);
  await client.connect();
  try {
    const result = await client.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes');
    return Number(result.rows[0]?.bytes);
  } finally {
    await client.end();
  }
}
