/**
 * A message for the Activity's relay (src/activity/relay-*.ts) between the processes of a sharded
 * bot: to the process of a shard, or to the process that serves ACTIVITY_PORT (`'activity'`, the
 * process of shard 0). The launcher routes these between the shards of its host over their IPC
 * channels without reading `body`; between hosts they travel by PostgreSQL NOTIFY.
 */
export type RelayTarget = number | 'activity';

export interface RelayEnvelope {
  readonly cragTable: { readonly to: RelayTarget; readonly body: unknown };
}

export function isRelayEnvelope(message: unknown): message is RelayEnvelope {
  if (typeof message !== 'object' || message === null || !('cragTable' in message)) return false;
  const inner = (message as { cragTable: unknown }).cragTable;
  if (typeof inner !== 'object' || inner === null) return false;
  const to = (inner as { to?: unknown }).to;
  return to === 'activity' || (typeof to === 'number' && Number.isInteger(to) && to >= 0);
}

/** The shard whose process a target names: the Activity is served by the process of shard 0. */
export function shardOfTarget(to: RelayTarget): number {
  return to === 'activity' ? 0 : to;
}
