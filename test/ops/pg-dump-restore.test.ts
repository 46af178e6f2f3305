/**
 * docs/operating.md's PostgreSQL backup and restore, run as written against the test server:
 * `pg_dump --format=custom` of a database with games finished and in play, `pg_restore` into a new
 * database, and the bot's store opened on the copy finds the same games and plays on.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir } from '../../harness/postgres-server.js';
import { type GameStore, openPostgresStore, type StoredGame } from '../../src/store/index.js';
import { newGameState, step } from '../store/drive-game.js';
import { playThroughStore, tempFolder } from '../store/helpers.js';
import { createDatabase } from '../support/postgres-databases.js';

const PLAYERS = ['100000000000000001', '100000000000000002'];
const GUILD = '200000000000000001';

/** pg_dump and pg_restore of the test server's own version: beside its initdb, where it really is. */
function clientTool(name: string): string {
  return path.join(path.dirname(fs.realpathSync(path.join(postgresBinDir(), 'initdb'))), name);
}

/** The commands exactly as docs/operating.md gives them ($DATABASE_URL, $NEW_DATABASE_URL, crag.dump). */
function pgDump(url: string, file: string): void {
  execFileSync(clientTool('pg_dump'), ['--format=custom', '--no-owner', `--file=${file}`, url]);
}

function pgRestore(url: string, file: string): void {
  execFileSync(clientTool('pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${url}`, file]);
}

describe('pg_dump and pg_restore keep every game', () => {
  const folder = tempFolder();
  let sourceUrl: string;
  let source: GameStore;
  let copy: GameStore | undefined;
  const games: StoredGame[] = [];

  beforeAll(async () => {
    sourceUrl = await createDatabase();
    source = await openPostgresStore(sourceUrl);
    for (let i = 0; i < 3; i += 1) {
      const table = { guildId: GUILD, channelId: `30000000000000000${i}` };
      const plan = { seed: 7 + i, humans: PLAYERS };
      // Two finished, one stopped halfway through its first rounds.
      games.push(await playThroughStore(source, table, plan, i === 2 ? (state) => state.version >= 12 : undefined));
    }
  });
  afterAll(async () => {
    await source?.close();
    await copy?.close();
    folder.remove();
  });

  it('restores into a new database on which the store finds the same games and plays on', async () => {
    const dump = path.join(folder.dir, 'crag.dump');
    // While the bot runs: pg_dump reads one consistent snapshot.
    pgDump(sourceUrl, dump);
    const restoredUrl = await createDatabase();
    pgRestore(restoredUrl, dump);

    copy = await openPostgresStore(restoredUrl);
    for (const game of games) {
      const restored = await copy.gameById(game.id);
      expect(restored?.state).toEqual((await source.gameById(game.id))?.state);
      expect(restored?.state.status).toBe(game.state.status);
    }
    expect(games.map((game) => game.state.status)).toEqual(['finished', 'finished', 'playing']);
    expect(await copy.finishedGames({ guildId: GUILD, limit: 10 })).toEqual(
      await source.finishedGames({ guildId: GUILD, limit: 10 }),
    );

    // The game in play goes on from where the dump caught it, and the ids go on past the old ones.
    const inPlay = games[2] as StoredGame;
    const next = step(inPlay.state, { seed: 9, humans: PLAYERS });
    if (!next) throw new Error('the game in play has no next step');
    const saved = await copy.saveState(inPlay.id, inPlay.state.version, next);
    expect(saved.ok).toBe(true);
    const created = await copy.createGame({
      guildId: GUILD,
      channelId: '300000000000000009',
      state: newGameState({ seed: 1, humans: PLAYERS }),
      turnTimerSeconds: 90,
      hintsEnabled: false,
    });
    expect(created.ok && created.game.id).toBeGreaterThan(Math.max(...games.map((game) => game.id)));
  });
});
