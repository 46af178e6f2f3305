/**
 * What only the PostgreSQL store does, for databases several processes share: it keeps in memory
 * only the games of the guilds it is told it alone writes, and a save that names no board message
 * keeps the one another process recorded.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/game/index.js';
import { type GameStore, openPostgresStore } from '../../src/store/index.js';
import { createDatabase } from '../support/postgres-databases.js';
import { type GamePlan, step } from './drive-game.js';
import { playThroughStore } from './helpers.js';

const OURS = '900000000000000001';
const THEIRS = '900000000000000002';
const PLAN: GamePlan = { seed: 4, humans: ['100000000000000001', '100000000000000002'] };

function next(state: GameState): GameState {
  const after = step(state, PLAN);
  if (!after) throw new Error('the plan ended');
  return after;
}

describe('PostgreSQL store shared by processes', () => {
  let url: string;
  let shard: GameStore;
  let other: GameStore;
  beforeEach(async () => {
    url = await createDatabase();
    // `shard` serves guild OURS only; `other` is another process, serving the rest.
    shard = await openPostgresStore(url, { cacheGuild: (guildId) => guildId === OURS });
    other = await openPostgresStore(url, { cacheGuild: (guildId) => guildId !== OURS });
  });
  afterEach(async () => {
    await shard.close();
    await other.close();
  });

  it("reads another guild's game afresh each time, so it sees what the other process wrote", async () => {
    const game = await playThroughStore(
      other,
      { guildId: THEIRS, channelId: '910000000000000002' },
      PLAN,
      (state) => state.status === 'playing',
    );
    expect(await shard.gameById(game.id)).toEqual(game);
    const moved = await other.saveState(game.id, game.state.version, next(game.state));
    if (!moved.ok) throw new Error(moved.reason);
    expect(await shard.gameById(game.id)).toEqual(moved.game);
  });

  it('keeps its own guilds’ games in memory: a change behind its back is caught by the version check', async () => {
    const game = await playThroughStore(
      shard,
      { guildId: OURS, channelId: '910000000000000001' },
      PLAN,
      (state) => state.status === 'playing',
    );
    // Which no process should do: write a game of a guild another process serves.
    const moved = await other.saveState(game.id, game.state.version, next(game.state));
    if (!moved.ok) throw new Error(moved.reason);
    expect(await shard.gameById(game.id)).toEqual(game);
    const refused = await shard.saveState(game.id, game.state.version, next(game.state));
    expect(refused).toEqual({ ok: false, reason: 'stale', current: moved.game });
    // The stale copy is dropped on the conflict.
    expect(await shard.gameById(game.id)).toEqual(moved.game);
  });

  it('keeps a board message another process recorded when a save names none', async () => {
    const game = await playThroughStore(
      shard,
      { guildId: OURS, channelId: '910000000000000001' },
      PLAN,
      (state) => state.status === 'playing',
    );
    expect(await other.setBoardMessage(game.id, '920000000000000001')).toBe(true);
    // A board message is not a game action: the version stays, and the save lands over it.
    const saved = await shard.saveState(game.id, game.state.version, next(game.state));
    if (!saved.ok) throw new Error(saved.reason);
    expect(saved.game.boardMessageId).toBe('920000000000000001');
    expect((await other.gameById(game.id))?.boardMessageId).toBe('920000000000000001');
  });
});
