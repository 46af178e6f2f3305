import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { REST, Routes } from 'discord.js';
import { killAllChildren, runDeploy } from '../harness/kit/bot-process.js';
import type { PostgresServer } from '../harness/postgres-server.js';
import type { Emulator } from '../src/emulator/index.js';
import { startEmulator } from '../src/emulator/index.js';
import { BASELINE_COMMAND, PERSISTING_COMMAND } from './baseline-board.js';
import type { BenchConfig } from './config.js';
import { buildHistoryDatabase, type HistoryDatabase } from './history-db.js';
import { type BenchPostgres, startBenchPostgres } from './postgres.js';
import { type BenchWorld, createBenchWorld } from './world.js';

/** The SQLite database of steps 3 to 6, and a copy of it as it was before anything played on it. */
export interface BenchHistory extends HistoryDatabase {
  readonly path: string;
  readonly beforePlay: string;
}

/** A step's entries of bench/latest.json, and the lines it prints at the end. */
export interface StepResult {
  readonly json: Record<string, unknown>;
  readonly lines: readonly string[];
}

/**
 * One step of `npm run bench` (bench/steps.ts): what it puts the bot (or the store) through, what
 * it measures, and the entries of latest.json it writes (a run of some steps keeps the others').
 */
export interface BenchStep {
  /** What `BENCH_ONLY` names it by. */
  readonly name: string;
  readonly loads: string;
  readonly measures: string;
  /** The top-level entries of latest.json its `run` returns, every one of them (bench/run.ts checks). */
  readonly writes: readonly string[];
  run(context: BenchContext): Promise<StepResult>;
}

/** The history on PostgreSQL, and the server it is on. */
export interface PostgresHistory {
  readonly postgres: BenchPostgres;
  readonly history: HistoryDatabase;
}

/** A copy of the bot's PostgreSQL database as it was before anything played on it, for the sharded runs. */
export const BEFORE_PLAY_DATABASE = 'crag_bench_before_play';

export function say(message: string): void {
  process.stdout.write(`[bench ${(performance.now() / 1000).toFixed(1)}s] ${message}\n`);
}

/**
 * What the steps share, each part made when the first step that needs it asks: a temp folder, the
 * strict emulator (Discord's global 50 a second per bot token, its route buckets: docs/rate-limits.md)
 * with 1,000 servers of one #crag channel and five people and both bots in each, `/crag` and the
 * baseline's and the persisting baseline's `/bench` registered, and the database with its history. Its `close` stops everything.
 */
export class BenchContext {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-bench-'));
  /** PostgreSQL servers a step started, stopped even when the bench is interrupted. */
  readonly servers: PostgresServer[] = [];
  private discord: Emulator | undefined;
  private made: Promise<{ discord: Emulator; world: BenchWorld }> | undefined;
  private history: Promise<BenchHistory> | undefined;
  private postgres: Promise<PostgresHistory> | undefined;

  constructor(readonly config: BenchConfig) {}

  world(): Promise<{ discord: Emulator; world: BenchWorld }> {
    this.made ??= this.makeWorld();
    return this.made;
  }

  /** The emulator, if a step has made it: its problems and 429s go into latest.json. */
  get emulator(): Emulator | undefined {
    return this.discord;
  }

  sqliteHistory(): Promise<BenchHistory> {
    this.history ??= this.writeHistory();
    return this.history;
  }

  /**
   * A durable PostgreSQL server of the bench's own with the same history, and a copy of its database
   * as it was before any play (BEFORE_PLAY_DATABASE), for steps 7 and 8.
   */
  postgresHistory(): Promise<PostgresHistory> {
    this.postgres ??= this.writePostgresHistory();
    return this.postgres;
  }

  /** Stops the PostgreSQL server of steps 7 and 8 once they are done, so that it idles through no later step. */
  async stopPostgres(): Promise<void> {
    if (!this.postgres) return;
    const { postgres } = await this.postgres;
    postgres.server.stop();
    this.postgres = undefined;
  }

  /** The bot's environment in the world (LOG_LEVEL=warn, as the load runs), without its database. */
  async botEnv(): Promise<Record<string, string>> {
    const { discord, world } = await this.world();
    return {
      DISCORD_TOKEN: world.crag.token,
      DISCORD_API_URL: discord.apiUrl,
      LOG_LEVEL: 'warn',
      COMPUTER_PAUSE_MS: '20',
      // The virtual players finish a game in seconds and press Play again at once; the cooldowns are
      // for people, and would only turn some of the measured clicks into refusals.
      COOLDOWN_MS: '0',
      ...(this.config.botNodeOptions ? { NODE_OPTIONS: this.config.botNodeOptions } : {}),
    };
  }

  async baselineEnv(): Promise<Record<string, string>> {
    const { discord, world } = await this.world();
    return { DISCORD_TOKEN: world.baseline.token, DISCORD_API_URL: discord.apiUrl };
  }

  /** The persisting baseline's environment: its own SQLite file in the temp folder, made afresh by each run. */
  async persistingEnv(run: string): Promise<Record<string, string>> {
    const { discord, world } = await this.world();
    const file = path.join(this.dir, `persisting-baseline-${run}.sqlite`);
    if (!world.persisting) throw new Error('the bench world has no persisting baseline');
    return { DISCORD_TOKEN: world.persisting.token, DISCORD_API_URL: discord.apiUrl, DATABASE_PATH: file };
  }

  async close(): Promise<void> {
    killAllChildren();
    for (const server of this.servers.splice(0)) server.stop();
    await this.discord?.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** What close does that can be done synchronously, for an exit in the middle of a step. */
  closeNow(): void {
    killAllChildren();
    for (const server of this.servers.splice(0)) server.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private async makeWorld(): Promise<{ discord: Emulator; world: BenchWorld }> {
    const discord = await startEmulator({ rateLimits: true });
    this.discord = discord;
    say(`world: ${this.config.servers} servers, the bot and both baselines in each`);
    const world = createBenchWorld(discord, this.config.servers);
    const { crag, baseline, persisting } = world;
    if (!persisting) throw new Error('the bench world has no persisting baseline');
    await runDeploy(
      { DISCORD_TOKEN: crag.token, DISCORD_CLIENT_ID: crag.id, DISCORD_API_URL: discord.apiUrl },
      this.dir,
    );
    await new REST({ api: discord.apiUrl })
      .setToken(baseline.token)
      .put(Routes.applicationCommands(baseline.id), { body: [BASELINE_COMMAND] });
    await new REST({ api: discord.apiUrl })
      .setToken(persisting.token)
      .put(Routes.applicationCommands(persisting.id), { body: [PERSISTING_COMMAND] });
    return { discord, world };
  }

  private async writeHistory(): Promise<BenchHistory> {
    const { world } = await this.world();
    const { config } = this;
    const file = path.join(this.dir, 'data', 'crag.sqlite');
    say(`database: ${config.servers * config.historyGamesPerServer} finished games, ${config.channels} in play…`);
    const history = await buildHistoryDatabase(
      { kind: 'sqlite', path: file },
      world.servers,
      config.historyGamesPerServer,
      config.channels,
    );
    const beforePlay = path.join(this.dir, 'before-play.sqlite');
    fs.copyFileSync(file, beforePlay);
    return { ...history, path: file, beforePlay };
  }

  private async writePostgresHistory(): Promise<PostgresHistory> {
    const { world } = await this.world();
    const { config } = this;
    say('PostgreSQL: starting a server of its own…');
    const postgres = await startBenchPostgres();
    this.servers.push(postgres.server);
    say(`PostgreSQL: ${config.servers * config.historyGamesPerServer} finished games, ${config.channels} in play…`);
    const history = await buildHistoryDatabase(
      { kind: 'postgres', url: postgres.url },
      world.servers,
      config.historyGamesPerServer,
      config.channels,
    );
    await postgres.copyDatabase('crag_bench', BEFORE_PLAY_DATABASE);
    return { postgres, history };
  }
}

export function countActiveGames(dbPath: string): number {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM games WHERE status IN ('lobby', 'playing')").get() as { n: number })
      .n;
  } finally {
    db.close();
  }
}
