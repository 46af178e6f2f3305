import { type Client, Status } from 'discord.js';
import type { DatabaseProbe } from './database-probe.js';

export interface CheckResult {
  readonly ok: boolean;
  /** Why not, in a few words; never a token, a user id or message content. */
  readonly detail?: string;
}

/** What /readyz answers: ready only when every check passed. */
export interface ReadinessReport {
  readonly ready: boolean;
  readonly checks: Readonly<Record<string, CheckResult>>;
}

/** discord.js's shard statuses by name, for the report. */
const STATUS_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(Status)
    .filter(([, value]) => typeof value === 'number')
    .map(([name, value]) => [value, name]),
);

/** Every shard this client runs is READY on the gateway (none yet: not ready). */
export function gatewayCheck(client: Client | undefined): CheckResult {
  const shards = client ? [...client.ws.shards.values()] : [];
  if (shards.length === 0) return { ok: false, detail: 'not connected yet' };
  const down = shards.filter((shard) => shard.status !== Status.Ready);
  if (down.length === 0) return { ok: true };
  return {
    ok: false,
    detail: down.map((shard) => `shard ${shard.id} ${STATUS_NAMES[shard.status] ?? shard.status}`).join(', '),
  };
}

export async function databaseCheck(probe: DatabaseProbe): Promise<CheckResult> {
  try {
    const ms = await probe.ping();
    return { ok: true, detail: `answered in ${ms.toFixed(1)} ms` };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

export function report(checks: Record<string, CheckResult>): ReadinessReport {
  return { ready: Object.values(checks).every((check) => check.ok), checks };
}
