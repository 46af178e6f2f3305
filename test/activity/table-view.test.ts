import { describe, expect, test } from 'vitest';
import { tableView } from '../../src/activity/table-view.js';
import { applyAction, createGame, DEFAULT_RULES, type GameState, scoreRoll } from '../../src/game/index.js';
import { loadLanguages } from '../../src/i18n/index.js';
import type { StoredGame } from '../../src/store/index.js';

const languages = loadLanguages();
const en = languages.translator('en-US');
const ALICE = '100000000000000001';
const BOB = '100000000000000002';
const CAROL = '100000000000000003';

/** Dice that come up 1, 2, 3, 4… in turn, so the test knows every roll. */
function counting(): (max: number) => number {
  let n = 0;
  return (max) => n++ % max;
}

function play(state: GameState, ...actions: Parameters<typeof applyAction>[1][]): GameState {
  const random = counting();
  let next = state;
  for (const action of actions) {
    const result = applyAction(next, action, random);
    if (!result.ok) throw new Error(`refused: ${result.code}`);
    next = result.state;
  }
  return next;
}

function stored(state: GameState): StoredGame {
  return { id: 7, guildId: '1', channelId: '2', state } as unknown as StoredGame;
}

describe('tableView', () => {
  const lobby = play(createGame(ALICE, DEFAULT_RULES, 'Alice'), { type: 'join', playerId: BOB, name: 'Bob' });
  const playing = play(lobby, { type: 'start', playerId: ALICE });

  test('no game: the labels only, in the viewer’s language', () => {
    const view = tableView(undefined, ALICE, languages.translator('ru'));
    expect(view).toMatchObject({ gameId: null, status: 'none', seats: [], rows: [] });
    expect(view.text['new-game']).toBe('Новая игра');
  });

  test('the lobby: who sits, who hosts', () => {
    const view = tableView(stored(lobby), BOB, en);
    expect(view.seats.map((seat) => seat.name)).toEqual(['Alice', 'Bob']);
    expect(view.you).toMatchObject({ seated: true, host: false, yourTurn: false });
    expect(tableView(stored(lobby), ALICE, en).you.host).toBe(true);
  });

  test('a turn: the dice, and what every open row would score, for the player and the spectator alike', () => {
    const forAlice = tableView(stored(playing), ALICE, en);
    const forCarol = tableView(stored(playing), CAROL, en);
    expect(forAlice.you.yourTurn).toBe(true);
    expect(forCarol.you).toMatchObject({ seated: false, yourTurn: false });
    expect(forCarol.dice).toEqual(forAlice.dice);
    expect(forAlice.dice).toHaveLength(3);
    for (const row of forAlice.rows) {
      expect(row.preview).toBe(scoreRoll(forAlice.dice, row.id as Parameters<typeof scoreRoll>[1]));
    }
    expect(forCarol.sheetOf).toBe(ALICE);
    expect(forCarol.text['turn-of']).toBe('Alice is playing');
  });

  test('a written row shows its points and no preview', () => {
    const after = play(
      playing,
      { type: 'score', playerId: ALICE, category: 'ones' },
      { type: 'score', playerId: BOB, category: 'twos' },
    );
    const view = tableView(stored(after), CAROL, en);
    // Back to Alice: her sheet is the one shown, with ones written.
    const ones = view.rows.find((row) => row.id === 'ones');
    expect(ones?.points).not.toBeNull();
    expect(ones?.preview).toBeNull();
    expect(view.rows.filter((row) => row.preview !== null)).toHaveLength(12);
  });
});
