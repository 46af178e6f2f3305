import type { SKRSContext2D } from '@napi-rs/canvas';
import { fitText } from './fit-text.js';
import { cardFont } from './font.js';
import { paintRobot, strikeThrough } from './icons.js';
import type { ScoreCardLayout } from './layout.js';
import type { ScoreCardModel } from './model.js';
import { formatInteger } from './numbers.js';
import { PALETTE } from './palette.js';

type LegendKind = 'crag' | 'zero' | 'computer' | 'left';

const SWATCH = 28;
const SWATCH_GAP = 9;
const ITEM_GAP = 28;
const TEXT_SIZE = 19;

/** What the marks mean: Crag and zero always; computers and players who left when the card has them. */
export function paintLegend(ctx: SKRSContext2D, layout: ScoreCardLayout, model: ScoreCardModel): void {
  const items: { kind: LegendKind; label: string }[] = [
    { kind: 'crag', label: model.labels.crag },
    { kind: 'zero', label: model.labels.zero },
  ];
  if (model.players.some((player) => player.isComputer)) items.push({ kind: 'computer', label: model.labels.computer });
  if (model.players.some((player) => player.left)) items.push({ kind: 'left', label: model.labels.left });

  const { legend } = layout;
  ctx.font = cardFont(TEXT_SIZE);
  // Natural widths when they fit on the line; otherwise an equal share for each label.
  const natural = items.map((item) => ctx.measureText(item.label).width);
  const needed = natural.reduce((sum, width) => sum + width + SWATCH + SWATCH_GAP, 0) + ITEM_GAP * (items.length - 1);
  const share = (legend.width - ITEM_GAP * (items.length - 1)) / items.length - SWATCH - SWATCH_GAP;
  const y = legend.y + legend.height / 2;
  let x = legend.x;
  items.forEach((item, i) => {
    paintSwatch(ctx, item.kind, x, legend.y + (legend.height - SWATCH) / 2, model);
    x += SWATCH + SWATCH_GAP;
    const label = needed <= legend.width ? item.label : fitText(ctx, item.label, share);
    ctx.font = cardFont(TEXT_SIZE);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = PALETTE.muted;
    ctx.fillText(label, x, y + 1);
    x += (needed <= legend.width ? (natural[i] ?? 0) : share) + ITEM_GAP;
  });
}

/** A small sample of each mark, as it looks in the table. */
function paintSwatch(ctx: SKRSContext2D, kind: LegendKind, x: number, y: number, model: ScoreCardModel): void {
  const centreX = x + SWATCH / 2;
  const centreY = y + SWATCH / 2;
  if (kind === 'computer') {
    paintRobot(ctx, centreX, centreY, SWATCH - 6, PALETTE.muted, PALETTE.card);
    return;
  }
  if (kind === 'left') {
    ctx.fillStyle = PALETTE.gone;
    ctx.beginPath();
    ctx.roundRect(x + 3, y + 6, SWATCH - 6, SWATCH - 12, 4);
    ctx.fill();
    strikeThrough(ctx, x, centreY - 1, SWATCH, PALETTE.label);
    return;
  }
  const crag = kind === 'crag';
  ctx.fillStyle = crag ? PALETTE.crag : PALETTE.zero;
  ctx.beginPath();
  ctx.roundRect(x, y, SWATCH, SWATCH, 6);
  ctx.fill();
  ctx.font = cardFont(crag ? 14 : 16, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = crag ? PALETTE.cragText : PALETTE.zeroText;
  ctx.fillText(formatInteger(model.locale, crag ? model.cragPoints : 0), centreX, centreY + 1);
}
