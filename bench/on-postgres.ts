import type { BenchContext } from './context.js';
import { sideBySide } from './head-to-head-step.js';
import { contenderJson, historyJson, ratiosJson } from './report.js';

/**
 * Step 7: the head-to-head again with the bot on PostgreSQL, the same history written into a
 * server of the bench's own (the context's), the same world and load, the baseline run alongside
 * again so that the ratios compare rounds measured under the same conditions. The `postgres` entry.
 */
export async function headToHeadOnPostgres(
  context: BenchContext,
  say: (message: string) => void,
): Promise<Record<string, unknown>> {
  const { postgres, history } = await context.postgresHistory();
  const { DATABASE_PATH: _sqlite, ...botEnv } = await context.botEnv();
  const result = await sideBySide(
    context,
    { ...botEnv, DATABASE_URL: postgres.url },
    {
      profileDir: undefined,
      countActiveGames: () => postgres.count("SELECT COUNT(*) AS n FROM games WHERE status IN ('lobby', 'playing')"),
      serverPids: postgres.pids,
      say: (message) => say(`PostgreSQL: ${message}`),
    },
  );
  const { game, baseline } = result;
  return {
    ...ratiosJson(game, baseline),
    server_cpu_ms_per_interaction: result.serverCpuMsPerInteraction,
    other_programs_cpu_cores_during_rounds: result.foreignCores,
    server:
      'a PostgreSQL of its own on loopback, default settings (fsync and synchronous_commit on), started like the tests start theirs',
    history: historyJson(history),
    game: contenderJson(game),
    baseline: contenderJson(baseline),
  };
}
