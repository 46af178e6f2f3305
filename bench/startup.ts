import { BotProcess, MEMORY_PROBE_ARGS } from './bot-process.js';
import { procStatusMb } from './memory.js';
import { waitUntilIdle } from './process-stats.js';

export interface StartupRun {
  /** Spawn until the bot logged "ready" (connected, every guild received, timers re-armed). */
  readonly readyMs: number;
  readonly rssAtReadyMb: number;
  /** Once idle after "ready" (the solver tables are built by then), after a full GC. */
  readonly rssSettledMb: number;
  readonly heapUsedSettledMb: number;
  /** The same moment: what V8's young generation (new_space) holds resident, kept at its high mark. */
  readonly newSpaceSettledMb: number;
  /** SIGTERM until the process exited (a clean shutdown). */
  readonly stopMs: number;
}

/**
 * Starts a bot (`entry`: the production build, or the baseline) `runs` times and stops it cleanly
 * each time; a fresh process, so its memory owes nothing to earlier load.
 */
export async function measureStartup(
  entry: string,
  env: Readonly<Record<string, string>>,
  cwd: string,
  runs: number,
): Promise<StartupRun[]> {
  const results: StartupRun[] = [];
  for (let i = 0; i < runs; i += 1) {
    // "ready" is an info line; the load itself runs at LOG_LEVEL=warn.
    const bot = new BotProcess(entry, { ...env, LOG_LEVEL: 'info' }, cwd, MEMORY_PROBE_ARGS);
    try {
      const readyMs = await bot.ready(60_000);
      const rssAtReadyMb = procStatusMb(bot.pid, 'VmRSS');
      await waitUntilIdle(bot.pid);
      const settled = await bot.memoryAfterGc();
      const stopping = performance.now();
      await bot.stop();
      results.push({
        readyMs,
        rssAtReadyMb,
        rssSettledMb: settled.rssMb,
        heapUsedSettledMb: settled.heapUsedMb,
        newSpaceSettledMb: settled.spacesMb.new_space ?? Number.NaN,
        stopMs: performance.now() - stopping,
      });
    } finally {
      await bot.stop();
    }
  }
  return results;
}
