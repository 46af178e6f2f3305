/**
 * Migration 2 on a database holding a bot's games: the rows carry over, and at its next start the
 * store packs the games that were over and counts the finished ones, once, on both backends.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withClient } from '../../harness/postgres-client.js';
import { defaultMigrationsDir, type GameStore, loadMigrations } from '../../src/store/index.js';
import { applyMigrations as applyPostgresMigrations } from '../../src/store/postgres/migrations.js';
import { applyMigrations as applySqliteMigrations } from '../../src/store/sqlite/migrations.js';
import { BACKENDS, type TestDatabase } from './backends.js';
import { step } from './drive-game.js';
import { expectRowsInStep } from './helpers.js';
import { LEGACY_GUILD, legacyGames, legacyInserts } from './legacy-rows.js';
import { expectedSeries, expectedStats, expectSameFigures, storedSeries, storedStats } from './stats-oracle.js';

const NOW = Date.UTC(2026, 11, 1, 12, 0);

/** The database at schema 1, holding the legacy games, as the store before migration 2 left it. */
async function seedAtSchemaOne(db: TestDatabase): Promise<void> {
  if (db.dialect === 'sqlite') {
    const sqlite = new Database(db.location);
    sqlite.pragma('foreign_keys = ON');
    applySqliteMigrations(sqlite, loadMigrations(defaultMigrationsDir('sqlite')).slice(0, 1), () => NOW);
    for (const insert of legacyInserts(legacyGames(), (value) => (value ? 1 : 0))) {
      sqlite.prepare(insert.sql).run(...insert.params);
    }
    sqlite.close();
    return;
  }
  await withClient(db.location, async (client) => {
    await applyPostgresMigrations(client, loadMigrations(defaultMigrationsDir('postgres')).slice(0, 1), () => NOW);
    for (const insert of legacyInserts(legacyGames(), (value) => value)) {
      let n = 0;
      await client.query(
        insert.sql.replace(/\?/g, () => `$${++n}`),
        [...insert.params],
      );
    }
    // Ids were given explicitly: the identities continue after them.
    await client.query("SELECT setval(pg_get_serial_sequence('games', 'id'), 100)");
    await client.query("SELECT setval(pg_get_serial_sequence('series', 'id'), 100)");
  });
}

describe.each(BACKENDS)('$name: games from before migration 2', (backend) => {
  let db: TestDatabase;
  let store: GameStore | undefined;
  const games = legacyGames();

  beforeEach(async () => {
    db = await backend.fresh();
    // The folder the store would create.
    if (db.dialect === 'sqlite') mkdirSync(dirname(db.location), { recursive: true });
    await seedAtSchemaOne(db);
  });

  afterEach(async () => {
    await store?.close();
    store = undefined;
    await db.remove();
  });

  it('are packed and counted at the next start, each exactly as it was played', async () => {
    store = await db.open({ now: () => NOW });
    for (const game of games) {
      expect((await store.gameById(game.id))?.state).toEqual(game.state);
      await expectRowsInStep(db, game.id, game.state);
    }
    expect(await db.rows('SELECT game_id FROM games_to_pack')).toEqual([]);
    const counted = games.map((game) => ({
      guildId: LEGACY_GUILD,
      seriesId: game.seriesId,
      state: game.state,
      finishedAt: game.lastActionAt,
      season: 1,
    }));
    expectSameFigures(await storedStats(db), expectedStats(counted));
    expect(await storedSeries(db)).toEqual(expectedSeries(counted));
    // The second game of the series is on its leaderboard with the first.
    const series = await store.leaderboard({ guildId: LEGACY_GUILD, scope: 'series', seriesId: 1 });
    expect(series.map((row) => row.games)).toEqual([2, 2]);
  });

  it('count once: a second start finds nothing to do, and the game in play counts when it ends', async () => {
    store = await db.open({ now: () => NOW });
    await store.close();
    const before = await storedStats(db);
    store = await db.open({ now: () => NOW });
    expect(await storedStats(db)).toEqual(before);

    const inPlay = games.find((game) => game.state.status === 'playing');
    if (!inPlay) throw new Error('no game in play');
    let game = await store.gameById(inPlay.id);
    const plan = { seed: 24, humans: [inPlay.state.hostId], rules: inPlay.state.rules };
    for (let next = game && step(game.state, plan); game && next; next = step(game.state, plan)) {
      const saved = await store.saveState(game.id, game.state.version, next);
      if (!saved.ok) throw new Error(saved.reason);
      game = saved.game;
    }
    expect(game?.state.status).toBe('finished');
    const counted = [...games.filter((g) => g.state.status === 'finished'), { ...inPlay, state: game!.state }].map(
      (g) => ({ guildId: LEGACY_GUILD, seriesId: g.seriesId, state: g.state, finishedAt: g.lastActionAt, season: 1 }),
    );
    // The game in play ended now, not when it was last touched before the migration.
    counted[counted.length - 1] = { ...counted[counted.length - 1]!, finishedAt: NOW };
    expectSameFigures(await storedStats(db), expectedStats(counted));
  });
});
