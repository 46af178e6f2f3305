import { describeMachine } from '../harness/kit/machine.js';
import { DEFAULT_REQUESTS_PER_SECOND } from '../src/bot/request-budget.js';
import { GLOBAL_REQUESTS_PER_SECOND } from '../src/emulator/index.js';
import { startBenchPostgres } from './postgres.js';
import { type SaturationRun, saturate } from './rate-limit-load.js';

export interface RateLimitOptions {
  /** Games played at once, each of two people and two computers. */
  readonly channels: number;
  /** How long each of the three runs plays. */
  readonly seconds: number;
  /** The emulator's global limit: Discord's 50, or smaller to saturate a small run. */
  readonly globalPerSecond: number;
  readonly say: (message: string) => void;
}

export interface RateLimitFigures {
  /** The `rate_limits` and `proxy` entries of bench/latest.json. */
  readonly json: { readonly rate_limits: Record<string, unknown>; readonly proxy: Record<string, unknown> };
  /** What the printed summary says of them. */
  readonly lines: readonly string[];
}

/** Two launchers as two hosts, two shards each: hosts share one database, so PostgreSQL. */
const HOSTS = [
  [0, 1],
  [2, 3],
] as const;

/**
 * The bot against the emulator with Discord's limits on (the global limit, route buckets, the
 * invalid-request ban), at saturation: games of two people and two computers in `channels`
 * channels at once, the people clicking as fast as the bot answers.
 *
 * - `rate_limits`: one process (SQLite), its budget at the default's share of the global limit
 *   (40 of Discord's 50, src/bot/request-budget.ts): the 429s it met, how long a Play again's follow-up board took (p99), the pings it skipped.
 * - `proxy`: two launchers as two hosts, 4 shard processes, each with that whole budget (as a
 *   sharded bot without a shared count believes it has), once straight at the emulator and once
 *   all through one `npm run proxy` (letting the same 40 a second through): the global 429s of each,
 *   and the interactions a second through the proxy. The hosts share a PostgreSQL server of the
 *   bench's own, a fresh database for each run.
 */
export async function benchRateLimits(options: RateLimitOptions): Promise<RateLimitFigures> {
  const { channels, seconds, globalPerSecond, say } = options;
  const budget = Math.max(1, Math.floor((globalPerSecond * DEFAULT_REQUESTS_PER_SECOND) / GLOBAL_REQUESTS_PER_SECOND));
  const common = { channels, seconds, globalPerSecond, budgetPerProcess: budget, say };

  say(`rate limits: one process, ${channels} games at once, ${seconds} s, global limit ${globalPerSecond}/s…`);
  const single = await saturate({ ...common, hosts: [[0]], viaProxy: false });
  const postgres = await startBenchPostgres();
  let direct: SaturationRun;
  let proxied: SaturationRun;
  let shared: SaturationRun;
  try {
    // CREATE DATABASE copies template1 anyway: an empty database.
    const freshDatabase = (name: string) => postgres.copyDatabase('template1', name);
    const onPostgres = { ...common, hosts: HOSTS, serverPids: () => postgres.pids() };
    say('rate limits: two hosts, four shard processes, straight at the emulator…');
    direct = await saturate({ ...onPostgres, viaProxy: false, databaseUrl: await freshDatabase('rl_direct') });
    say('rate limits: two hosts, four shard processes, all through one proxy…');
    proxied = await saturate({ ...onPostgres, viaProxy: true, databaseUrl: await freshDatabase('rl_proxy') });
    // As docs/rate-limits.md tells it to run behind a proxy: each process its share of the budget, so
    // that requests wait in their own process, by its priorities, and not in the proxy's queue.
    say('rate limits: the same through the proxy, each process its share of the budget…');
    shared = await saturate({
      ...onPostgres,
      viaProxy: true,
      budgetPerProcess: Math.max(1, Math.floor(budget / HOSTS.flat().length)),
      proxyPerSecond: budget,
      databaseUrl: await freshDatabase('rl_shared'),
    });
  } finally {
    postgres.server.stop();
  }

  const { date, cpu, cores } = describeMachine();
  const figures = (run: SaturationRun) => ({
    global_429s: run.global429s,
    route_429s: run.route429s,
    interactions_per_s: run.interactionsPerSecond,
    interactions_failed: run.failed,
    followup_p99_ms: run.followUpP99Ms,
    pings_dropped: run.pingsSkipped,
    other_problems: run.otherProblems,
    first_other_problems: run.firstOtherProblems,
    bot_errors: run.botErrors.length,
    first_bot_errors: run.botErrors.slice(0, 3),
    other_programs_cpu_cores: run.foreignCores,
    rate_limited_by: run.rateLimitedBy,
    emulator_loop_delay_ms: run.emulatorLoopDelayMs,
  });
  // The proxy's runs side by side in one entry: each figure once `…_with_proxy`, once `…_without_proxy`.
  const suffixed = (entries: Record<string, unknown>, suffix: string) =>
    Object.fromEntries(Object.entries(entries).map(([key, value]) => [`${key}${suffix}`, value]));
  const rateLimits = {
    saturated_429s: single.global429s + single.route429s,
    ...figures(single),
    followups: single.followUps,
    tables_lost: single.tablesLost,
    global_limit_per_s: globalPerSecond,
    budget_per_s: budget,
    games_at_once: channels,
    seconds_per_run: seconds,
    measured_at: date,
    machine: `${cpu}, ${cores} cores`,
  };
  const proxy = {
    ...suffixed(figures(proxied), '_with_proxy'),
    ...suffixed(figures(direct), '_without_proxy'),
    interactions_per_s: proxied.interactionsPerSecond,
    hosts: HOSTS.length,
    processes: HOSTS.flat().length,
    budget_per_process_per_s: budget,
    proxy_per_s: budget,
    database: 'PostgreSQL (the bench’s own server), a fresh database per run',
    with_proxy_each_process_its_share: {
      budget_per_process_per_s: Math.max(1, Math.floor(budget / HOSTS.flat().length)),
      ...figures(shared),
    },
  };
  const ms = (value: number | null) => (value === null ? '—' : value.toFixed(0));
  const lines = [
    `rate limits, one process at saturation (${channels} games, global limit ${globalPerSecond}/s, budget ${budget}/s): ${rateLimits.saturated_429s} 429s (${single.global429s} global); Play again's follow-up p99 ${ms(single.followUpP99Ms)} ms over ${single.followUps}; ${single.pingsSkipped} turn pings dropped; ${single.interactionsPerSecond.toFixed(0)} interactions/s, ${single.failed} failed; other programs ${single.foreignCores.toFixed(2)} cores`,
    `proxy, 2 hosts × 2 shards, each budget ${budget}/s: global 429s ${proxied.global429s} through one proxy, ${direct.global429s} without; ${proxied.interactionsPerSecond.toFixed(0)} interactions/s through it (${direct.interactionsPerSecond.toFixed(0)} without), failed ${proxied.failed} and ${direct.failed}; other programs ${proxied.foreignCores.toFixed(2)} and ${direct.foreignCores.toFixed(2)} cores`,
    `proxy, each process its share (${proxy.with_proxy_each_process_its_share.budget_per_process_per_s}/s): global 429s ${shared.global429s}, ${shared.interactionsPerSecond.toFixed(0)} interactions/s, failed ${shared.failed}, follow-up p99 ${ms(shared.followUpP99Ms)} ms; other programs ${shared.foreignCores.toFixed(2)} cores`,
  ];
  // The figures as rows of their own, as latest.json names them.
  const rows = [
    ['rate_limits.saturated_429s', rateLimits.saturated_429s],
    ['rate_limits.global_429s', rateLimits.global_429s],
    ['rate_limits.followup_p99_ms', single.followUpP99Ms === null ? '—' : ms(single.followUpP99Ms)],
    ['rate_limits.pings_dropped', rateLimits.pings_dropped],
    ['proxy.global_429s_with_proxy', proxied.global429s],
    ['proxy.global_429s_without_proxy', direct.global429s],
    ['proxy.interactions_per_s', proxied.interactionsPerSecond.toFixed(1)],
  ] as const;
  const table = rows.map(([key, value]) => `${key.padEnd(36)}${String(value).padStart(10)}`);
  return { json: { rate_limits: rateLimits, proxy }, lines: [...lines, ...table] };
}
