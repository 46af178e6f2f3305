import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { queryRows, storedStates, totalsAgainstSheets, type WorldDatabase } from '../harness/bot-database.js';
import { InteractionClock } from '../harness/kit/interaction-clock.js';
import { withClient } from '../harness/postgres-client.js';
import { startPostgresServer } from '../harness/postgres-server.js';
import { type Problem, startEmulator } from '../src/emulator/index.js';
import { seededRandom } from '../src/game/index.js';
import { SoakBot } from './bot.js';
import { FaultRunner } from './faults.js';
import { failuresByCause, latencyWindows, type MemorySample, memorySlope, nearKill } from './figures.js';
import { Ledger } from './ledger.js';
import type { SoakOptions } from './options.js';
import { RefusalCodes } from './refusal-codes.js';
import { describeSchedule, faultSchedule } from './schedule.js';
import { SoakTable } from './table.js';
import { Tally } from './tally.js';
import { createSoakWorld } from './world.js';

/** Everything `soak/latest.json` holds (docs/reliability.md says what each figure means). */
export type SoakFigures = Awaited<ReturnType<typeof runSoak>>;

const MINUTE = 60_000;
const LATENCY_WINDOW_MS = 5 * MINUTE;
/**
 * The bot's default cooldown unit (COOLDOWN_MS): `/crag start` and Play again wait one, `/crag board`
 * three (src/bot/cooldowns.ts); a person still cooling down at the end waits it out (SoakTable.showBoard).
 */
const COOLDOWN_MS = 10_000;

export async function runSoak(options: SoakOptions, say: (line: string) => void) {
  const runMs = options.minutes * MINUTE;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-soak-'));
  const discord = await startEmulator({ rateLimits: true });
  const postgres = options.backend === 'postgres' ? await startPostgresServer() : undefined;
  let bot: SoakBot | undefined;
  // A Ctrl-C or a SIGTERM stops the bot too, rather than leave its launcher running on its own.
  const stopOnSignal = (signal: NodeJS.Signals) => {
    say(`${signal}: stopping the bot`);
    void (bot?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    const database = await prepareDatabase(options, dir, postgres?.adminUrl);
    const { app, tables: specs } = createSoakWorld(discord, options.shards, options.tables);
    const env = {
      DISCORD_TOKEN: app.token,
      DISCORD_CLIENT_ID: app.id,
      DISCORD_API_URL: discord.apiUrl,
      ...(database.kind === 'sqlite' ? { DATABASE_PATH: database.path } : { DATABASE_URL: database.url }),
      // Info, for the launcher's 'shard ready' lines (the bot logs little at info: starts, time-outs).
      LOG_LEVEL: 'info',
      COMPUTER_PAUSE_MS: '400',
    };
    bot = new SoakBot(env, dir, options.shards);
    await bot.deploy();
    await bot.start();
    say(`bot ready: ${options.shards} shards on ${options.backend}, ${specs.length} tables, seed ${options.seed}`);

    const schedule = faultSchedule(options.seed, options.minutes, options.without);
    const printed = describeSchedule(schedule);
    say(`fault schedule (seed ${options.seed}):\n  ${printed.join('\n  ')}`);

    let rest = 0;
    let failingRest = 0;
    const failingByStatus = new Map<number, number>();
    discord.on('restRequest', ({ status }) => {
      rest += 1;
      if (status >= 400) {
        failingRest += 1;
        failingByStatus.set(status, (failingByStatus.get(status) ?? 0) + 1);
      }
    });
    const clock = new InteractionClock(discord);
    const ledger = new Ledger();
    const tally = new Tally();
    const startedAt = performance.now();
    const now = () => performance.now() - startedAt;
    const random = seededRandom(options.seed ^ 0x5eed);
    const context = {
      discord,
      clock,
      ledger,
      codes: new RefusalCodes(),
      tally,
      startedAt,
      thinkMs: (specs.length / options.perSecond) * 1000,
      random,
    };
    const tables = specs.map((spec) => new SoakTable(context, spec));
    const faults = new FaultRunner({ discord, appId: app.id, bot, database, tables: specs, now, say });

    let running = true;
    const playing = tables.map((table) => table.play(() => running));
    const timers = schedule.map((fault) => setTimeout(() => faults.inject(fault), fault.atMs));
    const memory: MemorySample[] = [];
    const sampleEveryMs = Math.min(30_000, Math.max(5_000, runMs / 40));
    const sampling = (async () => {
      while (running) {
        await sleep(sampleEveryMs);
        if (!running || !bot) break;
        for (const sample of await bot.memory()) memory.push({ ...sample, atMs: now() });
      }
    })();
    // The machine is shared: its load over the run says how much of the figures is the bot's.
    const loads: number[] = [];
    // This process is the emulator and the virtual people: if it stalls, answers look late.
    const driverDelay = monitorEventLoopDelay({ resolution: 20 });
    driverDelay.enable();
    const progress = setInterval(
      () => {
        loads.push(os.loadavg()[0] ?? Number.NaN);
        say(
          `${Math.round(now() / 1000)} s: ${tally.interactions} interactions, ${ledger.acceptedCount} accepted, ${tally.failed.length} failed (${tally.failed.filter(({ atMs }) => nearKill(atMs, faults.outagesSoFar())).length} near kills), load ${loads.at(-1)?.toFixed(1)}`,
        );
      },
      Math.max(30_000, runMs / 20),
    );

    await sleep(runMs);
    running = false;
    clearInterval(progress);
    driverDelay.disable();
    for (const timer of timers) clearTimeout(timer);
    say('load stopped; waiting for the faults under way and the tables to finish…');
    await Promise.all(playing);
    await faults.settle();
    await sampling;
    await quiet(discord);
    // Every game left in play must come back when its people ask for it (after the commands' cooldown).
    await sleep(COOLDOWN_MS);
    for (const table of tables) await table.showBoard();
    // A board posted at the end may bring back a lost one, and a turn held meanwhile is played: the
    // bot redraws the board, and the check holds the game against the board as it stands after.
    await quiet(discord);
    for (const table of tables) table.recheckBoard();
    await bot.stop();

    const stored = await storedStates(database);
    const verdict = ledger.check(stored);
    const totals = (await totalsAgainstSheets(database)).filter((row) => row.total !== row.sheetSum);
    const leaderboard = await leaderboardRowsOff(database);
    const outages = faults.outagesSoFar();
    const failedNear = tally.failed.filter(({ atMs }) => nearKill(atMs, outages));
    const failedElsewhere = tally.failed.filter(({ atMs }) => !nearKill(atMs, outages));
    const causes = failuresByCause(failedElsewhere, faults.spans);
    const warmupMs = Math.min(2 * MINUTE, runMs / 6);
    return {
      minutes: options.minutes,
      backend: options.backend,
      shards: options.shards,
      seed: options.seed,
      // The fault kinds this run left out (`--without`).
      faults_left_out: options.without,
      tables: specs.length,
      interactions: tally.interactions,
      interactions_by_kind: Object.fromEntries(tally.byKind),
      // Interactions acknowledged first and answered after, being slow (a database stall).
      deferred_answers: tally.deferred,
      accepted_actions: verdict.acceptedActions,
      lost_actions: verdict.lost,
      doubled_actions: verdict.doubled,
      stuck_games: verdict.stuck,
      games: verdict.games,
      totals_off_their_sheets: totals.length,
      leaderboard_rows_off: leaderboard,
      // A game left in play that nobody was shown at the end: what its table's people got instead.
      ledger_details: verdict.stuck > 0 ? [...verdict.details, ...tally.unshownAtEnd] : verdict.details,
      // Tables whose people were all refused `/crag board` at the end, one for its cooldown, and asked again.
      end_boards_after_cooldown: tally.endBoardsAfterCooldown,
      refusals: Object.fromEntries(tally.refusals),
      failed_interactions_near_kills: failedNear.length,
      failed_interactions_elsewhere: failedElsewhere.length,
      failed_elsewhere_at_s: failedElsewhere.slice(0, 50).map(({ atMs }) => Math.round(atMs / 100) / 10),
      // The failures away from kills by kind of interaction, and by the faults under way then.
      failed_elsewhere_by_kind: causes.byKind,
      failed_elsewhere_by_fault: causes.byFault,
      impossible_moves: tally.impossible,
      driver_errors: tally.driverErrors.length,
      driver_error_examples: [...new Set(tally.driverErrors)].slice(0, 5),
      faults: Object.fromEntries(faults.counts),
      schedule: printed,
      rest_requests: rest,
      // The injected answers are the faults, not the bot's failing requests.
      failing_rest_requests: failingRest - faults.injectedAnswers(),
      injected_rest_failures: faults.injectedAnswers(),
      // Every answer of 400 or more, the injected ones included.
      failing_rest_by_status: Object.fromEntries(
        [...failingByStatus].map(([status, count]) => [String(status), count]),
      ),
      // The bot's own failing requests (the limits' 429s and every other refusal), by kind and route.
      failing_rest_by_route: failingByRoute(discord.problems),
      rss_slope_mb_per_hour: memorySlope(memory, (sample) => sample.rssMb, warmupMs),
      heap_slope_mb_per_hour: memorySlope(memory, (sample) => sample.heapMb, warmupMs),
      memory_samples: memory.length,
      // Every memory reading, `[pid, minute, rss MB, heap MB]`, to tell a warm-up from a leak by eye.
      memory_series: memory.map((sample): [number, number, number, number] => [
        sample.pid,
        Number((sample.atMs / MINUTE).toFixed(2)),
        Number(sample.rssMb.toFixed(1)),
        Number(sample.heapMb.toFixed(1)),
      ]),
      latency_windows: latencyWindows(tally.answered, LATENCY_WINDOW_MS).map((window) => ({
        from_min: window.fromMs / MINUTE,
        count: window.latency.count,
        p50_ms: Math.round(window.latency.p50),
        p99_ms: Math.round(window.latency.p99),
      })),
      // How late this process's own event loop ran during the load (the emulator's and the virtual people's).
      driver_loop_delay_ms: { p99: driverDelay.percentile(99) / 1e6, max: driverDelay.max / 1e6 },
      // The machine's 1-minute load average, the mean of the samples taken during the run.
      load_average: loads.length ? loads.reduce((sum, load) => sum + load, 0) / loads.length : Number.NaN,
      bot_warnings: Object.fromEntries(bot.problems()),
      bot_error_examples: bot.errorExamples(),
    };
  } finally {
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
    await bot?.stop().catch(() => undefined);
    await discord.stop();
    postgres?.stop();
    if (process.env.SOAK_KEEP === '1') {
      // For a search after the run: the SQLite file and every warning and error the bot logged.
      if (bot) fs.writeFileSync(path.join(dir, 'bot-problems.jsonl'), bot.problemLines().join('\n'));
      say(`kept ${dir} (SOAK_KEEP=1)`);
    } else {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

async function prepareDatabase(
  options: SoakOptions,
  dir: string,
  adminUrl: string | undefined,
): Promise<WorldDatabase> {
  if (options.backend === 'sqlite') {
    fs.mkdirSync(path.join(dir, 'data'));
    return { kind: 'sqlite', path: path.join(dir, 'data', 'crag.sqlite') };
  }
  if (!adminUrl) throw new Error('no PostgreSQL server');
  await withClient(adminUrl, (client) => client.query('CREATE DATABASE crag_soak'));
  const url = new URL(adminUrl);
  url.pathname = '/crag_soak';
  return { kind: 'postgres', url: url.toString() };
}

/** Waits until the emulator has seen no message change for 3 s (computers finishing their turns), at most 60 s. */
async function quiet(discord: import('../src/emulator/index.js').Emulator): Promise<void> {
  let last = performance.now();
  const touch = () => {
    last = performance.now();
  };
  discord.on('messageUpdate', touch);
  discord.on('messageCreate', touch);
  const deadline = performance.now() + 60_000;
  while (performance.now() - last < 3_000 && performance.now() < deadline) await sleep(250);
  discord.off('messageUpdate', touch);
  discord.off('messageCreate', touch);
}

/** The emulator's record of refused requests (not the injected ones), counted by kind, status and route. */
function failingByRoute(problems: readonly Problem[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const problem of problems) {
    if (problem.kind !== 'rate-limited' && problem.kind !== 'rest-error') continue;
    // A 429's detail says which limit it met ("429 global limit on PATCH /channels/…").
    const key =
      problem.kind === 'rate-limited'
        ? problem.detail
        : `${problem.status ?? ''} ${problem.code ?? ''} ${problem.method ?? ''} ${problem.route ?? ''}`.trim();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].sort(([, a], [, b]) => b - a));
}

/**
 * Leaderboard rows (each person's all-time figures in a server) whose games and points differ from
 * the sums of the results of their finished games.
 */
async function leaderboardRowsOff(database: WorldDatabase): Promise<number> {
  const boards = await queryRows<{ guildId: string; playerId: string; games: number; total: number }>(
    database,
    `SELECT guild_id AS "guildId", player_id AS "playerId", SUM(games) AS games, SUM(total) AS total
       FROM player_stats WHERE period = 'all' GROUP BY guild_id, player_id`,
  );
  const results = await queryRows<{ guildId: string; playerId: string; games: number; total: number }>(
    database,
    `SELECT g.guild_id AS "guildId", r.player_id AS "playerId", COUNT(*) AS games, SUM(r.total) AS total
       FROM game_results r JOIN games g ON g.id = r.game_id WHERE NOT r.is_computer
       GROUP BY g.guild_id, r.player_id`,
  );
  const key = (row: { guildId: string; playerId: string }) => `${row.guildId}:${row.playerId}`;
  const expected = new Map(results.map((row) => [key(row), row]));
  let off = 0;
  for (const row of boards) {
    const sum = expected.get(key(row));
    if (!sum || Number(sum.games) !== Number(row.games) || Number(sum.total) !== Number(row.total)) off += 1;
    expected.delete(key(row));
  }
  return off + expected.size;
}
