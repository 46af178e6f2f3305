import type { SKRSContext2D } from '@napi-rs/canvas';

/**
 * A small robot head, `size` px wide, centred on (cx, cy): marks a computer seat without a word to
 * translate. Its eyes are painted in `background`, the colour it sits on.
 */
export function paintRobot(
  ctx: SKRSContext2D,
  cx: number,
  cy: number,
  size: number,
  colour: string,
  background: string,
): void {
  const unit = size / 16;
  ctx.save();
  ctx.translate(cx - 8 * unit, cy - 8 * unit);
  ctx.scale(unit, unit);
  ctx.fillStyle = colour;
  ctx.strokeStyle = colour;
  // Antenna.
  ctx.lineWidth = 1.6;
  ctx.beginPath();
  ctx.moveTo(8, 1.8);
  ctx.lineTo(8, 5);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(8, 1.8, 1.5, 0, 2 * Math.PI);
  ctx.fill();
  ctx.beginPath();
  ctx.roundRect(1, 5, 14, 10.5, 3);
  ctx.fill();
  ctx.fillStyle = background;
  ctx.beginPath();
  ctx.arc(5.2, 10, 1.7, 0, 2 * Math.PI);
  ctx.moveTo(12.5, 10);
  ctx.arc(10.8, 10, 1.7, 0, 2 * Math.PI);
  ctx.fill();
  ctx.restore();
}

/** A round badge with the place in it: gold, silver and bronze for the first three. */
export function paintPlaceBadge(
  ctx: SKRSContext2D,
  cx: number,
  cy: number,
  radius: number,
  fill: string,
  text: string,
  textColour: string,
): void {
  ctx.beginPath();
  ctx.arc(cx, cy, radius, 0, 2 * Math.PI);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.fillStyle = textColour;
  ctx.textAlign = 'center';
  ctx.fillText(text, cx, cy);
}

/** The line through the name of a player who left. */
export function strikeThrough(ctx: SKRSContext2D, x: number, y: number, width: number, colour: string): void {
  ctx.strokeStyle = colour;
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  ctx.moveTo(x, y + 1);
  ctx.lineTo(x + width, y + 1);
  ctx.stroke();
}
