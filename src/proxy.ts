import { DEFAULT_REQUESTS_PER_SECOND } from './bot/request-budget.js';
import { readApiUrl } from './config.js';
import { ConfigError } from './config-error.js';
import { exitWithConfigError, loadDotEnv } from './env.js';
import { createLogger } from './log.js';
import { createRestProxy } from './proxy/rest-proxy.js';

const DISCORD_API = 'https://discord.com/api';

function readWhole(name: string, fallback: number, min: number, max: number): number {
  const value = process.env[name]?.trim();
  if (!value) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${value}".`);
  }
  return parsed;
}

/**
 * `npm run proxy`: the shared REST proxy (src/proxy/rest-proxy.ts) in front of DISCORD_API_URL, or
 * Discord itself. Every process of the bot, on every host, sets its DISCORD_API_URL to
 * http://<this host>:<PROXY_PORT>/api. PROXY_HOST (default 127.0.0.1) is the address to listen on;
 * PROXY_GLOBAL_PER_SECOND the requests a second it lets through: 45 by default, 5 under Discord's
 * 50 for the reason the bot's own budget keeps them (requests bunch up on the way); more only for a
 * bot whose limit Discord raised.
 */
async function main(): Promise<void> {
  loadDotEnv();
  let upstream: string;
  let port: number;
  let globalPerSecond: number;
  try {
    upstream = readApiUrl(process.env) ?? DISCORD_API;
    port = readWhole('PROXY_PORT', 8080, 0, 65_535);
    globalPerSecond = readWhole('PROXY_GLOBAL_PER_SECOND', DEFAULT_REQUESTS_PER_SECOND, 1, 100_000);
  } catch (error) {
    if (error instanceof ConfigError) exitWithConfigError(error.message);
    throw error;
  }
  const host = process.env.PROXY_HOST?.trim() || '127.0.0.1';
  const log = createLogger('info');
  const proxy = createRestProxy({ upstream, globalPerSecond, log });
  await proxy.listen(port, host);
  log.info('the REST proxy forwards to', { upstream });
  const stop = () => void proxy.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

await main();
