import { BotProcess, MEMORY_PROBE_ARGS, type MemoryAfterGc } from '../harness/kit/bot-process.js';
import { procStatusMb, waitUntilIdle } from '../harness/kit/process-stats.js';

export interface StartupRun {
  /** Spawn until the bot logged "ready" (connected, every guild received, timers re-armed). */
  readonly readyMs: number;
  readonly rssAtReadyMb: number;
  /** At once when idle after "ready" (the solver tables are built by then), after a full GC. */
  readonly atOnce: MemoryAfterGc;
  /** Later, after V8 has shrunk its young generation and RSS has stopped falling; when asked for. */
  readonly settled?: SettledMemory;
  /** SIGTERM until the process exited (a clean shutdown). */
  readonly stopMs: number;
}

/*
 * Why a second, later reading: straight after start-up V8's young generation (new_space) is still at
 * the size start-up's allocations grew it to, 18–31 MB in either bot, and which bot happens to hold
 * more of it decides most of the difference between them. Once the process allocates little, V8
 * shrinks new_space at the next GC (10–25 s in, measured 2026-12-02), and the kernel gets those
 * pages back later and unevenly: one reading 6 s in, with new_space shrunk and RSS unchanged over
 * 2 s, came before the kernel had taken anything back (2026-12-02). A long-lived bot spends its life
 * after all that, so the target is judged on a reading at least 30 s in, with new_space shrunk and
 * RSS unchanged over the last three readings.
 */
const SETTLE_POLL_MS = 2_000;
const SETTLE_MIN_MS = 30_000;
const SETTLE_CAP_MS = 90_000;
/** Both bots' new_space shrinks to 0.5–1 MB. */
const SHRUNK_NEW_SPACE_MB = 1.5;
/** RSS across the last readings, 2 s apart: the kernel has stopped taking pages back. */
const STEADY_RSS_MB = 1;
const STEADY_READINGS = 3;

export interface SettledMemory {
  readonly memory: MemoryAfterGc;
  /** How long after the reading at once this one came. */
  readonly afterMs: number;
  /** False when the cap came first: the figure is then the last reading, not a settled one. */
  readonly inTime: boolean;
}

async function settle(bot: BotProcess, atOnce: MemoryAfterGc): Promise<SettledMemory> {
  const started = performance.now();
  const recentRss = [atOnce.rssMb];
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    // Each reading runs a full GC, which is also when V8 decides to shrink new_space.
    const memory = await bot.memoryAfterGc();
    recentRss.push(memory.rssMb);
    if (recentRss.length > STEADY_READINGS) recentRss.shift();
    const afterMs = performance.now() - started;
    const shrunk = (memory.spacesMb.new_space ?? Number.POSITIVE_INFINITY) <= SHRUNK_NEW_SPACE_MB;
    const steady =
      recentRss.length === STEADY_READINGS && Math.max(...recentRss) - Math.min(...recentRss) <= STEADY_RSS_MB;
    if (afterMs >= SETTLE_MIN_MS && shrunk && steady) return { memory, afterMs, inTime: true };
    if (afterMs >= SETTLE_CAP_MS) return { memory, afterMs, inTime: false };
  }
}

/**
 * Starts a bot (`entry`: the production build, or the baseline) `runs` times and stops it cleanly
 * each time; a fresh process, so its memory owes nothing to earlier load. `settle`: also wait for the
 * settled reading (30–90 s a start), for the memory figures.
 */
export async function measureStartup(
  entry: string,
  env: Readonly<Record<string, string>>,
  cwd: string,
  runs: number,
  options: { settle: boolean },
): Promise<StartupRun[]> {
  const results: StartupRun[] = [];
  for (let i = 0; i < runs; i += 1) {
    // "ready" is an info line; the load itself runs at LOG_LEVEL=warn.
    const bot = new BotProcess(entry, { ...env, LOG_LEVEL: 'info' }, cwd, MEMORY_PROBE_ARGS);
    try {
      const readyMs = await bot.ready(60_000);
      const rssAtReadyMb = procStatusMb(bot.pid, 'VmRSS');
      await waitUntilIdle(bot.pid);
      const atOnce = await bot.memoryAfterGc();
      const settled = options.settle ? await settle(bot, atOnce) : undefined;
      const stopping = performance.now();
      await bot.stop();
      results.push({
        readyMs,
        rssAtReadyMb,
        atOnce,
        settled,
        stopMs: performance.now() - stopping,
      });
    } finally {
      await bot.stop();
    }
  }
  return results;
}
