/**
 * The score card: a game's whole sheet as a PNG for Discord. `scoreCardModel` turns a game into
 * the plain, already-translated model; `drawScoreCard` draws any such model.
 */
export { drawScoreCard } from './draw.js';
export { type ScoreCardText, scoreCardModel } from './from-game.js';
export {
  cellRect,
  MAX_PLAYERS,
  type Rect,
  type ScoreCardLayout,
  type ScoreCardShape,
  scoreCardLayout,
  scoreCardShape,
} from './layout.js';
export type { ScoreCardLabels, ScoreCardModel, ScoreCardPlayer, ScoreCell } from './model.js';
export { PALETTE } from './palette.js';
