import type { RefusalCode } from '../game/index.js';
import type { StoredGame } from '../store/index.js';
import { messageLink } from './replies.js';

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

export const GAME_GONE = 'That game no longer exists.';

export const SERIES_GONE = 'This series can no longer be continued; `/crag start` opens a new one.';

/** A channel holds one game at a time; this points at the one in the way. */
export function channelBusy(active: StoredGame): string {
  const stage = active.state.status === 'lobby' ? 'open' : 'under way';
  return `A game is already ${stage} in this channel: ${messageLink(active.guildId, active.channelId, active.boardMessageId)}`;
}
