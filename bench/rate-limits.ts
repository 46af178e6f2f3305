import fs from 'node:fs';
import path from 'node:path';
import { killAllChildren, ROOT } from './bot-process.js';
import { saturate } from './rate-limit-load.js';
import { rounded } from './report.js';

const OUTPUT = path.join(ROOT, 'bench/latest.json');

function count(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number >= 1, got ${process.env[name]}`);
  return value;
}

function say(message: string): void {
  process.stdout.write(`[rate limits ${(performance.now() / 1000).toFixed(1)}s] ${message}\n`);
}

/**
 * `node dist/bench/rate-limits.js` (after `npm run build`): the bot against the strict emulator
 * (Discord's global limit and route buckets), at saturation.
 *
 * - `rate_limits`: one process, its budget at the default 45 a second: the 429s it met (none
 *   expected), how long a Play again's follow-up board took (p99), and the pings it skipped.
 * - `proxy`: four shard processes, each believing it has the whole budget, once straight at the
 *   emulator and once through `npm run proxy`: the global 429s of each, and the interactions a
 *   second through the proxy.
 *
 * Sizes from the environment for a quick try: BENCH_RL_CHANNELS (default 120 games at once),
 * BENCH_RL_SECONDS (30 per run), BENCH_RL_GLOBAL (the global limit, Discord's 50). Merges its keys
 * into bench/latest.json and prints them.
 */
async function main(): Promise<void> {
  const channels = count('BENCH_RL_CHANNELS', 120);
  const seconds = count('BENCH_RL_SECONDS', 30);
  const globalPerSecond = count('BENCH_RL_GLOBAL', 50);
  const budget = Math.max(1, Math.floor(globalPerSecond * 0.9));
  const common = { channels, seconds, globalPerSecond, budgetPerProcess: budget, say };

  say(`one process, ${channels} games at once, ${seconds} s…`);
  const single = await saturate({ ...common, hosts: [[0]], viaProxy: false });
  say('four shard processes straight at the emulator…');
  const direct = await saturate({ ...common, hosts: [[0, 1, 2, 3]], viaProxy: false });
  say('four shard processes through the proxy…');
  const proxied = await saturate({ ...common, hosts: [[0, 1, 2, 3]], viaProxy: true });

  const figures = {
    rate_limits: {
      saturated_429s: single.global429s + single.route429s,
      global_429s: single.global429s,
      followup_p99_ms: single.followUpP99Ms,
      followups: single.followUps,
      pings_dropped: single.pingsSkipped,
      interactions_per_s: single.interactionsPerSecond,
      interactions_failed: single.failed,
      global_limit_per_s: globalPerSecond,
      budget_per_s: budget,
      games_at_once: channels,
      other_problems: single.otherProblems,
    },
    proxy: {
      global_429s_with_proxy: proxied.global429s,
      global_429s_without_proxy: direct.global429s,
      route_429s_with_proxy: proxied.route429s,
      route_429s_without_proxy: direct.route429s,
      interactions_per_s: proxied.interactionsPerSecond,
      interactions_per_s_without_proxy: direct.interactionsPerSecond,
      interactions_failed_with_proxy: proxied.failed,
      processes: 4,
      budget_per_process_per_s: budget,
    },
  };
  const latest = fs.existsSync(OUTPUT) ? (JSON.parse(fs.readFileSync(OUTPUT, 'utf8')) as Record<string, unknown>) : {};
  const shown = rounded(figures) as Record<string, Record<string, unknown>>;
  fs.writeFileSync(OUTPUT, `${JSON.stringify({ ...latest, ...shown }, null, 2)}\n`);
  for (const [group, values] of Object.entries(shown)) {
    for (const [key, value] of Object.entries(values)) say(`${group}.${key}`.padEnd(44) + String(value));
  }
}

main().catch((error: unknown) => {
  killAllChildren();
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
