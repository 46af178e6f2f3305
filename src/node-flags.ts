/**
 * The Node flags every shipped start of the bot runs with: the image's CMD, `npm start`, the
 * launcher's shards (src/sharding/shard-launcher.ts) and the bench's bot. test/ops/node-flags.test.ts
 * holds the Dockerfile and package.json to this list.
 *
 * `--max-semi-space-size=8`: V8's young generation grows to two 16 MiB semi-spaces while 2,500
 * GUILD_CREATEs arrive and stays committed after it; capped at 8 MiB each, a full shard is about
 * 16 MB smaller, ready and idle, and the same at work. Measured against the default, alternating on
 * one emulator (docs/benchmark.md, "A shard at Discord's full size"): no more CPU per click.
 */
export const SHIPPED_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];

/** The shipped flags that `flags` do not set a value of their own for (the operator's value wins). */
export function missingShippedFlags(flags: readonly string[]): string[] {
  const named = (flag: string) => flag.split('=')[0];
  const given = new Set(flags.map(named));
  return SHIPPED_NODE_FLAGS.filter((flag) => !given.has(named(flag)));
}

/** `flags` after the shipped ones they lack. */
export function withShippedFlags(flags: readonly string[]): string[] {
  return [...missingShippedFlags(flags), ...flags];
}
