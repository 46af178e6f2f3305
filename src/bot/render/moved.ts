import type { Translator } from '../../i18n/index.js';
import { COLOURS, layoutMessage, type MessagePayload, text } from './message.js';
import { PART } from './parts.js';

/**
 * What a replaced board says (after /crag board, or a board brought back elsewhere): where the game
 * went, without controls. A Components V2 message cannot simply lose its components: they are all
 * it shows.
 */
export function renderMoved(gameId: number, link: string, tr: Translator): MessagePayload {
  return layoutMessage(COLOURS.ended, [
    text(tr.t('board.moved', { link }), PART.body),
    text(`-# ${tr.t('footer.game', { game: String(gameId) })}`, PART.footer),
  ]);
}
