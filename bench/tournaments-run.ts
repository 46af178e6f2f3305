import { benchTournaments } from './tournaments.js';

/**
 * `npm run bench:tournaments`: issue 43's figures as JSON on stdout, progress on stderr. Sizes by
 * environment, for a quicker run: REBUILD_SQLITE and REBUILD_POSTGRES, comma-separated game counts.
 */
const sizes = (value: string | undefined, fallback: readonly number[]) =>
  value ? value.split(',').map(Number) : fallback;

const figures = await benchTournaments({
  standingsReads: 300,
  standingsWarmup: 30,
  rateGameCalls: 10_000,
  finalSaves: Number(process.env.FINAL_SAVES ?? 500),
  sqliteRebuildSizes: sizes(process.env.REBUILD_SQLITE, [100_000, 200_000]),
  postgresRebuildSizes: sizes(process.env.REBUILD_POSTGRES, [50_000, 100_000]),
  say: (message) => process.stderr.write(`${message}\n`),
});
process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
