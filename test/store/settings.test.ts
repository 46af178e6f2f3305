import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withSettings } from '../../src/settings/values.js';
import type { GameStore } from '../../src/store/index.js';
import { openSettingsStore, type SettingsStore } from '../../src/store/settings/index.js';
import { BACKENDS, type TestDatabase } from './backends.js';
import { newGameState } from './drive-game.js';

const GUILD = '900000000000000001';
const OTHER_GUILD = '900000000000000002';
const CHANNEL = '910000000000000001';
const ALICE = '100000000000000001';
const BOB = '100000000000000002';
const ROLE = '920000000000000001';

describe.each(BACKENDS)('house rules on $name', (backend) => {
  let db: TestDatabase;
  let games: GameStore;
  let settings: SettingsStore;

  beforeEach(async () => {
    db = await backend.fresh();
    games = await db.open();
    settings = await openSettingsStore(
      db.dialect === 'sqlite' ? { kind: 'sqlite', path: db.location } : { kind: 'postgres', url: db.location },
    );
  });

  afterEach(async () => {
    await settings.close();
    await games.close();
    await db.remove();
  });

  const set = (userId: string, at: number, patch: Parameters<typeof withSettings>[1]) =>
    settings.update({ guildId: GUILD, userId, at, edit: (current) => withSettings(current, patch) });

  it('keeps each server apart and starts with nothing set', async () => {
    expect(await settings.read(GUILD)).toEqual({});
    await set(ALICE, 1000, { 'defaults.rerolls': 2 });
    expect(await settings.read(GUILD)).toEqual({ 'defaults.rerolls': 2 });
    expect(await settings.read(OTHER_GUILD)).toEqual({});
  });

  it('writes one audit row per setting changed, with old and new values, and none for no change', async () => {
    const first = await set(ALICE, 1000, { 'defaults.rerolls': 2, 'defaults.hints': false, channels: [CHANNEL] });
    expect(first.changes.map((change) => change.setting)).toEqual(['defaults.rerolls', 'defaults.hints', 'channels']);
    const again = await set(BOB, 2000, { 'defaults.rerolls': 2 });
    expect(again.changes).toEqual([]);
    await set(BOB, 3000, { 'defaults.rerolls': 1, 'starter-role': ROLE });
    await set(ALICE, 4000, { channels: undefined });

    const recent = await settings.recentChanges(GUILD, 10);
    expect(
      recent.map(({ userId, changedAt, setting, oldValue, newValue }) => [
        userId,
        changedAt,
        setting,
        oldValue,
        newValue,
      ]),
    ).toEqual([
      [ALICE, 4000, 'channels', [CHANNEL], null],
      [BOB, 3000, 'starter-role', null, ROLE],
      [BOB, 3000, 'defaults.rerolls', 2, 1],
      [ALICE, 1000, 'channels', null, [CHANNEL]],
      [ALICE, 1000, 'defaults.hints', null, false],
      [ALICE, 1000, 'defaults.rerolls', null, 2],
    ]);
    expect(await settings.recentChanges(GUILD, 2)).toHaveLength(2);
    const newest = await settings.lastChangeOfEach(GUILD);
    expect(newest.get('defaults.rerolls')).toMatchObject({ userId: BOB, changedAt: 3000, newValue: 1 });
    expect(newest.get('defaults.hints')).toMatchObject({ userId: ALICE, changedAt: 1000 });
    expect(await db.rows('SELECT COUNT(*) AS n FROM settings_changes WHERE guild_id = ?', GUILD)).toEqual([{ n: 6 }]);
  });

  it('survives a reopen, and two changes at once both land', async () => {
    await Promise.all([set(ALICE, 1000, { 'defaults.rerolls': 2 }), set(BOB, 1000, { language: 'ru' })]);
    await settings.close();
    settings = await openSettingsStore(
      db.dialect === 'sqlite' ? { kind: 'sqlite', path: db.location } : { kind: 'postgres', url: db.location },
    );
    expect(await settings.read(GUILD)).toEqual({ 'defaults.rerolls': 2, language: 'ru' });
  });

  it('leaves out what it cannot use when reading back', async () => {
    const json = JSON.stringify({ 'defaults.rerolls': 7, 'a-setting-from-later': 1, language: 'ru' });
    if (db.dialect === 'sqlite') {
      const { default: Database } = await import('better-sqlite3');
      const raw = new Database(db.location);
      raw.prepare('INSERT INTO guild_settings VALUES (?, ?, 0)').run(GUILD, json);
      raw.close();
    } else {
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: db.location });
      await client.connect();
      await client.query('INSERT INTO guild_settings VALUES ($1, $2, 0)', [GUILD, json]);
      await client.end();
    }
    expect(await settings.read(GUILD)).toEqual({ language: 'ru' });
  });

  it('freezes what a game took from the server, and forgets it with the game', async () => {
    const created = await games.createGame({
      guildId: GUILD,
      channelId: CHANNEL,
      state: newGameState({ seed: 1, humans: [ALICE], computers: [] }),
      turnTimerSeconds: 60,
      hintsEnabled: true,
    });
    if (!created.ok) throw new Error(created.reason);
    expect(await settings.gameRules(created.game.id)).toBeUndefined();
    await settings.recordGame(created.game.id, { fromServer: ['defaults.rerolls'], language: 'ru' });
    expect(await settings.gameRules(created.game.id)).toEqual({ fromServer: ['defaults.rerolls'], language: 'ru' });
    expect(await db.rows('SELECT COUNT(*) AS n FROM game_house_rules')).toEqual([{ n: 1 }]);
    await db.rows('DELETE FROM games WHERE id = ?', created.game.id).catch(() => undefined);
  });
});
