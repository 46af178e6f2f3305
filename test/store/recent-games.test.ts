import { describe, expect, it } from 'vitest';
import { createGame, DEFAULT_RULES } from '../../src/game/index.js';
import type { StoredGame } from '../../src/store/index.js';
import { RecentGames } from '../../src/store/recent-games.js';

const GUILD = '900000000000000001';

function game(id: number, version: number, updatedAt = 1_000, guildId = GUILD): StoredGame {
  const state = { ...createGame('100000000000000001', DEFAULT_RULES), version };
  return {
    id,
    guildId,
    channelId: '910000000000000001',
    seriesId: 1,
    seriesGameNumber: 1,
    boardMessageId: null,
    turnTimerSeconds: 60,
    hintsEnabled: true,
    pingsEnabled: true,
    pingMessageId: null,
    viaWebhooks: false,
    turnDeadline: null,
    updatedAt,
    lastActionAt: updatedAt,
    state,
  };
}

describe('RecentGames: the games a store keeps parsed in memory', () => {
  it('never brings back an older copy: a read that started before a save and finished after it', () => {
    const recent = new RecentGames(8);
    const saved = recent.remember(game(1, 3));
    // The read saw version 2, then the save of version 3 landed and was kept first.
    expect(recent.remember(game(1, 2))).toBe(saved);
    expect(recent.get(1)).toBe(saved);
    const later = game(1, 4);
    expect(recent.remember(later)).toBe(later);
  });

  it('keeps the later of two copies of one version (a board message recorded meanwhile)', () => {
    const recent = new RecentGames(8);
    const patched = recent.remember(game(1, 2, 2_000));
    expect(recent.remember(game(1, 2, 1_000))).toBe(patched);
    const newer = game(1, 2, 3_000);
    expect(recent.remember(newer)).toBe(newer);
  });

  it('keeps only the guilds it admits, and the most recently used up to its capacity', () => {
    const recent = new RecentGames(2, (guildId) => guildId === GUILD);
    const theirs = game(9, 1, 1_000, '900000000000000002');
    expect(recent.remember(theirs)).toBe(theirs);
    expect(recent.get(9)).toBeUndefined();
    recent.remember(game(1, 1));
    recent.remember(game(2, 1));
    recent.remember(game(1, 1)); // Used again: now the most recent.
    recent.remember(game(3, 1));
    expect([recent.get(1)?.id, recent.get(2)?.id, recent.get(3)?.id]).toEqual([1, undefined, 3]);
  });
});
