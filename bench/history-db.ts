import fs from 'node:fs';
import pg from 'pg';
import { ALL_RULE_SETS, ROUNDS, seededRandom } from '../src/game/index.js';
import { type GameStore, openPostgresStore, openSqliteStore, type StoreLocation } from '../src/store/index.js';
import { finishedGame, playTurns, startedGame } from './simulate.js';
import { type BenchServer, playersAt } from './world.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Seeded games in play get the longest turn timer, so no turn times out during the bench. */
const TURN_TIMER_SECONDS = 60 * 60;

export interface HistoryDatabase {
  readonly finishedGames: number;
  readonly activeGames: number;
  readonly buildMs: number;
  readonly bytes: number;
}

/**
 * Writes, through the store's own API, the database of a bot that has been running for a while:
 * `gamesPerServer` finished games (one series per server, dated over the past days), plus one game
 * in play in each of the first `playingServers` servers, at a random point of its game, so that
 * during the timed load games end (and restart with Play again) at the rate of a live server.
 */
export async function buildHistoryDatabase(
  location: StoreLocation,
  servers: readonly BenchServer[],
  gamesPerServer: number,
  playingServers: number,
): Promise<HistoryDatabase> {
  const started = performance.now();
  let clock = Date.now() - gamesPerServer * DAY_MS;
  const store: GameStore =
    location.kind === 'sqlite'
      ? openSqliteStore(location.path, { now: () => clock })
      : // Its own commits need not wait for the disk: a history written before the bot starts.
        await openPostgresStore(withoutWaitingForDisk(location.url), { now: () => clock });
  const random = seededRandom(2024);
  let finishedGames = 0;
  let activeGames = 0;
  try {
    for (const [s, server] of servers.entries()) {
      const rules = ALL_RULE_SETS[s % ALL_RULE_SETS.length]!;
      const players = playersAt(server, s).map((person) => person.id);
      let seriesId: number | undefined;
      for (let g = 0; g < gamesPerServer; g += 1) {
        clock = Date.now() - (gamesPerServer - g) * DAY_MS + s * 1000;
        const created = await store.createGame({
          guildId: server.guild.id,
          channelId: server.channel.id,
          state: finishedGame(players, rules, random),
          turnTimerSeconds: 300,
          hintsEnabled: true,
          ...(seriesId === undefined ? {} : { seriesId }),
        });
        if (!created.ok) throw new Error(`could not store a finished game: ${created.reason}`);
        seriesId = created.game.seriesId;
        finishedGames += 1;
      }
      if (s >= playingServers) continue;
      clock = Date.now();
      const turns = random(ROUNDS * players.length);
      const created = await store.createGame({
        guildId: server.guild.id,
        channelId: server.channel.id,
        state: playTurns(startedGame(players, rules, random), turns, random),
        turnTimerSeconds: TURN_TIMER_SECONDS,
        hintsEnabled: true,
        turnDeadline: clock + TURN_TIMER_SECONDS * 1000,
        ...(seriesId === undefined ? {} : { seriesId }),
      });
      if (!created.ok) throw new Error(`could not store a game in play: ${created.reason}`);
      activeGames += 1;
    }
  } finally {
    await store.close();
  }
  return { finishedGames, activeGames, buildMs: performance.now() - started, bytes: await databaseBytes(location) };
}

/** The URL with synchronous_commit off for its sessions (a libpq `options` parameter). */
function withoutWaitingForDisk(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', '-c synchronous_commit=off');
  return parsed.toString();
}

async function databaseBytes(location: StoreLocation): Promise<number> {
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
