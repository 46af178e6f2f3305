import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Die } from '../game/index.js';
import { PIPS } from './pips.js';

/** Discord's emoji images are shown at 22–48 px; 128 px is the size it recommends for uploads. */
export const DIE_SIZE = 128;

/**
 * The geometry and colours of a face, in pixels of the 128 px image. Exported for the tests, which
 * look for the pips where they should be.
 */
export const DIE_STYLE = {
  /** Transparent margin around the body, so the rounded corners are not clipped. */
  inset: 3,
  cornerRadius: 26,
  /** A grey rim: invisible on Discord's dark theme, it gives the white die an edge on the light one. */
  rimWidth: 5,
  rim: '#6d717a',
  bodyTop: '#ffffff',
  bodyBottom: '#dcdfe4',
  pipRadius: 12,
  pip: '#1f2126',
  /** The lone pip of a one is red and larger, as on many real dice: it tells 1 from the rest at a glance. */
  acePipRadius: 17,
  acePip: '#d4373a',
} as const;

/** The body's span inside the image: [start, size] on both axes. */
export function dieBody(): readonly [start: number, size: number] {
  return [DIE_STYLE.inset, DIE_SIZE - 2 * DIE_STYLE.inset];
}

/** The centre of each pip of `face`, in pixels. */
export function pipCentres(face: Die): [x: number, y: number][] {
  const [start, size] = dieBody();
  return PIPS[face].map(([x, y]) => [start + x * size, start + y * size]);
}

/**
 * One die face as a PNG: a white rounded square with dark pips on a transparent background.
 * Deterministic (no clock, no randomness, no text), so `npm run draw-dice` rewrites the same bytes.
 */
export function drawDieFace(face: Die): Buffer {
  const canvas = createCanvas(DIE_SIZE, DIE_SIZE);
  paintDieFace(canvas.getContext('2d'), face, 0, 0, DIE_SIZE);
  return canvas.toBuffer('image/png');
}

/** Paints a face into a `size`-pixel square at (x, y) of any canvas: the emoji, or a die on the score card. */
export function paintDieFace(ctx: SKRSContext2D, face: Die, x: number, y: number, size: number): void {
  const style = DIE_STYLE;
  const [start, span] = dieBody();
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / DIE_SIZE, size / DIE_SIZE);

  const body = ctx.createLinearGradient(0, start, 0, start + span);
  body.addColorStop(0, style.bodyTop);
  body.addColorStop(1, style.bodyBottom);
  const half = style.rimWidth / 2;
  ctx.beginPath();
  ctx.roundRect(start + half, start + half, span - style.rimWidth, span - style.rimWidth, style.cornerRadius - half);
  ctx.fillStyle = body;
  ctx.fill();
  ctx.lineWidth = style.rimWidth;
  ctx.strokeStyle = style.rim;
  ctx.stroke();

  const ace = face === 1;
  ctx.fillStyle = ace ? style.acePip : style.pip;
  for (const [px, py] of pipCentres(face)) {
    ctx.beginPath();
    ctx.arc(px, py, ace ? style.acePipRadius : style.pipRadius, 0, 2 * Math.PI);
    ctx.fill();
  }
  ctx.restore();
}
