/**
 * The dice faces as images, for Discord application emojis: their names, their committed PNGs as
 * data URIs, and the drawing code that `npm run draw-dice` uses to make those PNGs.
 */
export { DIE_SIZE, DIE_STYLE, drawDieFace, paintDieFace, pipCentres } from './draw-die-face.js';
export { DIE_EMOJI_NAMES, dieEmojiName, dieEmojis, dieFaceDataUri, dieFacePath } from './emoji.js';
export { DIE_FACES, PIPS } from './pips.js';
