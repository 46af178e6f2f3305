import type { SKRSContext2D } from '@napi-rs/canvas';
import { drawableText } from './drawable-text.js';
import { fitText, wrapText } from './fit-text.js';
import { cardFont } from './font.js';
import { paintPlaceBadge, paintRobot, strikeThrough } from './icons.js';
import { cellRect, type Rect, type ScoreCardLayout } from './layout.js';
import type { ScoreCardModel, ScoreCardPlayer, ScoreCell } from './model.js';
import { formatInteger } from './numbers.js';
import { PALETTE } from './palette.js';

const CORNER = 12;
/** Cells are highlighted inside this margin, so neighbouring highlights stay apart. */
export const CELL_INSET = 5;
const CELL_TEXT_PAD = 10;
const LABEL_PAD = 16;
/** The robot over a computer's name: its size and its distance from the top of the cell. */
const ROBOT_SIZE = 20;
const ROBOT_TOP = 7;
const BADGE_RADIUS = 19;
const NAME_FONT = cardFont(22, 'bold');
const NAME_FONT_SMALL = cardFont(18, 'bold');
const NAME_LINE_HEIGHT = 21;

/** The table: names, the sheet rows, totals and places, with their bands and rules. */
export function paintTable(ctx: SKRSContext2D, layout: ScoreCardLayout, model: ScoreCardModel): void {
  paintBands(ctx, layout);
  paintHeader(ctx, layout, model.players);
  paintRowLabels(ctx, layout, model);
  paintCells(ctx, layout, model);
  paintTotals(ctx, layout, model);
  paintPlaces(ctx, layout, model);
}

function paintBands(ctx: SKRSContext2D, layout: ScoreCardLayout): void {
  const { table, header, total, place, rows } = layout;
  ctx.fillStyle = PALETTE.band;
  ctx.beginPath();
  ctx.roundRect(header.x, header.y, header.width, header.height, [CORNER, CORNER, 0, 0]);
  ctx.roundRect(total.x, total.y, total.width, total.height + (place?.height ?? 0), [0, 0, CORNER, CORNER]);
  ctx.fill();
  ctx.fillStyle = PALETTE.stripe;
  rows.forEach((row, i) => {
    if (i % 2 === 1) ctx.fillRect(row.x, row.y, row.width, row.height);
  });

  ctx.strokeStyle = PALETTE.rule;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const column of layout.columns) {
    ctx.moveTo(column.x + 0.5, table.y);
    ctx.lineTo(column.x + 0.5, table.y + table.height);
  }
  ctx.moveTo(table.x, header.y + header.height - 0.5);
  ctx.lineTo(table.x + table.width, header.y + header.height - 0.5);
  ctx.stroke();
  // A heavier rule above the totals, as on a paper sheet.
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(table.x, total.y + 1);
  ctx.lineTo(table.x + table.width, total.y + 1);
  ctx.stroke();
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.roundRect(table.x + 0.5, table.y + 0.5, table.width - 1, table.height - 1, CORNER);
  ctx.stroke();
}

/**
 * Names in bold, on one line when they fit, else smaller on two (Discord names run to 32
 * characters); a robot above a computer's name; a leaver's name struck through.
 */
function paintHeader(ctx: SKRSContext2D, layout: ScoreCardLayout, players: readonly ScoreCardPlayer[]): void {
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  players.forEach((player, i) => {
    const cell = cellRect(layout, i, layout.header);
    const room = cell.width - 2 * CELL_TEXT_PAD;
    ctx.font = NAME_FONT;
    let lines = wrapText(ctx, player.name, room, 1);
    if (lines[0] !== drawableText(player.name)) {
      ctx.font = NAME_FONT_SMALL;
      lines = wrapText(ctx, player.name, room, 2);
    }
    const colour = player.left ? PALETTE.gone : PALETTE.text;
    const centreX = cell.x + cell.width / 2;
    let top = cell.y;
    if (player.isComputer) {
      paintRobot(ctx, centreX, cell.y + ROBOT_TOP + ROBOT_SIZE / 2, ROBOT_SIZE, PALETTE.muted, PALETTE.band);
      top += ROBOT_TOP + ROBOT_SIZE;
    }
    const centreY = (top + cell.y + cell.height) / 2;
    lines.forEach((line, n) => {
      const y = centreY + (n - (lines.length - 1) / 2) * NAME_LINE_HEIGHT;
      ctx.fillStyle = colour;
      ctx.fillText(line, centreX, y);
      if (player.left) {
        const width = ctx.measureText(line).width;
        strikeThrough(ctx, centreX - width / 2 - 3, y, width + 6, colour);
      }
    });
  });
}

function paintRowLabels(ctx: SKRSContext2D, layout: ScoreCardLayout, model: ScoreCardModel): void {
  const maxWidth = layout.labels.width - 2 * LABEL_PAD;
  const x = layout.labels.x + LABEL_PAD;
  ctx.textAlign = 'left';
  ctx.font = cardFont(24);
  ctx.fillStyle = PALETTE.label;
  model.rows.forEach((row, i) => {
    const band = layout.rows[i];
    if (band) ctx.fillText(fitText(ctx, row.label, maxWidth), x, middle(band));
  });
  ctx.font = cardFont(24, 'bold');
  ctx.fillStyle = PALETTE.text;
  ctx.fillText(fitText(ctx, model.labels.total, maxWidth), x, middle(layout.total));
  if (layout.place) ctx.fillText(fitText(ctx, model.labels.place, maxWidth), x, middle(layout.place));
}

function paintCells(ctx: SKRSContext2D, layout: ScoreCardLayout, model: ScoreCardModel): void {
  ctx.font = cardFont(26, 'bold');
  ctx.textAlign = 'center';
  model.players.forEach((player, p) => {
    player.cells.forEach((cell, r) => {
      const band = layout.rows[r];
      if (cell && band) paintCell(ctx, cellRect(layout, p, band), cell, player.left, model.locale);
    });
  });
}

function paintCell(ctx: SKRSContext2D, rect: Rect, cell: ScoreCell, left: boolean, locale: string): void {
  let textColour: string = left ? PALETTE.gone : PALETTE.text;
  if (cell.crag || cell.zero) {
    ctx.fillStyle = cell.crag ? PALETTE.crag : PALETTE.zero;
    ctx.beginPath();
    ctx.roundRect(
      rect.x + CELL_INSET,
      rect.y + CELL_INSET,
      rect.width - 2 * CELL_INSET,
      rect.height - 2 * CELL_INSET,
      7,
    );
    ctx.fill();
    textColour = cell.crag ? PALETTE.cragText : PALETTE.zeroText;
  }
  ctx.fillStyle = textColour;
  ctx.fillText(formatInteger(locale, cell.points), rect.x + rect.width / 2, middle(rect));
}

function paintTotals(ctx: SKRSContext2D, layout: ScoreCardLayout, model: ScoreCardModel): void {
  ctx.font = cardFont(30, 'bold');
  ctx.textAlign = 'center';
  model.players.forEach((player, p) => {
    const rect = cellRect(layout, p, layout.total);
    ctx.fillStyle = player.left ? PALETTE.gone : PALETTE.text;
    ctx.fillText(formatInteger(model.locale, player.total), rect.x + rect.width / 2, middle(rect));
  });
}

function paintPlaces(ctx: SKRSContext2D, layout: ScoreCardLayout, model: ScoreCardModel): void {
  const band = layout.place;
  if (!band) return;
  ctx.font = cardFont(21, 'bold');
  model.players.forEach((player, p) => {
    if (player.place === null) return;
    const rect = cellRect(layout, p, band);
    const medal = PALETTE.medals[player.place - 1];
    paintPlaceBadge(
      ctx,
      rect.x + rect.width / 2,
      middle(rect),
      BADGE_RADIUS,
      medal ?? PALETTE.placeOther,
      formatInteger(model.locale, player.place),
      medal ? PALETTE.placeText : PALETTE.placeOtherText,
    );
  });
}

/** The vertical centre of a band; text is drawn with a middle baseline. */
function middle(rect: Rect): number {
  return rect.y + rect.height / 2 + 1;
}
