import { chmodSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupSqlite } from '../../src/backup/sqlite-backup.js';
import { restoreSqlite } from '../../src/backup/sqlite-restore.js';
import { openSqliteStore } from '../../src/store/index.js';
import type { Tightened } from '../../src/store/sqlite/private-files.js';
import { tempFolder } from './helpers.js';

/** The permission bits of a file or folder. */
const modeOf = (file: string): number => statSync(file).mode & 0o777;

let folder: ReturnType<typeof tempFolder>;
let previousUmask: number;
beforeEach(() => {
  folder = tempFolder();
  // The usual umask, under which files are created 0644 and folders 0755 unless the bot says otherwise.
  previousUmask = process.umask(0o022);
});
afterEach(() => {
  process.umask(previousUmask);
  folder.remove();
});

/** Opens the store at `path` (writing daily_secret on a new one), then closes it; what it tightened. */
async function openAndClose(path: string): Promise<Tightened[]> {
  const told: Tightened[] = [];
  const store = openSqliteStore(path, { onTightened: (result) => told.push(result) });
  await store.close();
  return told;
}

describe('the files that hold daily_secret are their owner’s alone, whatever the umask', () => {
  it('creates the data folder (and its missing parents) 0700, and the database, -wal and -shm 0600', async () => {
    const data = join(folder.dir, 'data', 'crag');
    const path = join(data, 'crag.sqlite');
    const store = openSqliteStore(path);
    try {
      // While the store is open, WAL mode keeps a -wal and a -shm beside the database.
      expect(existsSync(`${path}-wal`)).toBe(true);
      expect(existsSync(`${path}-shm`)).toBe(true);
      expect({
        parent: modeOf(join(folder.dir, 'data')),
        folder: modeOf(data),
        database: modeOf(path),
        wal: modeOf(`${path}-wal`),
        shm: modeOf(`${path}-shm`),
      }).toEqual({ parent: 0o700, folder: 0o700, database: 0o600, wal: 0o600, shm: 0o600 });
    } finally {
      await store.close();
    }
  });

  it('leaves a folder that already existed as it was: it may be shared, and the files in it are private', async () => {
    chmodSync(folder.dir, 0o755);
    const path = join(folder.dir, 'crag.sqlite');
    expect(await openAndClose(path)).toEqual([]);
    expect(modeOf(folder.dir)).toBe(0o755);
    expect(modeOf(path)).toBe(0o600);
  });

  it('tightens a database an older bot left 0644, and says so once', async () => {
    const path = join(folder.dir, 'data', 'crag.sqlite');
    const store = openSqliteStore(path);
    for (const file of [path, `${path}-wal`, `${path}-shm`]) chmodSync(file, 0o644);
    // A bot killed while playing leaves its -wal and -shm behind, as loose as the database.
    const told: Tightened[] = [];
    const reopened = openSqliteStore(path, { onTightened: (result) => told.push(result) });
    await reopened.close();
    await store.close();
    expect(told).toEqual([{ tightened: [path, `${path}-wal`, `${path}-shm`], failed: [] }]);
    expect(modeOf(path)).toBe(0o600);
    expect(await openAndClose(path)).toEqual([]);
  });

  it('writes a backup 0600 in a folder it creates 0700, and restores it 0600 whatever the backup’s mode', async () => {
    const path = join(folder.dir, 'data', 'crag.sqlite');
    await openAndClose(path);
    const backups = join(folder.dir, 'backups');
    const backup = join(backups, 'crag-1.sqlite');
    await backupSqlite(path, backup);
    expect({ folder: modeOf(backups), backup: modeOf(backup) }).toEqual({ folder: 0o700, backup: 0o600 });

    // A backup an older bot wrote 0644, restored over a database an older bot left 0644.
    chmodSync(backup, 0o644);
    chmodSync(path, 0o644);
    const restored = restoreSqlite(backup, path);
    expect(modeOf(path)).toBe(0o600);
    expect(restored.replaced && modeOf(restored.replaced)).toBe(0o600);

    // Restored into a folder that does not exist yet.
    const elsewhere = join(folder.dir, 'new', 'crag.sqlite');
    restoreSqlite(backup, elsewhere);
    expect({ folder: modeOf(join(folder.dir, 'new')), database: modeOf(elsewhere) }).toEqual({
      folder: 0o700,
      database: 0o600,
    });
  });

  it('holds under a umask that would leave everything open to everyone', async () => {
    process.umask(0);
    const data = join(folder.dir, 'open');
    const path = join(data, 'crag.sqlite');
    await openAndClose(path);
    const backup = join(data, 'backups', 'crag-1.sqlite');
    await backupSqlite(path, backup);
    expect([modeOf(data), modeOf(path), modeOf(join(data, 'backups')), modeOf(backup)]).toEqual([
      0o700, 0o600, 0o700, 0o600,
    ]);
  });
});
