import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  networkFilesystemName,
  sqliteFilesystemProblem,
  sqliteSplitProblem,
} from '../../src/sharding/sqlite-sharing.js';

const SQLITE = { kind: 'sqlite', path: path.join(os.tmpdir(), 'crag-sharding', 'data', 'crag.sqlite') } as const;
const POSTGRES = { kind: 'postgres', url: 'postgres://crag@localhost/crag' } as const;

describe('what the sharded launcher refuses on SQLite', () => {
  it('a SHARD_LIST that leaves shards to other hosts', () => {
    expect(sqliteSplitProblem(SQLITE, { list: [0, 1], total: 4 })).toBe(
      'SHARD_LIST=0,1 of TOTAL_SHARDS=4 leaves shards 2,3 to other hosts, and hosts cannot share a SQLite file: set DATABASE_URL to a PostgreSQL database every host reaches (see docs/scaling.md).',
    );
    expect(sqliteSplitProblem(SQLITE, { list: [3], total: 4 })).toContain('leaves shards 0,1,2 to other hosts');
  });

  it('not every shard on one host, however it is said, nor any split on PostgreSQL', () => {
    expect(sqliteSplitProblem(SQLITE, { list: 'all', total: 'auto' })).toBeUndefined();
    expect(sqliteSplitProblem(SQLITE, { list: 'all', total: 4 })).toBeUndefined();
    expect(sqliteSplitProblem(SQLITE, { list: [1, 0], total: 2 })).toBeUndefined();
    expect(sqliteSplitProblem(POSTGRES, { list: [0, 1], total: 4 })).toBeUndefined();
  });

  it('knows network filesystems by their statfs magic number, and local ones are not', () => {
    expect(networkFilesystemName(0x6969)).toBe('NFS');
    expect(networkFilesystemName(0xff534d42)).toBe('CIFS');
    // A signed 32-bit reading of the same magic number.
    expect(networkFilesystemName(0xfe534d42 | 0)).toBe('SMB2');
    expect(networkFilesystemName(0x01021997)).toBe('9P');
    for (const local of [0xef53 /* ext4 */, 0x58465342 /* xfs */, 0x9123683e /* btrfs */, 0x01021994 /* tmpfs */]) {
      expect(networkFilesystemName(local)).toBeUndefined();
    }
  });

  it('lets several shard processes share a SQLite file on a local disk, even before its folder exists', () => {
    expect(sqliteFilesystemProblem(SQLITE, { ids: [0, 1, 2, 3], total: 4 })).toBeUndefined();
    expect(sqliteFilesystemProblem(POSTGRES, { ids: [0, 1], total: 2 })).toBeUndefined();
  });
});
