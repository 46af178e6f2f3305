import { MAX_SEATS, type RefusalCode } from '../game/index.js';
import type { StoredGame } from '../store/index.js';
import { type Refusal, refused } from './outcome.js';
import { messageLink } from './render/message-link.js';

/** What a player is told, privately, when the engine refuses their action. */
const ENGINE_REFUSALS: Readonly<Record<RefusalCode, Refusal>> = {
  'not-your-turn': refused('refusal.not-your-turn'),
  'not-in-game': refused('refusal.not-in-game'),
  'not-host': refused('refusal.not-host'),
  'already-joined': refused('refusal.already-joined'),
  'game-full': refused('refusal.game-full', { count: MAX_SEATS }),
  'not-enough-players': refused('refusal.not-enough-players'),
  'not-started': refused('refusal.not-started'),
  'already-started': refused('refusal.already-started'),
  'game-over': refused('refusal.game-over'),
  'row-used': refused('refusal.row-used'),
  'unknown-row': refused('refusal.unknown-row'),
  'no-rerolls-left': refused('refusal.no-rerolls-left'),
  'all-dice-kept': refused('refusal.all-dice-kept'),
  'bad-die': refused('refusal.bad-die'),
};

export function engineRefusal(code: RefusalCode): Refusal {
  return ENGINE_REFUSALS[code];
}

export const MOVED_ON = refused('refusal.moved-on');

export const GAME_GONE = refused('refusal.game-gone');

export const SERIES_GONE = refused('refusal.series-gone');

/** A channel holds one game at a time; this points at the one in the way. */
export function channelBusy(active: StoredGame): Refusal {
  const link = messageLink(active.guildId, active.channelId, active.boardMessageId);
  if (active.state.status === 'lobby')
    return link ? refused('refusal.lobby-open', { link }) : refused('refusal.lobby-open-here');
  return link ? refused('refusal.game-under-way', { link }) : refused('refusal.game-under-way-here');
}
