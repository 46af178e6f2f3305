import type { Logger } from '../log.js';
import { isRelayEnvelope, type RelayEnvelope, type RelayTarget, shardOfTarget } from '../sharding/relay-envelope.js';
import { PostgresRelay } from './postgres-relay.js';

/** How the Activity's messages reach another process of a sharded bot. */
export interface TableRelay {
  /** Whether a message for `to` has a way there. */
  reaches(to: RelayTarget): boolean;
  send(to: RelayTarget, body: unknown): void;
  close(): Promise<void>;
}

export interface TableRelayOptions {
  /** Every shard of the bot. */
  readonly total: number;
  /** The shards on this host, as the launcher says (CRAG_HOST_SHARDS); undefined without a launcher. */
  readonly hostShards: readonly number[] | undefined;
  /** The shared PostgreSQL database, if the bot runs on one. */
  readonly postgresUrl: string | undefined;
  /** What this process answers to: its shards, and `'activity'` if it serves ACTIVITY_PORT. */
  readonly listensTo: readonly RelayTarget[];
  readonly receive: (to: RelayTarget, body: unknown) => void;
  readonly log: Logger;
}

/**
 * The launcher's IPC channel to the shards of this host (it routes them: shard-launcher.ts), and
 * PostgreSQL LISTEN/NOTIFY to the others', which run on other hosts and share the database. A bot
 * on SQLite runs every shard on one host (sqlite-sharing.ts), so IPC reaches them all.
 */
export async function openTableRelay(options: TableRelayOptions): Promise<TableRelay> {
  const { hostShards, postgresUrl, total } = options;
  const send = process.send?.bind(process);
  const ipc = send !== undefined && hostShards !== undefined ? send : undefined;
  const onIpc = (message: unknown) => {
    if (isRelayEnvelope(message)) options.receive(message.cragTable.to, message.cragTable.body);
  };
  if (ipc) process.on('message', onIpc);
  const elsewhere = hostShards === undefined || hostShards.length < total;
  const postgres =
    postgresUrl !== undefined && elsewhere
      ? new PostgresRelay(postgresUrl, options.listensTo, options.receive, options.log)
      : undefined;
  await postgres?.open();
  const byIpc = (to: RelayTarget) => ipc !== undefined && (hostShards?.includes(shardOfTarget(to)) ?? false);
  return {
    reaches: (to) => byIpc(to) || postgres !== undefined,
    send(to, body) {
      if (byIpc(to)) {
        const envelope: RelayEnvelope = { cragTable: { to, body } };
        // A launcher that is gone takes this process with it; nothing to retry.
        ipc?.(envelope, undefined, undefined, () => undefined);
      } else postgres?.send(to, body);
    },
    async close() {
      if (ipc) process.off('message', onIpc);
      await postgres?.close();
    },
  };
}
