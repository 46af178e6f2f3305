import { renderBoard } from './board.js';
import { renderEnded, renderFinal } from './final.js';
import { renderLobby } from './lobby.js';
import type { MessagePayload } from './message.js';
import type { GameView } from './view.js';

export * from './cards.js';
export * from './coach.js';
export * from './message.js';
export * from './view.js';

/** The game's one public message, whatever stage it is at. */
export function renderGame(view: GameView): MessagePayload {
  switch (view.state.status) {
    case 'lobby':
      return renderLobby(view);
    case 'playing':
      return renderBoard(view);
    case 'finished':
      return renderFinal(view);
    case 'cancelled':
      return renderEnded(view);
  }
}
