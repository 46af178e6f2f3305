import { FEATURES } from '../commands/index.js';
import { runBot } from './run-bot.js';

// `npm start`: the bot with every feature of commands/ (the one place that lists them).
runBot(FEATURES).catch((error: unknown) => {
  process.stderr.write(`crag-bot: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
