import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { paintDieFace } from '../dice-art/index.js';
import type { Die } from '../game/index.js';
import { fitText } from './fit-text.js';
import { cardFont, registerGlyphsFor } from './font.js';
import { type ScoreCardLayout, scoreCardLayout, scoreCardShape } from './layout.js';
import type { ScoreCardModel } from './model.js';
import { paintLegend } from './paint-legend.js';
import { paintTable } from './paint-table.js';
import { PALETTE } from './palette.js';
import { encodePng } from './png.js';

/** 6-6-1, a Crag, beside the title. */
const TITLE_DICE: readonly Die[] = [6, 6, 1];
const TITLE_DIE_SIZE = 34;
const TITLE_DIE_GAP = 5;
const CARD_CORNER = 18;

/**
 * The last card's canvas, drawn on again while cards keep the same size. A new canvas is a fresh
 * 3 MB surface, and touching its pages for the first time (page faults) cost 3–10 ms a card here.
 */
let reusable: Canvas | undefined;

function canvasOf(width: number, height: number): Canvas {
  if (reusable?.width !== width || reusable.height !== height) reusable = createCanvas(width, height);
  return reusable;
}

/** A whole game's sheet as a PNG: a dark card, about 560–946 px wide and about 900 px high. */
export function drawScoreCard(model: ScoreCardModel): Buffer {
  // Every text the card draws is in the model: the fonts it needs are registered before it draws.
  registerGlyphsFor(JSON.stringify(model));
  const layout = scoreCardLayout(scoreCardShape(model));
  const ctx = canvasOf(layout.width, layout.height).getContext('2d');
  ctx.save();
  try {
    ctx.clearRect(0, 0, layout.width, layout.height);
    ctx.lang = model.locale;
    ctx.textBaseline = 'middle';
    ctx.fillStyle = PALETTE.card;
    ctx.beginPath();
    ctx.roundRect(0, 0, layout.width, layout.height, CARD_CORNER);
    ctx.fill();
    paintTitle(ctx, layout, model);
    paintTable(ctx, layout, model);
    paintLegend(ctx, layout, model);
    return encodePng(layout.width, layout.height, (y, rows) => ctx.getImageData(0, y, layout.width, rows).data);
  } finally {
    ctx.restore();
  }
}

function paintTitle(ctx: SKRSContext2D, layout: ScoreCardLayout, model: ScoreCardModel): void {
  const { title, subtitle } = layout;
  TITLE_DICE.forEach((face, i) => {
    const x = title.x + i * (TITLE_DIE_SIZE + TITLE_DIE_GAP);
    paintDieFace(ctx, face, x, title.y + (title.height - TITLE_DIE_SIZE) / 2, TITLE_DIE_SIZE);
  });
  const textX = title.x + TITLE_DICE.length * (TITLE_DIE_SIZE + TITLE_DIE_GAP) + 10;
  const maxWidth = title.x + title.width - textX;
  ctx.textAlign = 'left';
  ctx.font = cardFont(30, 'bold');
  ctx.fillStyle = PALETTE.text;
  ctx.fillText(fitText(ctx, model.title, maxWidth), textX, title.y + title.height / 2 + 1);
  if (subtitle && model.subtitle !== undefined) {
    ctx.font = cardFont(20);
    ctx.fillStyle = PALETTE.muted;
    ctx.fillText(fitText(ctx, model.subtitle, maxWidth), textX, subtitle.y + subtitle.height / 2);
  }
}
