import fs from 'node:fs';
import path from 'node:path';
import type { StoreLocation } from '../store/index.js';
import { coversEveryShard, type ShardSet } from './guild-ownership.js';
import type { HostShards } from './shard-settings.js';

/**
 * What the sharded launcher refuses on SQLite, before any shard starts. Several processes of one
 * machine may share the file (WAL, one writer at a time, every save version-checked in its UPDATE);
 * several machines cannot: SQLite's locks and its WAL index (shared memory) work only between
 * processes of one machine on a local disk (sqlite.org/wal.html, "WAL does not work over a network
 * filesystem"). What the launcher can see of that: a SHARD_LIST that leaves shards to other hosts,
 * and a database folder on a network filesystem. What it cannot see (another host with its own
 * launcher on a copy of the file, or mounting the same disk) is for the documentation to warn of.
 */

/** Why this host's SHARD_LIST cannot run on SQLite: other hosts would need the same file. */
export function sqliteSplitProblem(database: StoreLocation, host: HostShards): string | undefined {
  if (database.kind !== 'sqlite' || host.list === 'all') return undefined;
  const set: ShardSet = { ids: host.list, total: host.total };
  if (coversEveryShard(set)) return undefined;
  const elsewhere = Array.from({ length: host.total }, (_, id) => id).filter((id) => !host.list.includes(id));
  return (
    `SHARD_LIST=${host.list.join(',')} of TOTAL_SHARDS=${host.total} leaves shards ${elsewhere.join(',')} to other hosts, ` +
    'and hosts cannot share a SQLite file: set DATABASE_URL to a PostgreSQL database every host reaches (see docs/scaling.md).'
  );
}

/** Linux `statfs` magic numbers of network filesystems (linux/magic.h and the filesystems' sources). */
const NETWORK_FILESYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x6969, 'NFS'],
  [0x517b, 'SMB'],
  [0xff534d42, 'CIFS'],
  [0xfe534d42, 'SMB2'],
  [0x01021997, '9P'],
  [0x00c36400, 'Ceph'],
  [0x5346414f, 'AFS'],
  [0x6b414653, 'AFS'],
  [0x73757245, 'Coda'],
]);

/** The network filesystem a `statfs` type names, if it is one. */
export function networkFilesystemName(statfsType: number): string | undefined {
  return NETWORK_FILESYSTEMS.get(statfsType >>> 0);
}

/** Why this host's shard processes cannot share the SQLite file where it lies: a network filesystem. */
export function sqliteFilesystemProblem(database: StoreLocation, shards: ShardSet): string | undefined {
  if (database.kind !== 'sqlite' || shards.ids.length < 2 || process.platform !== 'linux') return undefined;
  // The file and its folder may not exist yet: the nearest existing folder is where they will be.
  let folder = path.dirname(database.path);
  while (!fs.existsSync(folder) && path.dirname(folder) !== folder) folder = path.dirname(folder);
  const name = networkFilesystemName(fs.statfsSync(folder).type);
  if (name === undefined) return undefined;
  return (
    `${database.path} is on a network filesystem (${name}), where ${shards.ids.length} shard processes cannot share ` +
    "SQLite's locks and WAL index: point DATABASE_PATH at a local disk, or set DATABASE_URL for PostgreSQL."
  );
}
