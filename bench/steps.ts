import { InteractionClock } from '../harness/kit/interaction-clock.js';
import { gameContender } from './contenders.js';
import { BEFORE_PLAY_DATABASE, type BenchStep, say } from './context.js';
import { benchDailyScale, dailyScaleSummary } from './daily-scale.js';
import { benchFullShard } from './full-shard.js';
import { headToHeadStep } from './head-to-head-step.js';
import { headToHeadOnPostgres } from './on-postgres.js';
import { benchRateLimits } from './rate-limits.js';
import { scoreCardSummary, scoreCardTargetMet, TARGETS } from './report.js';
import { benchScale, scaleSummary } from './scale.js';
import { benchScoreCard } from './score-card.js';
import { describeShardedRun, type ShardedDatabase, shardedBench, shardedJson, sqliteCopies } from './sharded.js';
import { benchStrategy } from './strategy.js';
import { benchTournaments } from './tournaments.js';

/** The steps in the order `npm run bench` runs them (docs/benchmark.md numbers them 1 to 11). */
export const STEPS: readonly BenchStep[] = [
  {
    name: 'solver',
    loads: 'nothing: in the bench process',
    measures: 'the solver tables, the hint and scoring rates; the score card PNG, 2 and 5 players',
    writes: ['strategy', 'score_card', 'targets'],
    run: async () => {
      const started = performance.now();
      const strategy = await benchStrategy();
      const seconds = (performance.now() - started) / 1000;
      globalThis.gc?.();
      const scoreCard = benchScoreCard();
      globalThis.gc?.();
      const cold = Object.entries(strategy).filter(([key]) => key.includes('build_cold'));
      return {
        json: {
          strategy: { ...strategy, 'strategy.bench_s': seconds },
          score_card: scoreCard,
          targets: {
            score_card_p50_ms_below: TARGETS.scoreCardP50MsBelow,
            score_card_met: scoreCardTargetMet(scoreCard),
          },
        },
        lines: [
          `solver: table build ${cold.map(([key, ms]) => `${key.replace('strategy.build_cold_ms.', '')} ${ms.toFixed(0)} ms`).join(', ')}; hint (best action) ${strategy['strategy.best_action_us']?.toFixed(1)} µs; scoring ${((strategy['strategy.score_roll_per_second'] ?? 0) / 1e6).toFixed(1)} M rows/s`,
          scoreCardSummary(scoreCard),
        ],
      };
    },
  },
  {
    name: 'head-to-head',
    loads:
      'the world (1,000 servers), 10,000 finished games and 200 in play on SQLite; the bot, the do-nothing baseline and the persisting baseline, warm-up, closed-loop rounds, a paced round, a lobby in every other channel',
    measures:
      'start-up to ready; throughput, latency, CPU by thread, memory of the three bots (the bot against each baseline); fresh idle processes',
    writes: [
      ...['throughput_ratio', 'p99_ratio', 'p50_ratio', 'p95_ratio', 'paced_p50_ratio', 'paced_p99_ratio'],
      ...['round_ratios', 'round_throughput_ratio_spread', 'cpu_ratio', 'main_thread_cpu_ratio'],
      ...['rss_above_baseline_per_1000_active_games_mb', 'memory', 'targets', 'machine', 'load', 'game', 'baseline'],
      ...['startup', 'emulator_loop_delay_ms_during_rounds', 'persisting_baseline'],
    ],
    run: headToHeadStep,
  },
  {
    name: 'full-shard',
    loads:
      'one shard at full size (2,500 guilds of 25 channels, 50 roles, 30 emojis, 200 members), 1,000 games in play, on a strict emulator of its own; the bot with discord.js’s default caches, then with its own',
    measures: 'spawn to ready, RSS and heap after a full GC, paced click latency, for each cache profile',
    writes: ['full_shard'],
    run: (context) =>
      benchFullShard(
        context,
        {
          guilds: Number(process.env.BENCH_FULL_GUILDS ?? 2500),
          games: Number(process.env.BENCH_FULL_GAMES ?? 1000),
          tables: context.config.channels,
          warmup: Number(process.env.BENCH_FULL_WARMUP ?? 4000),
          paced: context.config.paced,
          pacedRate: context.config.pacedRate,
        },
        say,
      ),
  },
  {
    name: 'postgres',
    loads: 'the same history on a durable PostgreSQL of its own; the head-to-head again, the bot on it',
    measures: 'the ratios and both contenders, the server’s CPU counted as the bot’s',
    writes: ['postgres'],
    run: async (context) => {
      const result = await headToHeadOnPostgres(context, say);
      const [bot, baseline] = [result.game, result.baseline] as Record<string, number>[];
      const ratio = (key: string) => Number(result[key]).toFixed(2);
      return {
        json: { postgres: result },
        lines: [
          `on PostgreSQL: throughput_ratio ${ratio('throughput_ratio')} (${bot?.interactions_per_second?.toFixed(0)} against ${baseline?.interactions_per_second?.toFixed(0)} interactions/s), p99_ratio ${ratio('p99_ratio')} (${bot?.p99_ms?.toFixed(0)} against ${baseline?.p99_ms?.toFixed(0)} ms); bot CPU ${bot?.cpu_ms_per_interaction?.toFixed(2)} + server ${Number(result.server_cpu_ms_per_interaction).toFixed(2)} ms per interaction; failed ${bot?.failed}; other programs used ${Number(result.other_programs_cpu_cores_during_rounds).toFixed(2)} cores`,
        ],
      };
    },
  },
  {
    name: 'sharded',
    loads: '`npm run start:sharded` with 1 shard, then 4, on copies of the SQLite and PostgreSQL databases before play',
    measures: 'interactions/s, p99, CPU of the shards and the server, RSS per shard',
    writes: ['sharding'],
    run: async (context) => {
      const { discord, world } = await context.world();
      const { config } = context;
      const clock = new InteractionClock(discord);
      const env = { ...(await context.botEnv()), DATABASE_PATH: (await context.sqliteHistory()).path };
      const sharded = (database: ShardedDatabase) =>
        shardedBench(discord, clock, gameContender(discord, world, clock, env), {
          database,
          loadServers: world.servers.slice(0, config.channels),
          config,
          cwd: context.dir,
          say: (message) => say(`sharded on ${message}`),
        });
      const { postgres } = await context.postgresHistory();
      const onPostgres = await sharded({
        kind: 'postgres',
        fresh: async (run) => ({ DATABASE_URL: await postgres.copyDatabase(BEFORE_PLAY_DATABASE, run) }),
        serverPids: postgres.pids,
      });
      await context.stopPostgres();
      const onSqlite = await sharded(sqliteCopies((await context.sqliteHistory()).beforePlay));
      clock.close();
      return {
        json: {
          sharding: {
            sqlite: shardedJson(onSqlite, 'SQLite: one file shared by the shard processes of this one host'),
            postgres: shardedJson(
              onPostgres,
              'PostgreSQL: the server of the step before, on the same two cores; its CPU counted as the bot’s',
            ),
          },
        },
        lines: [
          { name: 'SQLite', runs: onSqlite },
          { name: 'PostgreSQL', runs: onPostgres },
        ].map(({ name, runs }) => `sharded on ${name}, one machine: ${runs.map(describeShardedRun).join('; ')}`),
      };
    },
  },
  {
    name: 'scale',
    loads:
      '100,000 finished games in 100 servers on SQLite (cached in bench/scale.tmp/), 20,000 on PostgreSQL; BENCH_FULL_SIZE=1: a million, and 100,000',
    measures: 'bytes per game; leaderboard, stats, history, export request times; start-up on it',
    writes: ['scale'],
    run: async (context) => {
      const { config } = context;
      const { DATABASE_PATH: _none, ...botEnv } = await context.botEnv();
      const scale = scaleSummary(
        await benchScale({
          servers: config.scaleServers,
          games: config.scaleGames,
          postgresGames: config.scalePostgresGames,
          requests: config.scaleRequests,
          startupRuns: Math.max(1, Math.min(3, config.startupRuns)),
          botEnv,
          cwd: context.dir,
          say,
        }),
      );
      return { json: { scale: scale.json }, lines: scale.lines };
    },
  },
  {
    name: 'rate-limits',
    loads: '40 games of two people and two computers at saturation, each run on a strict emulator of its own',
    measures: '429s, Play again follow-up p99, pings dropped; two hosts with and without the shared proxy',
    writes: ['rate_limits', 'proxy'],
    run: async ({ config }) =>
      benchRateLimits({
        channels: config.rateLimitChannels,
        seconds: config.rateLimitSeconds,
        globalPerSecond: config.rateLimitGlobal,
        say,
      }),
  },
  {
    name: 'daily',
    loads:
      '100,000 daily results of one day and 100,000 games written into the tables, 20,000 of each on PostgreSQL (BENCH_FULL_SIZE=1: a million, and 100,000); in process',
    measures: 'daily board, world percentile, server place, streak, skill ranking request times',
    writes: ['daily', 'skill'],
    run: async ({ config }) => {
      const daily = dailyScaleSummary(
        await benchDailyScale({
          results: config.dailyResults,
          servers: config.dailyServers,
          games: config.dailyGames,
          postgresGames: config.dailyPostgresGames,
          requests: config.dailyRequests,
          say,
        }),
      );
      return { json: { daily: daily.daily, skill: daily.skill }, lines: daily.lines };
    },
  },
  {
    name: 'tournaments',
    loads: 'a tournament of 1,000 entrants over three closed rounds, rated games, on SQLite and PostgreSQL; in process',
    measures: 'the standings read, rateGame and the save that ends a rated game, the ratings rebuild at growing sizes',
    writes: ['tournaments'],
    run: async () => {
      const sizes = (value: string | undefined, fallback: readonly number[]) =>
        value ? value.split(',').map(Number) : fallback;
      const figures = await benchTournaments({
        standingsReads: 300,
        standingsWarmup: 30,
        rateGameCalls: 10_000,
        finalSaves: Number(process.env.FINAL_SAVES ?? 500),
        // The rebuild's games are written before it is timed: about 25 minutes at 200,000 on SQLite.
        sqliteRebuildSizes: sizes(process.env.REBUILD_SQLITE, [20_000, 50_000]),
        postgresRebuildSizes: sizes(process.env.REBUILD_POSTGRES, [10_000, 20_000]),
        say,
      });
      return {
        json: { tournaments: figures },
        lines: [
          `tournaments: ${JSON.stringify(figures.backends.map((b) => ({ backend: b.backend, standings_p99_ms: b.standings.ms.p99 })))}`,
        ],
      };
    },
  },
];
