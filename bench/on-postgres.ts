import { InteractionClock } from '../harness/kit/interaction-clock.js';
import type { Emulator } from '../src/emulator/index.js';
import type { BenchConfig } from './config.js';
import { baselineContender, gameContender } from './contenders.js';
import { type HeadToHead, headToHead } from './head-to-head.js';
import type { HistoryDatabase } from './history-db.js';
import type { BenchPostgres } from './postgres.js';
import { contenderJson } from './report.js';
import type { BenchWorld } from './world.js';

export interface OnPostgres {
  readonly history: HistoryDatabase;
  readonly result: HeadToHead;
}

/**
 * The head-to-head again with the bot on PostgreSQL (step 7): the same history, written into the
 * server's database by the bench's context, the same world and load, the baseline run alongside again so that the ratios compare
 * rounds measured under the same conditions.
 */
export async function headToHeadOnPostgres(
  discord: Emulator,
  world: BenchWorld,
  { postgres, history }: { readonly postgres: BenchPostgres; readonly history: HistoryDatabase },
  config: BenchConfig,
  env: { readonly game: Readonly<Record<string, string>>; readonly baseline: Readonly<Record<string, string>> },
  options: { readonly cwd: string; readonly say: (message: string) => void },
): Promise<OnPostgres> {
  const clock = new InteractionClock(discord);
  try {
    const gameEnv = { ...env.game, DATABASE_URL: postgres.url };
    const result = await headToHead(
      discord,
      clock,
      {
        game: gameContender(discord, world, clock, gameEnv),
        baseline: baselineContender(discord, world, clock, env.baseline),
      },
      {
        loadServers: world.servers.slice(0, config.channels),
        lobbyServers: world.servers.slice(config.channels),
        warmup: config.warmup,
        timed: config.timed,
        rounds: config.rounds,
        paced: config.paced,
        pacedRate: config.pacedRate,
        stagger: config.stagger,
      },
      {
        cwd: options.cwd,
        profileDir: undefined,
        countActiveGames: () => postgres.count("SELECT COUNT(*) AS n FROM games WHERE status IN ('lobby', 'playing')"),
        serverPids: postgres.pids,
        say: (message) => options.say(`PostgreSQL: ${message}`),
      },
    );
    return { history, result };
  } finally {
    clock.close();
  }
}

/** The PostgreSQL section of latest.json: the head-to-head's ratios and both contenders' figures. */
export function onPostgresJson({ history, result }: OnPostgres) {
  const { game, baseline } = result;
  return {
    throughput_ratio: game.load.ips / baseline.load.ips,
    p99_ratio: game.load.latency.p99 / baseline.load.latency.p99,
    p50_ratio: game.load.latency.p50 / baseline.load.latency.p50,
    p95_ratio: game.load.latency.p95 / baseline.load.latency.p95,
    paced_p50_ratio: game.paced.latency.p50 / baseline.paced.latency.p50,
    paced_p99_ratio: game.paced.latency.p99 / baseline.paced.latency.p99,
    round_ratios: game.rounds.map((round, i) => ({
      throughput: round.ips / (baseline.rounds[i]?.ips ?? Number.NaN),
      p99: round.p99 / (baseline.rounds[i]?.p99 ?? Number.NaN),
    })),
    server_cpu_ms_per_interaction: result.serverCpuMsPerInteraction,
    other_programs_cpu_cores_during_rounds: result.foreignCores,
    server:
      'a PostgreSQL of its own on loopback, default settings (fsync and synchronous_commit on), started like the tests start theirs',
    history: {
      finished_games: history.finishedGames,
      games_in_play: history.activeGames,
      database_mb: history.bytes / 1024 ** 2,
      database_build_s: history.buildMs / 1000,
    },
    game: contenderJson(game),
    baseline: contenderJson(baseline),
  };
}
