import { DiscordAPIError, REST, type RESTGetAPIGatewayBotResult, Routes } from 'discord.js';
import { restOptions } from '../config.js';
import { ConfigError } from '../config-error.js';

/** What the launcher needs from `GET /gateway/bot`. */
export interface GatewayBot {
  /** Discord's recommended shard count for this bot (about one per 1,000 servers). */
  readonly shards: number;
  /** How many shards may identify at once (in buckets of `shard_id % max_concurrency`). */
  readonly maxConcurrency: number;
}

/** Discord could not be reached: it may work later. */
export class GatewayUnreachable extends Error {
  override readonly name = 'GatewayUnreachable';
}

/**
 * Asks Discord (or `DISCORD_API_URL`'s emulator) for the recommended shard count and the identify
 * concurrency. discord.js's own `fetchRecommendedShardCount`, which `ShardingManager` uses for
 * `totalShards: 'auto'`, always asks discord.com whatever the client's REST options, so the launcher
 * asks here and hands the manager a number. One request: a 401 is a ConfigError, anything else
 * failing is GatewayUnreachable; never a retry loop (the REST client's own few retries aside).
 */
export async function fetchGatewayBot(token: string, apiUrl: string | undefined): Promise<GatewayBot> {
  const rest = new REST({ ...restOptions(apiUrl), retries: 1, timeout: 10_000 }).setToken(token);
  let body: RESTGetAPIGatewayBotResult;
  try {
    body = (await rest.get(Routes.gatewayBot())) as RESTGetAPIGatewayBotResult;
  } catch (error) {
    if (error instanceof DiscordAPIError && error.status === 401) {
      throw new ConfigError(
        'Discord rejected DISCORD_TOKEN: copy the token again from the Developer Portal (Bot → Reset Token) into .env.',
      );
    }
    throw new GatewayUnreachable(
      `cannot ask Discord for its recommended shard count (GET /gateway/bot: ${(error as Error).message}). Check the network or DISCORD_API_URL.`,
      { cause: error },
    );
  } finally {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
  return { shards: body.shards, maxConcurrency: body.session_start_limit.max_concurrency };
}
