/**
 * What to tell the operator when Discord closes a shard's gateway for good. discord.js emits
 * `shardDisconnect` only for these codes (4004, 4010–4014) and never reconnects after them; trying
 * again cannot help either, so the bot stops with one line instead of running without that shard.
 */
const ADVICE: Readonly<Record<number, string>> = {
  4004: 'Discord rejected DISCORD_TOKEN on the gateway (4004): copy the token again from the Developer Portal (Bot → Reset Token) into .env.',
  4010: 'Discord refused the shard (4010, invalid shard): the shard ids must be below the shard count (SHARDS, SHARD_COUNT, SHARD_LIST, TOTAL_SHARDS).',
  4011: 'Discord requires more shards (4011): a shard holds at most 2,500 servers. Run npm run start:sharded (SHARD_COUNT=auto takes Discord’s recommendation), or raise SHARD_COUNT.',
  4012: 'Discord refused the gateway version (4012): upgrade discord.js.',
  4013: 'Discord refused the gateway intents (4013, invalid intents): upgrade the bot.',
  4014: 'Discord refused a privileged intent this application is not allowed (4014): enable it in the Developer Portal (Bot → Privileged Gateway Intents) or upgrade the bot.',
};

/** Discord closed shard `shard` with `code`, after which discord.js gives up on it. */
export class FatalGatewayClose extends Error {
  override readonly name = 'FatalGatewayClose';

  constructor(
    readonly code: number,
    readonly shard: number,
  ) {
    super(ADVICE[code] ?? `Discord closed the gateway of shard ${shard} for good (${code}).`);
  }
}
