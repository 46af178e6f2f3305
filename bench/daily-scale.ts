/**
 * The daily deal and the skill ranking at scale, on SQLite: a day with `results` finished daily
 * results across `servers` servers (all on one day: the worst case for the world percentile), and
 * `servers × gamesPerServer` finished games with two people each for the skill ranking; then what
 * `/crag daily play`'s result card, `/crag daily board` and `/crag leaderboard rank-by:skill` ask
 * of the store, timed request by request. Reports; asserts nothing.
 *
 *   npx tsx bench/daily-scale.ts                       # 1,000,000 results, 1,000 servers, a million games
 *   npx tsx bench/daily-scale.ts 20000 20 50 200       # results servers gamesPerServer requests: a quick look
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_RULES, dayOf, seededRandom } from '../src/game/index.js';
import { rankBySkill } from '../src/stats/skill.js';
import { SqliteDailyStore } from '../src/store/daily/sqlite-daily-store.js';
import { openSqliteStore } from '../src/store/index.js';
import { type LatencySummary, summarize } from './latency.js';

export interface DailyScaleOptions {
  readonly results: number;
  readonly servers: number;
  readonly gamesPerServer: number;
  readonly requests: number;
}

export interface DailyScaleFigures {
  readonly options: DailyScaleOptions;
  readonly buildS: number;
  /** A server's board of the day (its top 20). */
  readonly serverBoard: LatencySummary;
  /** The world percentile: the day's finished count and how many scored more. */
  readonly worldPercentile: LatencySummary;
  /** The place in the server. */
  readonly serverPlace: LatencySummary;
  /** A server's skill lines over all time, ranked. */
  readonly skillRanking: LatencySummary;
}

const guildId = (server: number) => String(900_000_000_000_000_000n + BigInt(server));
const playerId = (person: number) => String(100_000_000_000_000_000n + BigInt(person));

/** Writes the history straight into the tables, a batch per transaction (the store's API would take hours here). */
function buildHistory(dbPath: string, options: DailyScaleOptions, today: number, now: number): void {
  const db = new Database(dbPath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const random = seededRandom(25);
  const insertResult = db.prepare(
    `INSERT INTO daily_results (day, player_id, guild_id, game_id, name, started_at, total, loss, decisions)
     VALUES (?, ?, ?, NULL, NULL, ?, ?, ?, 26)`,
  );
  const rules = JSON.stringify(DEFAULT_RULES);
  const insertSeries = db.prepare('INSERT INTO series (guild_id, channel_id, rules, created_at) VALUES (?, ?, ?, ?)');
  const insertGame = db.prepare(
    `INSERT INTO games (guild_id, channel_id, series_id, series_game_number, status, state, state_version,
       turn_timer_seconds, hints_enabled, created_at, updated_at, last_action_at, ended_at)
     VALUES (?, ?, ?, ?, 'finished', '{}', 60, 60, 0, ?, ?, ?, ?)`,
  );
  const insertGameResult = db.prepare(
    `INSERT INTO game_results (game_id, player_id, total, place, is_computer, won, skill_loss, luck, decisions)
     VALUES (?, ?, ?, ?, 0, ?, ?, 0, 26)`,
  );
  const perServer = Math.ceil(options.results / options.servers);
  db.transaction(() => {
    for (let i = 0; i < options.results; i += 1) {
      const server = i % options.servers;
      const person = server * perServer + Math.floor(i / options.servers);
      insertResult.run(today, playerId(person), guildId(server), now, 120 + random(120), random(400) / 10);
    }
  })();
  const peoplePerServer = 40;
  for (let server = 0; server < options.servers; server += 1) {
    db.transaction(() => {
      const series = Number(insertSeries.run(guildId(server), `c${server}`, rules, now).lastInsertRowid);
      for (let game = 0; game < options.gamesPerServer; game += 1) {
        const at = now - random(90) * 86_400_000;
        const id = Number(
          insertGame.run(guildId(server), `c${server}`, series, game + 1, at, at, at, at).lastInsertRowid,
        );
        const a = server * peoplePerServer + random(peoplePerServer);
        const b = server * peoplePerServer + ((a + 1 + random(peoplePerServer - 1)) % peoplePerServer);
        insertGameResult.run(id, playerId(a), 180, 1, 1, random(300) / 10);
        insertGameResult.run(id, playerId(b), 170, 2, 0, random(300) / 10);
      }
    })();
  }
  db.exec('ANALYZE');
  db.close();
}

export async function benchDailyScale(options: DailyScaleOptions): Promise<DailyScaleFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-daily-bench-'));
  const dbPath = path.join(dir, 'daily.sqlite');
  try {
    const now = Date.now();
    const today = dayOf(now);
    (await openSqliteStore(dbPath, { checkpoints: 'inline' })).close();
    const started = performance.now();
    buildHistory(dbPath, options, today, now);
    const buildS = (performance.now() - started) / 1000;
    const daily = new SqliteDailyStore(dbPath);
    const random = seededRandom(26);
    const time = async (request: () => Promise<unknown>): Promise<LatencySummary> => {
      for (let i = 0; i < Math.min(100, options.requests); i += 1) await request();
      const latencies: number[] = [];
      for (let i = 0; i < options.requests; i += 1) {
        const t = performance.now();
        await request();
        latencies.push(performance.now() - t);
      }
      return summarize(latencies);
    };
    const server = () => guildId(random(options.servers));
    const figures = {
      options,
      buildS,
      serverBoard: await time(() => daily.serverBoard(server(), today, 20)),
      worldPercentile: await time(() => daily.standing(today, 120 + random(120))),
      serverPlace: await time(() => daily.standing(today, 120 + random(120), server())),
      skillRanking: await time(async () =>
        rankBySkill(await daily.skillLines({ guildId: server(), rules: DEFAULT_RULES, period: 'all' }), 5),
      ),
    };
    await daily.close();
    return figures;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url.endsWith(path.basename(process.argv[1]));
if (isMain) {
  const [results = 1_000_000, servers = 1_000, gamesPerServer = 1_000, requests = 1_000] = process.argv
    .slice(2)
    .map(Number);
  const figures = await benchDailyScale({ results, servers, gamesPerServer, requests });
  console.log(JSON.stringify(figures, null, 2));
}
