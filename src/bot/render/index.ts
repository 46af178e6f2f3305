import type { Translator } from '../../i18n/index.js';
import { renderBoard } from './board.js';
import type { DiceFaces } from './dice-faces.js';
import { renderEnded, renderFinal } from './final.js';
import { renderLobby } from './lobby.js';
import type { MessagePayload } from './message.js';
import type { GameView } from './view.js';

export * from './cards.js';
export * from './coach.js';
export * from './dice-faces.js';
export * from './history.js';
export * from './leaderboard.js';
export * from './message.js';
export * from './moved.js';
export * from './names.js';
export * from './parts.js';
export * from './period.js';
export * from './score-card.js';
export * from './stats.js';
export * from './view.js';

/** The game's one public message, whatever stage it is at, in the server's language. */
export function renderGame(view: GameView, tr: Translator, faces: DiceFaces): MessagePayload {
  switch (view.state.status) {
    case 'lobby':
      return renderLobby(view, tr);
    case 'playing':
      return renderBoard(view, tr, faces);
    case 'finished':
      return renderFinal(view, tr);
    case 'cancelled':
      return renderEnded(view, tr);
  }
}
export * from './daily.js';
export * from './rating.js';
export * from './skill.js';
