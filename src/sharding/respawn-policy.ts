import { EXIT_CONFIG } from '../env.js';

/** How a shard's process ended: its exit code, or the signal that killed it. */
export interface ShardExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export type DeathVerdict =
  | { readonly action: 'respawn'; readonly inMs: number }
  /** The host stops its shards and exits with `exitCode`: running on without this shard would hide it. */
  | { readonly action: 'stop'; readonly exitCode: number; readonly why: string };

export interface RespawnPolicyOptions {
  /** The first respawn waits this long (0.5 s); each further death in a row doubles it. */
  readonly firstDelayMs?: number;
  /** The longest wait (5 minutes): a shard that keeps dying identifies at most 288 times a day. */
  readonly maxDelayMs?: number;
  /** A process that lived this long (10 minutes) before dying was healthy: the next wait starts over. */
  readonly healthyUptimeMs?: number;
}

/**
 * What the sharded launcher does when a shard's process dies. discord.js's own `respawn: true`
 * starts it again at once whatever the cause, which turns a fatal gateway close or bad configuration
 * into a tight loop of identifies (1,000 a day at most); so the launcher decides:
 * - a shard that never became ready failed the host's start (its process printed why): stop;
 * - exit code 78 (EX_CONFIG: bad configuration, a gateway closed for good): restarting cannot help: stop;
 * - anything else (killed, crashed, a database that could not be reached): respawn, after a pause
 *   that doubles while it keeps dying, so it never loops tightly.
 */
export class RespawnPolicy {
  private readonly firstDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly healthyUptimeMs: number;
  /** Deaths in a row of each shard since it last ran healthily. */
  private readonly deaths = new Map<number, number>();

  constructor(options: RespawnPolicyOptions = {}) {
    this.firstDelayMs = options.firstDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 5 * 60_000;
    this.healthyUptimeMs = options.healthyUptimeMs ?? 10 * 60_000;
  }

  /** `everReady`: the shard has been ready at least once; `uptimeMs`: how long this process lived. */
  onDeath(shard: number, exit: ShardExit, life: { everReady: boolean; uptimeMs: number }): DeathVerdict {
    const how = exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
    if (!life.everReady) {
      return { action: 'stop', exitCode: failureCode(exit), why: `shard ${shard} could not start (${how})` };
    }
    if (exit.code === EXIT_CONFIG) {
      return { action: 'stop', exitCode: EXIT_CONFIG, why: `shard ${shard} stopped for good (${how})` };
    }
    const inARow = life.uptimeMs >= this.healthyUptimeMs ? 0 : (this.deaths.get(shard) ?? 0);
    this.deaths.set(shard, inARow + 1);
    return { action: 'respawn', inMs: Math.min(this.firstDelayMs * 2 ** inARow, this.maxDelayMs) };
  }
}

/** The host exits as its failed shard did (so 78 still means "do not restart"), else 1. */
function failureCode(exit: ShardExit): number {
  return exit.code !== null && exit.code !== 0 ? exit.code : 1;
}
