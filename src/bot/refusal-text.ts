import type { RefusalCode } from '../game/index.js';

/** What a player is told, privately, when the game refuses their action. */
export const REFUSAL_TEXT: Readonly<Record<RefusalCode, string>> = {
  'not-your-turn': 'It is not your turn: wait for the player named on the board.',
  'not-in-game': 'You are not playing in this game.',
  'not-host': 'Only the host can do that.',
  'already-joined': 'You are already in this game.',
  'game-full': 'This game is full (5 players).',
  'not-enough-players': 'A game needs at least one person playing.',
  'not-started': 'The game has not started yet.',
  'already-started': 'This game has already started; join the next one.',
  'game-over': 'This game is over.',
  'row-used': 'You have already used that row.',
  'unknown-row': 'That is not a row of the sheet.',
  'no-rerolls-left': 'You have no rerolls left: choose a row from the menu.',
  'all-dice-kept': 'You are keeping all three dice: release one to reroll, or choose a row.',
  'bad-die': 'There is no such die.',
};

export const MOVED_ON = 'This board has moved on: use the latest board in the channel.';
