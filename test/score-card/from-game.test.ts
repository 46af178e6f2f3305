import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS, DEFAULT_RULES, type GameState, type RandomInt } from '../../src/game/index.js';
import { type ScoreCardPlayer, scoreCardModel } from '../../src/score-card/index.js';
import { current, lobby, play, ROWS, scripted } from '../game/support.js';
import { ENGLISH, finishedTwoPlayerGame, fivePlayerGameInPlay, nameOf, RUSSIAN } from './games.js';

/** Every turn scores the first open row in sheet order, with no reroll. */
function scoreInOrder(state: GameState, random: RandomInt, turns = Number.POSITIVE_INFINITY): GameState {
  let s = state;
  for (let turn = 0; s.status === 'playing' && turn < turns; turn += 1) {
    const playerId = current(s);
    const row = ROWS.find((id) => s.sheets[playerId]?.[id] === undefined);
    s = play(s, { type: 'score', playerId, category: row ?? 'ones' }, random);
  }
  return s;
}

const points = (player: ScoreCardPlayer | undefined) => player?.cells.map((cell) => cell?.points ?? null);

describe('scoreCardModel', () => {
  it('shares places on equal totals and marks Crags and zeros (1, 1, 3)', () => {
    // h0 and h1 roll 6-6-1 every turn (a Crag), h2 rolls 1-1-1; every row is taken in sheet order.
    const random = scripted([6, 6, 1, 6, 6, 1, 1, 1, 1]);
    const state = scoreInOrder(play(lobby(DEFAULT_RULES, 3), { type: 'start', playerId: 'h0' }, random), random);
    expect(state.status).toBe('finished');
    const model = scoreCardModel(state, nameOf, ENGLISH);

    expect(
      model.players.map(({ name, total, place, left, isComputer }) => ({ name, total, place, left, isComputer })),
    ).toEqual([
      { name: 'Алексей Смирнов', total: 50 + 26 + 12 + 1, place: 1, left: false, isComputer: false },
      { name: 'Bob the Magnificent, Destroyer of Worlds', total: 89, place: 1, left: false, isComputer: false },
      { name: 'Zoë 🎲 Über-long display name!!', total: 25 + 3, place: 3, left: false, isComputer: false },
    ]);
    // Sheet order: crag, thirteen, three of a kind, 4 straights, sixes … ones.
    expect(points(model.players[0])).toEqual([50, 26, 0, 0, 0, 0, 0, 12, 0, 0, 0, 0, 1]);
    expect(model.players[0]?.cells[0]).toEqual({ points: 50, crag: true, zero: false });
    expect(model.players[0]?.cells[1]).toEqual({ points: 26, crag: false, zero: false });
    expect(model.players[0]?.cells[2]).toEqual({ points: 0, crag: false, zero: true });
    // A Crag row scored at 0 is a zero, not a Crag.
    expect(model.players[2]?.cells[0]).toEqual({ points: 0, crag: false, zero: true });
    expect(model.players[2]?.cells[2]).toEqual({ points: 25, crag: false, zero: false });
  });

  it('takes the rows in sheet order with the translated labels, and the title, labels and locale as given', () => {
    const model = scoreCardModel(finishedTwoPlayerGame(), nameOf, RUSSIAN);
    expect(model.rows.map((row) => row.label)).toEqual(CATEGORY_IDS.map((id) => RUSSIAN.rowLabels[id]));
    expect(model.rows[2]?.label).toBe('Три одинаковых');
    expect(model).toMatchObject({
      title: RUSSIAN.title,
      subtitle: RUSSIAN.subtitle,
      labels: RUSSIAN.labels,
      locale: 'ru',
    });
    for (const player of model.players) expect(player.cells).toHaveLength(13);
  });

  it('leaves out the subtitle when there is none', () => {
    const { subtitle: _none, ...untitled } = ENGLISH;
    expect('subtitle' in scoreCardModel(finishedTwoPlayerGame(), nameOf, untitled)).toBe(false);
  });

  it('keeps totals equal to the filled cells and places consistent with totals on a real game', () => {
    const model = scoreCardModel(finishedTwoPlayerGame(), nameOf, ENGLISH);
    for (const player of model.players) {
      expect(player.cells.every((cell) => cell !== null)).toBe(true);
      expect(player.total).toBe(player.cells.reduce((sum, cell) => sum + (cell?.points ?? 0), 0));
    }
    const [a, b] = model.players;
    expect(a && b && (a.total > b.total ? [a.place, b.place] : [b.place, a.place])).toEqual([1, 2]);
  });

  it('shows a game in play with its open rows empty, seats in order, computers, a leaver, and no places', () => {
    const state = fivePlayerGameInPlay();
    expect(state.status).toBe('playing');
    const model = scoreCardModel(state, (id) => `name of ${id}`, ENGLISH);
    expect(model.players.map((p) => [p.name, p.isComputer, p.left, p.place])).toEqual([
      ['name of h0', false, false, null],
      ['name of h1', false, false, null],
      ['name of h2', false, true, null],
      ['name of cpu-easy-1', true, false, null],
      ['name of cpu-strong-1', true, false, null],
    ]);
    // Round 9, h0 to play: everyone still seated has filled 8 rows, so 5 are open.
    for (const i of [0, 1, 3, 4]) expect(model.players[i]?.cells.filter((cell) => cell === null)).toHaveLength(5);
    // The leaver's open rows were scored 0 when they left: nothing is open, and those zeros show.
    const leaver = model.players[2];
    expect(leaver?.cells.every((cell) => cell !== null)).toBe(true);
    expect(leaver?.cells.filter((cell) => cell?.zero).length).toBeGreaterThanOrEqual(13 - 5);
  });

  it('gives no places to a game called off', () => {
    // Every roll 2-4-6; two turns each, into the Crag and Thirteen rows: 0 and 0.
    const random = scripted([2, 4, 6]);
    let state = play(lobby(DEFAULT_RULES, 2), { type: 'start', playerId: 'h0' }, random);
    state = scoreInOrder(state, random, 4);
    state = play(state, { type: 'cancel', playerId: 'h0' }, random);
    expect(state.status).toBe('cancelled');
    const model = scoreCardModel(state, nameOf, ENGLISH);
    expect(model.players.map((p) => p.place)).toEqual([null, null]);
    expect(points(model.players[0])?.slice(0, 3)).toEqual([0, 0, null]);
  });
});
