import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPlayerId } from '../../harness/board.js';
import { readDatabase } from '../../harness/bot-database.js';
import { DEFAULT_RULES } from '../../src/game/index.js';
import { defaultMigrationsDir, loadMigrations } from '../../src/store/migrations.js';
import { ROOT } from './support/bot-process.js';
import { freePort, scrape } from './support/ops-listener.js';
import { playToTheEnd } from './support/play.js';
import { total } from './support/prometheus-text.js';
import { runOnce } from './support/run-once.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

/** The schema a backup of today's database carries: the newest SQLite migration. */
const NEWEST_SCHEMA = Math.max(...loadMigrations(defaultMigrationsDir('sqlite')).map((migration) => migration.version));

const BACKUP = path.join(ROOT, 'dist/src/backup/backup-cli.js');
const RESTORE = path.join(ROOT, 'dist/src/backup/restore-cli.js');
const LOAD_TABLES = 4;

async function openGame(table: Table, host: string, guest: string): Promise<void> {
  await table.open(host);
  await table.act(guest, 'join');
  await table.act(host, 'start');
}

const stateVersion = (dbPath: string, boardId: string): number | undefined =>
  readDatabase(
    dbPath,
    (db) =>
      db.prepare('SELECT state_version AS version FROM games WHERE board_message_id = ?').get(boardId) as
        | { version: number }
        | undefined,
  )?.version;

describe('backups: taken while games are played, restored, resumed', () => {
  let world: TestWorld;
  let people: string[];
  beforeAll(async () => {
    world = await TestWorld.create({
      people: 4,
      channels: Array.from({ length: LOAD_TABLES }, (_, i) => `load-${i}`),
    });
    people = [0, 1, 2, 3].map((i) => world.person(i).id);
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('backs up under load; restore waits for the bot to stop; the bot resumes the game from the backup', async () => {
    const [alice, bob] = people as [string, string];
    const kept = new Table(world);
    await openGame(kept, alice, bob);
    await kept.playTurn(alice);
    await kept.playTurn(bob);
    const versionAtBackup = stateVersion(world.dbPath, kept.boardId);

    const loads = Array.from({ length: LOAD_TABLES }, (_, i) => new Table(world, world.channel(`load-${i}`).id));
    for (const [i, table] of loads.entries()) await openGame(table, people[i % 4] ?? '', people[(i + 1) % 4] ?? '');
    const load = Promise.all(loads.map((table) => playToTheEnd(table, DEFAULT_RULES)));

    const file = path.join(world.dir, 'backups', 'during-play.sqlite');
    const backup = await runOnce(BACKUP, [file], world.env, world.dir);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toBe(`${file} ${fs.statSync(file).size} bytes (schema ${NEWEST_SCHEMA})\n`);
    // The copy was taken while the load tables were being played.
    const loadVersionsInBackup = readDatabase(file, (db) =>
      db.prepare("SELECT COUNT(*) AS n FROM games WHERE status = 'playing'").get(),
    ) as { n: number };
    expect(loadVersionsInBackup.n).toBeGreaterThan(1);

    const refused = await runOnce(RESTORE, [file], world.env, world.dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([
      `crag-bot restore: ${world.dbPath} is open in a running bot: stop the bot first, then restore`,
    ]);

    await load;
    await world.bot.kill('SIGTERM');
    const restored = await runOnce(RESTORE, [file], world.env, world.dir);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const replaced = /kept as (\S+)\n$/.exec(restored.stdout)?.[1] ?? '';
    expect(fs.existsSync(replaced)).toBe(true);
    // The replaced database had the finished load games; the restored one is the backup's.
    expect(stateVersion(world.dbPath, kept.boardId)).toBe(versionAtBackup);

    await world.startBot();
    expect(currentPlayerId(kept.board())).toBe(alice);
    await playToTheEnd(kept, DEFAULT_RULES);
    expect(kept.isFinished()).toBe(true);
  });

  it('takes scheduled backups, keeps the newest, and survives a failed one', async () => {
    const dir = path.join(world.dir, 'scheduled');
    // A file where the folder should be: the first backups fail until it is replaced by a folder.
    fs.writeFileSync(dir, 'not a folder');
    const port = await freePort();
    await world.bot.kill('SIGTERM');
    const bot = await world.startBot({
      OPS_PORT: String(port),
      BACKUP_DIR: dir,
      // About every 1.8 s (the names have whole seconds).
      BACKUP_EVERY_HOURS: '0.0005',
      BACKUP_KEEP: '2',
    });
    await expect
      .poll(async () => total((await scrape(port)).samples, 'crag_backups_total', { outcome: 'failed' }), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    expect(bot.logs.some((line) => line.message === 'a scheduled backup failed; it is tried again later')).toBe(true);
    fs.rmSync(dir);
    fs.mkdirSync(dir);
    await expect
      .poll(async () => total((await scrape(port)).samples, 'crag_backups_total', { outcome: 'ok' }), {
        timeout: 20_000,
      })
      .toBeGreaterThanOrEqual(3);
    const files = fs.readdirSync(dir).filter((name) => name.endsWith('.sqlite'));
    expect(files.length).toBeLessThanOrEqual(2);
    expect(files.every((name) => /^crag-\d{8}T\d{6}Z\.sqlite$/.test(name))).toBe(true);
    // Play went on meanwhile.
    const table = new Table(world);
    const [, , carol, dave] = people as [string, string, string, string];
    await openGame(table, carol, dave);
    await playToTheEnd(table, DEFAULT_RULES);
  });
});
