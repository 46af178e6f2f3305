/** The bench's sizes; each can be shrunk from the environment for a quick try (BENCH_TIMED=500 …). */
export interface BenchConfig {
  /** Servers the bots are in (one #crag channel each); the start-up figures are for this many guilds. */
  readonly servers: number;
  /** Finished games per server in the database (10 × 1,000 = 10,000). */
  readonly historyGamesPerServer: number;
  /** Channels played at once during the timed load. */
  readonly channels: number;
  /**
   * Interactions each bot gets before anything is measured. The bot's rarer code (a game's end, Play
   * again, the score card) runs once in about 130 clicks, so V8 is still compiling it after a few
   * thousand: at 3,000 its compiler's work showed in the measured rounds (docs/benchmark.md). A bot
   * runs for hours, so the bench measures it warm.
   */
  readonly warmup: number;
  readonly timed: number;
  /** The measured interactions are split into this many rounds, alternating game and baseline. */
  readonly rounds: number;
  /** Interactions of the paced round (people pausing between clicks), and the rate it offers. */
  readonly paced: number;
  readonly pacedRate: number;
  /** Channels opened at a time. */
  readonly stagger: number;
  readonly startupRuns: number;

  /** Run both bots under `node --cpu-prof` and print where their CPU went during the measured rounds. */
  readonly cpuProfile: boolean;
  /** BENCH_BOT_NODE_OPTIONS: NODE_OPTIONS for the game bot alone (`--max-semi-space-size=8`), to weigh a flag. */
  readonly botNodeOptions: string;

  /**
   * Statistics at scale (bench/scale.ts): servers and finished games of the SQLite history. A tenth
   * of the full size by default (100 servers of 1,000 games; BENCH_FULL_SIZE=1: 1,000 servers, a
   * million games): each request reads one server's games, whose number is the same at both sizes.
   */
  readonly scaleServers: number;
  readonly scaleGames: number;
  /** Finished games of the PostgreSQL history (a thousand per server, as on SQLite: 20 servers, at full size 100). */
  readonly scalePostgresGames: number;
  /** Measured requests of each kind (leaderboard, statistics, history). */
  readonly scaleRequests: number;

  /** Rate limits (bench/rate-limits.ts): games at once, seconds per run, the emulator's global limit. */
  readonly rateLimitChannels: number;
  readonly rateLimitSeconds: number;
  readonly rateLimitGlobal: number;

  /** BENCH_ONLY: the steps to run, by name (bench/steps.ts; null: all of them). BENCH_SCALE_ONLY=1 is `scale`. */
  readonly only: readonly string[] | null;
  /**
   * The daily deal at scale (bench/daily-scale.ts): finished daily results of one day, over servers
   * of a thousand finished games each on SQLite; a tenth of the full size by default (BENCH_FULL_SIZE=1:
   * a million results and a million games in 1,000 servers).
   */
  readonly dailyResults: number;
  readonly dailyServers: number;
  readonly dailyGames: number;
  /** Finished games of its PostgreSQL history, a thousand a server as on SQLite (its SQLite one has the scale's); the daily results in proportion. */
  readonly dailyPostgresGames: number;
  /** Measured requests of each kind (board, percentile, place, streak, skill ranking). */
  readonly dailyRequests: number;
}

/**
 * BENCH_FULL_SIZE=1: the statistics' and the daily deal's histories at their full size (a million
 * games), as docs/benchmark.md's figures before 2026-12-07 were taken; by default a tenth, which
 * gives the same request times within noise and takes tens of minutes off the run (ibid.: the
 * daily step, 47 minutes against 7 on a busy machine). Not the same bytes per game: a small
 * database spreads its fixed pages over fewer games.
 */
const FULL_SIZE = process.env.BENCH_FULL_SIZE === '1';
const sized = (tenth: number, full: number) => (FULL_SIZE ? full : tenth);

function count(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, got ${process.env[name]}`);
  return value;
}

function only(): readonly string[] | null {
  if (process.env.BENCH_SCALE_ONLY === '1') return ['scale'];
  const names = (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length ? names : null;
}

export function readBenchConfig(): BenchConfig {
  const config: BenchConfig = {
    servers: count('BENCH_SERVERS', 1000),
    historyGamesPerServer: count('BENCH_HISTORY_GAMES', 10),
    channels: count('BENCH_CHANNELS', 200),
    warmup: count('BENCH_WARMUP', 15_000),
    timed: count('BENCH_TIMED', 6000),
    rounds: Math.max(1, count('BENCH_ROUNDS', 3)),
    paced: count('BENCH_PACED', 2000),
    pacedRate: Math.max(1, count('BENCH_PACED_RATE', 200)),
    stagger: count('BENCH_STAGGER', 20),
    startupRuns: count('BENCH_STARTUP_RUNS', 5),
    cpuProfile: process.env.BENCH_CPU_PROF === '1',
    botNodeOptions: process.env.BENCH_BOT_NODE_OPTIONS?.trim() ?? '',
    scaleServers: Math.max(1, count('BENCH_SCALE_SERVERS', sized(100, 1000))),
    scaleGames: Math.max(1, count('BENCH_SCALE_GAMES', sized(100_000, 1_000_000))),
    scalePostgresGames: Math.max(1, count('BENCH_SCALE_PG_GAMES', sized(20_000, 100_000))),
    scaleRequests: Math.max(1, count('BENCH_SCALE_REQUESTS', 2000)),
    rateLimitChannels: Math.max(1, count('BENCH_RL_CHANNELS', 40)),
    rateLimitSeconds: Math.max(1, count('BENCH_RL_SECONDS', 60)),
    rateLimitGlobal: Math.max(2, count('BENCH_RL_GLOBAL', 50)),
    only: only(),
    dailyResults: count('BENCH_DAILY_RESULTS', sized(100_000, 1_000_000)),
    dailyServers: Math.max(1, count('BENCH_DAILY_SERVERS', sized(100, 1000))),
    dailyGames: Math.max(1, count('BENCH_DAILY_GAMES', sized(100_000, 1_000_000))),
    dailyPostgresGames: Math.max(1, count('BENCH_DAILY_PG_GAMES', sized(20_000, 100_000))),
    dailyRequests: Math.max(1, count('BENCH_DAILY_REQUESTS', 2000)),
  };
  if (config.channels > config.servers) throw new Error('BENCH_CHANNELS cannot exceed BENCH_SERVERS');
  return config;
}
