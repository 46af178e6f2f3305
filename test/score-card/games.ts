/** Real games for the score card tests, played by the engine and the computer players. */
import { type CategoryId, DEFAULT_RULES, type GameState, type RandomInt, seededRandom } from '../../src/game/index.js';
import type { ScoreCardText } from '../../src/score-card/index.js';
import { chooseComputerAction } from '../../src/strategy/index.js';
import { current, lobby, play } from '../game/support.js';

/** Every seat, human or not, plays as the optimal computer would, until `stop` says so or the game ends. */
export function playOn(state: GameState, random: RandomInt, stop: (state: GameState) => boolean = () => false) {
  let s = state;
  while (s.status === 'playing' && !stop(s)) s = play(s, chooseComputerAction(s, 'optimal'), random);
  return s;
}

/** Two people, a whole game (seed chosen for a Crag and some zeros on the sheets). */
export function finishedTwoPlayerGame(): GameState {
  const random = seededRandom(3);
  return playOn(play(lobby(DEFAULT_RULES, 2), { type: 'start', playerId: 'h0' }, random), random);
}

/**
 * Three people and two computers at round 9; the third person (h2) left in round 6, so their
 * open rows scored 0.
 */
export function fivePlayerGameInPlay(): GameState {
  const random = seededRandom(11);
  let state = play(lobby(DEFAULT_RULES, 3, ['easy', 'strong']), { type: 'start', playerId: 'h0' }, random);
  state = playOn(state, random, (s) => s.round === 6 && current(s) === 'h2');
  state = play(state, { type: 'leave', playerId: 'h2' }, random);
  return playOn(state, random, (s) => s.round === 9 && current(s) === 'h0');
}

export const NAMES: Readonly<Record<string, string>> = {
  h0: 'Алексей Смирнов',
  h1: 'Bob the Magnificent, Destroyer of Worlds',
  h2: 'Zoë 🎲 Über-long display name!!',
  'cpu-easy-1': 'Easy computer',
  'cpu-strong-1': 'Strong computer',
};

export const nameOf = (playerId: string): string => NAMES[playerId] ?? playerId;

const ENGLISH_ROWS: Readonly<Record<CategoryId, string>> = {
  crag: 'Crag',
  thirteen: 'Thirteen',
  'three-of-a-kind': 'Three of a kind',
  'low-straight': 'Low straight',
  'high-straight': 'High straight',
  'odd-straight': 'Odd straight',
  'even-straight': 'Even straight',
  sixes: 'Sixes',
  fives: 'Fives',
  fours: 'Fours',
  threes: 'Threes',
  twos: 'Twos',
  ones: 'Ones',
};

export const ENGLISH: ScoreCardText = {
  title: 'Crag: final sheet',
  subtitle: 'One reroll · Thirteen: any total',
  rowLabels: ENGLISH_ROWS,
  labels: { total: 'Total', place: 'Place', crag: 'Crag (50)', zero: 'Scored 0', computer: 'Computer', left: 'Left' },
  locale: 'en-GB',
};

export const RUSSIAN: ScoreCardText = {
  title: 'Крэг: раунд 9 из 13',
  subtitle: 'Одна переброска · Тринадцать: любая сумма',
  rowLabels: {
    crag: 'Крэг',
    thirteen: 'Тринадцать',
    'three-of-a-kind': 'Три одинаковых',
    'low-straight': 'Малый стрит',
    'high-straight': 'Большой стрит',
    'odd-straight': 'Нечётный стрит',
    'even-straight': 'Чётный стрит',
    sixes: 'Шестёрки',
    fives: 'Пятёрки',
    fours: 'Четвёрки',
    threes: 'Тройки',
    twos: 'Двойки',
    ones: 'Единицы',
  },
  labels: { total: 'Итого', place: 'Место', crag: 'Крэг (50)', zero: 'Ноль', computer: 'Компьютер', left: 'Вышел' },
  locale: 'ru',
};
