import { readApiUrl } from './config.js';
import { ConfigError } from './config-error.js';
import { exitWithConfigError, loadDotEnv } from './env.js';
import { createLogger } from './log.js';
import { createRestProxy, listen } from './proxy/rest-proxy.js';

const DISCORD_API = 'https://discord.com/api';

function readPort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`PROXY_PORT must be a port number (0-65535), got "${value}".`);
  }
  return port;
}

/**
 * `npm run proxy`: the shared REST proxy (src/proxy/rest-proxy.ts) in front of DISCORD_API_URL, or
 * Discord itself. Every process of the bot, on every host, sets its DISCORD_API_URL to
 * http://<this host>:<PROXY_PORT>/api. PROXY_HOST (default 127.0.0.1) is the address to listen on.
 */
async function main(): Promise<void> {
  loadDotEnv();
  let upstream: string;
  let port: number;
  try {
    upstream = readApiUrl(process.env) ?? DISCORD_API;
    port = readPort(process.env.PROXY_PORT);
  } catch (error) {
    if (error instanceof ConfigError) exitWithConfigError(error.message);
    throw error;
  }
  const host = process.env.PROXY_HOST?.trim() || '127.0.0.1';
  const log = createLogger('info');
  const server = createRestProxy({ upstream, log });
  const bound = await listen(server, port, host);
  log.info('REST proxy listening', { url: `http://${host}:${bound}/api`, upstream });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

await main();
