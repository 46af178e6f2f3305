import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DIE_EMOJI_NAMES,
  DIE_FACES,
  DIE_SIZE,
  DIE_STYLE,
  dieEmojiName,
  dieEmojis,
  dieFaceDataUri,
  dieFacePath,
  drawDieFace,
  pipCentres,
} from '../../src/dice-art/index.js';
import {
  colourDistance,
  countBlobs,
  decode,
  luminance,
  pixelAt,
  pngHeader,
  type Rgba,
  rgba,
} from '../images/pixels.js';

/** Discord refuses emoji images above 256 KiB. */
const DISCORD_EMOJI_LIMIT = 256 * 1024;
const DARK_THEME = '#313338';
const LIGHT_THEME = '#ffffff';
/** Pips are dark (the red ace too); the body and its rim are light. */
const isPip = (colour: Rgba) => luminance(colour) < 110;

describe('the dice emoji names', () => {
  it('are six distinct names Discord accepts', () => {
    expect(DIE_EMOJI_NAMES).toEqual(['crag_d1', 'crag_d2', 'crag_d3', 'crag_d4', 'crag_d5', 'crag_d6']);
    expect(new Set(DIE_EMOJI_NAMES).size).toBe(6);
    for (const name of DIE_EMOJI_NAMES) expect(name).toMatch(/^[A-Za-z0-9_]{2,32}$/);
    expect(DIE_FACES.map(dieEmojiName)).toEqual(DIE_EMOJI_NAMES);
  });

  it('come with their images, ready to upload', () => {
    expect(dieEmojis().map(({ face, name }) => [face, name])).toEqual(DIE_FACES.map((f) => [f, `crag_d${f}`]));
    for (const { face, image } of dieEmojis()) expect(image).toBe(dieFaceDataUri(face));
  });
});

describe.each(DIE_FACES)('die face %i', (face) => {
  const committed = readFileSync(dieFacePath(face));

  it('is the committed file, as `npm run draw-dice` draws it now', async () => {
    const drawn = drawDieFace(face);
    // The same pinned Skia gives the same bytes; a different CPU build may move an edge pixel by a
    // colour level, so the pixels are compared with that much slack. Any change to the art is far more.
    const [a, b] = await Promise.all([decode(committed), decode(drawn)]);
    let worst = 0;
    for (let i = 0; i < a.data.length; i += 1) worst = Math.max(worst, Math.abs(a.data[i]! - b.data[i]!));
    expect(worst, 'redraw the dice with `npm run draw-dice`').toBeLessThanOrEqual(2);
  });

  it('draws the same bytes every time', () => {
    expect(drawDieFace(face).equals(drawDieFace(face))).toBe(true);
  });

  it('is a square RGBA PNG well under the emoji size limit', () => {
    expect(pngHeader(committed)).toEqual({ width: DIE_SIZE, height: DIE_SIZE, bitDepth: 8, colourType: 6 });
    expect(statSync(dieFacePath(face)).size).toBeLessThan(DISCORD_EMOJI_LIMIT / 16);
  });

  it('has transparent corners and an opaque body', async () => {
    const pixels = await decode(committed);
    for (const [x, y] of [
      [0, 0],
      [DIE_SIZE - 1, 0],
      [0, DIE_SIZE - 1],
      [DIE_SIZE - 1, DIE_SIZE - 1],
    ] as const) {
      expect(pixelAt(pixels, x, y)[3]).toBe(0);
    }
    expect(pixelAt(pixels, DIE_SIZE / 2, DIE_STYLE.inset + DIE_STYLE.rimWidth + 4)[3]).toBe(255);
  });

  it(`shows ${face} pip${face > 1 ? 's' : ''} in the pip colour where the pips belong`, async () => {
    const pixels = await decode(committed);
    const pipColour = rgba(face === 1 ? DIE_STYLE.acePip : DIE_STYLE.pip);
    expect(pipCentres(face)).toHaveLength(face);
    for (const [x, y] of pipCentres(face)) expect(colourDistance(pixelAt(pixels, x, y), pipColour)).toBeLessThan(8);
    const inner = DIE_STYLE.inset + DIE_STYLE.rimWidth + 2;
    expect(countBlobs(pixels, [inner, inner, DIE_SIZE - inner, DIE_SIZE - inner], isPip)).toBe(face);
  });

  it.each([DARK_THEME, LIGHT_THEME])('keeps its pips apart at 22 px on %s', async (background) => {
    const pixels = await decode(committed, { size: 22, background });
    // The rim is the outer pixel or so; the pips lie well inside it.
    expect(countBlobs(pixels, [2, 2, 20, 20], isPip)).toBe(face);
    // The body stands out from the background: a light die on both themes.
    expect(luminance(pixelAt(pixels, 11, 3))).toBeGreaterThan(200);
  });

  it('loads as a PNG data URI of the committed file', () => {
    const uri = dieFaceDataUri(face);
    expect(uri.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(uri.slice('data:image/png;base64,'.length), 'base64').equals(committed)).toBe(true);
  });
});
