import { readDatabaseLocation } from '../config.js';
import { ConfigError } from '../config-error.js';
import { exitWithConfigError, loadDotEnv } from '../env.js';
import { openStore } from '../store/index.js';

/**
 * `npm run ratings:rebuild [-- --check]`: replays every rated game in the order it was rated and
 * writes the ratings it gives over the stored ones (with --check, only compares). Safe while the
 * bot plays: each game's end takes the same lock. Prints one line; --check exits 1 on a difference.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const check = process.argv.includes('--check');
  let location: ReturnType<typeof readDatabaseLocation>;
  try {
    location = readDatabaseLocation(process.env);
  } catch (error) {
    if (error instanceof ConfigError) exitWithConfigError(error.message);
    throw error;
  }
  const store = await openStore(location);
  try {
    const started = performance.now();
    const rebuilt = await store.rebuildRatings({ write: !check });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const verb = check ? 'checked' : 'rebuilt';
    process.stdout.write(
      `${verb} ${rebuilt.ratings} ratings from ${rebuilt.games} games in ${seconds} s; ${rebuilt.differing} stored ratings differed${check || rebuilt.differing === 0 ? '' : ' and were replaced'}\n`,
    );
    if (check && rebuilt.differing > 0) process.exitCode = 1;
  } finally {
    await store.close();
  }
}

await main();
