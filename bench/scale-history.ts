import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../harness/kit/bot-process.js';
import { ALL_RULE_SETS } from '../src/game/index.js';
import { snowflake as id } from './game-templates.js';
import { type HistoryClock, type HistoryShape, openHistoryStore, writeFinishedHistory } from './history-db.js';

/** Bumped whenever the generated history changes shape, so an older cached file is not reused. */
const GENERATOR_VERSION = 1;
const CHANNELS_PER_SERVER = 2;
const PEOPLE_PER_SERVER = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The history of the scale bench: `servers` servers of two channels and five people each, one rule
 * set per server, `totalGames` finished games between them, over 330 days (so a server's games span
 * a dozen months and about fifty weeks) and four seasons. Ids are made up (the bench's emulator is
 * not involved), so the same shape always gives the same database and it can be cached.
 */
export function scaleShape(servers: number, totalGames: number): HistoryShape {
  return {
    servers: Array.from({ length: servers }, (_, s) => ({
      guildId: id(9, s),
      channelIds: Array.from({ length: CHANNELS_PER_SERVER }, (_, c) => id(8, s * CHANNELS_PER_SERVER + c)),
      people: Array.from({ length: PEOPLE_PER_SERVER }, (_, p) => ({
        id: id(1, s * PEOPLE_PER_SERVER + p),
        name: `Player ${s}.${p}`,
      })),
      rules: ALL_RULE_SETS[s % ALL_RULE_SETS.length]!,
    })),
    gamesPerServer: Math.max(1, Math.round(totalGames / servers)),
    startAt: Date.UTC(2026, 0, 1, 12),
    spanMs: 330 * DAY_MS,
    seasons: 4,
    seed: 17,
  };
}

/**
 * The scale history in a SQLite file under bench/scale.tmp/ (git-ignored), named by its shape and
 * the generator's version: built once (written to a temporary name, renamed when whole, so an
 * interrupted build is never taken for a finished one), then reused by later runs. A file written
 * at an older schema is brought up to date by the store's own migrations when a copy is opened, as
 * a bot's database would be.
 */
export async function cachedSqliteHistory(
  shape: HistoryShape,
  say: (message: string) => void,
): Promise<{ path: string; built: boolean; buildMs: number }> {
  const games = shape.servers.length * shape.gamesPerServer;
  const dir = path.join(ROOT, 'bench', 'scale.tmp');
  const file = path.join(dir, `history-${shape.servers.length}x${shape.gamesPerServer}-v${GENERATOR_VERSION}.sqlite`);
  if (fs.existsSync(file)) return { path: file, built: false, buildMs: 0 };
  fs.mkdirSync(dir, { recursive: true });
  const building = `${file}.building`;
  for (const stale of [building, `${building}-wal`, `${building}-shm`]) fs.rmSync(stale, { force: true });
  const started = performance.now();
  const clock: HistoryClock = { now: shape.startAt };
  const store = await openHistoryStore({ kind: 'sqlite', path: building }, clock);
  let reported = started;
  try {
    await writeFinishedHistory(store, clock, shape, (written) => {
      if (performance.now() - reported < 30_000) return;
      reported = performance.now();
      const seconds = (reported - started) / 1000;
      say(
        `  ${written.toLocaleString('en')} of ${games.toLocaleString('en')} games written (${(written / seconds).toFixed(0)}/s)`,
      );
    });
  } finally {
    await store.close();
  }
  fs.renameSync(building, file);
  return { path: file, built: true, buildMs: performance.now() - started };
}
