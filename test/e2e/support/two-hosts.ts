/**
 * Two hosts of one sharded bot, as a deployment runs them: `npm run start:sharded` twice from the
 * build, shards 0 and 1 of 4 on one and 2 and 3 on the other, each given the same settings.
 */
import { BotProcess, type LogLine, SHARDED_ENTRY } from './bot-process.js';

export const TOTAL_SHARDS = 4;
export const HOSTS: readonly (readonly number[])[] = [
  [0, 1],
  [2, 3],
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `find` returns something; fails with `what` after `timeoutMs`. */
export async function until<T>(
  what: string,
  find: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** A shard's own log line (the launcher's lines have no `shards`): which shards its process holds. */
export function shardsOf(line: LogLine): number[] | undefined {
  return Array.isArray(line.shards) ? (line.shards as number[]) : undefined;
}

/** The `ready` lines of the process of `shard` on `host`: one per start. */
export const readyOf = (host: BotProcess, shard: number): LogLine[] =>
  host.logs.filter((line) => line.message === 'ready' && shardsOf(line)?.join() === String(shard));

/** Starts both launchers with `env` (their SHARD_LIST and TOTAL_SHARDS added) and waits until each has its shards ready. */
export async function startTwoHosts(env: Record<string, string>, dir: string): Promise<BotProcess[]> {
  const hosts = HOSTS.map(
    (list) =>
      new BotProcess({ ...env, SHARD_LIST: list.join(','), TOTAL_SHARDS: String(TOTAL_SHARDS) }, dir, SHARDED_ENTRY),
  );
  await Promise.all(
    hosts.map((host) =>
      until('both launchers to have their shards ready', () => {
        if (!host.running) throw new Error(`a launcher exited:\n${host.stderr.join('\n')}`);
        return host.logs.find((line) => line.message === 'shards ready');
      }),
    ),
  );
  return hosts;
}

/** Kills both launchers and, belt and braces, every shard process they started (one whose launcher is gone stops by itself). */
export async function killTwoHosts(hosts: readonly BotProcess[]): Promise<void> {
  for (const host of hosts) await host.kill('SIGKILL');
  for (const line of hosts.flatMap((host) => host.logs)) {
    if (line.message === 'shard process started' && typeof line.pid === 'number') {
      try {
        process.kill(line.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
}
