import { startPersistingBaseline } from './persisting-baseline.js';

/** The persisting baseline's process (bench/persisting-baseline.ts): DISCORD_TOKEN, DISCORD_API_URL, DATABASE_PATH. */
const databasePath = process.env.DATABASE_PATH;
if (!databasePath) throw new Error('DATABASE_PATH is required');

startPersistingBaseline({ token: process.env.DISCORD_TOKEN ?? '', api: process.env.DISCORD_API_URL, databasePath })
  .then((bot) => {
    process.on('SIGTERM', () => {
      void bot.close().finally(() => process.exit(0));
    });
  })
  .catch((error: unknown) => {
    process.stderr.write(`${JSON.stringify({ level: 'error', message: 'login failed', error: String(error) })}\n`);
    process.exit(1);
  });
