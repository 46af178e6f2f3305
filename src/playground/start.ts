import { loadDotEnv } from '../env.js';
import { runPlayground } from './run-playground.js';

/** `npm run playground`: the playground even when a DISCORD_TOKEN is set (the bot never sees it). */
loadDotEnv();
runPlayground().catch((error: unknown) => {
  process.stderr.write(
    `crag-bot: the playground could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
