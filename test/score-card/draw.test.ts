import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_POINTS } from '../../src/game/index.js';
import { projectPath } from '../../src/project-path.js';
import {
  cellRect,
  drawScoreCard,
  PALETTE,
  type Rect,
  type ScoreCardLayout,
  type ScoreCardModel,
  type ScoreCardPlayer,
  type ScoreCell,
  scoreCardLayout,
  scoreCardModel,
  scoreCardShape,
} from '../../src/score-card/index.js';
import { CELL_INSET } from '../../src/score-card/paint-table.js';
import {
  colourDistance,
  decode,
  distinctColours,
  luminance,
  type Pixels,
  pixelAt,
  pngHeader,
  type Rgba,
  rgba,
} from '../images/pixels.js';
import { ENGLISH, finishedTwoPlayerGame, fivePlayerGameInPlay, nameOf, RUSSIAN } from './games.js';

const cell = (points: number, crag = false): ScoreCell => ({ points, crag, zero: points === 0 });

function player(name: string, extra: Partial<ScoreCardPlayer> = {}): ScoreCardPlayer {
  // Row 0 a Crag, row 1 a 26, row 2 a zero, rows 3-5 open, the rest filled.
  const cells = [cell(50, true), cell(26), cell(0), null, null, null, cell(20), cell(12), cell(10), cell(8), cell(6)];
  return {
    name,
    isComputer: false,
    left: false,
    total: 132,
    place: null,
    cells: [...cells, cell(4), cell(2)],
    ...extra,
  };
}

function model(players: readonly ScoreCardPlayer[], extra: Partial<ScoreCardModel> = {}): ScoreCardModel {
  const { title, subtitle, labels, locale } = ENGLISH;
  const rows = Object.values(ENGLISH.rowLabels).map((label) => ({ label }));
  return {
    title,
    ...(subtitle === undefined ? {} : { subtitle }),
    rows,
    players,
    labels,
    cragPoints: MAX_POINTS.crag,
    locale,
    ...extra,
  };
}

const FINISHED = model([
  player('Alice', { place: 1, total: 150 }),
  player('Strong computer', { isComputer: true, place: 2, total: 140 }),
  player('Carol', { left: true, place: 3, total: 40 }),
]);

async function drawn(m: ScoreCardModel): Promise<{ pixels: Pixels; layout: ScoreCardLayout; png: Buffer }> {
  const png = drawScoreCard(m);
  return { png, pixels: await decode(png), layout: scoreCardLayout(scoreCardShape(m)) };
}

/** A point inside a cell's highlight but clear of its centred figures. */
function highlightPoint(rect: Rect): [number, number] {
  return [rect.x + CELL_INSET + 4, rect.y + rect.height / 2];
}

/** The brightest pixel inside a rect: the colour its text was drawn in. */
function brightest(pixels: Pixels, rect: Rect): Rgba {
  let best: Rgba = [0, 0, 0, 0];
  for (let y = rect.y + 2; y < rect.y + rect.height - 2; y += 1) {
    for (let x = rect.x + 2; x < rect.x + rect.width - 2; x += 1) {
      const colour = pixelAt(pixels, x, y);
      if (luminance(colour) > luminance(best)) best = colour;
    }
  }
  return best;
}

function coloursIn(pixels: Pixels, rect: Rect): number {
  const seen = new Set<string>();
  for (let y = rect.y + CELL_INSET; y < rect.y + rect.height - CELL_INSET; y += 1) {
    for (let x = rect.x + CELL_INSET; x < rect.x + rect.width - CELL_INSET; x += 1)
      seen.add(pixelAt(pixels, x, y).join());
  }
  return seen.size;
}

const near = (actual: Rgba, hex: string, tolerance = 3) => colourDistance(actual, rgba(hex)) <= tolerance;

describe('drawScoreCard', () => {
  it.each([1, 2, 3, 4, 5])('draws %i player(s) at the size of its layout, 560–946 px wide', (count) => {
    const m = model(Array.from({ length: count }, (_, i) => player(`Player ${i + 1}`, { place: i + 1 })));
    const header = pngHeader(drawScoreCard(m));
    const layout = scoreCardLayout(scoreCardShape(m));
    expect(header).toEqual({ width: layout.width, height: layout.height, bitDepth: 8, colourType: 6 });
    expect(header.width).toBeGreaterThanOrEqual(560);
    expect(header.width).toBeLessThanOrEqual(946);
    expect(header.height).toBeGreaterThan(800);
  });

  it('grows wider with players and keeps its height; places and a subtitle add rows', () => {
    const shape = { rows: 13, subtitle: true, places: true };
    const widths = [1, 2, 3, 4, 5].map((players) => scoreCardLayout({ ...shape, players }).width);
    expect(widths).toEqual([...widths].sort((a, b) => a - b));
    expect(widths[1]).toBeLessThan(700);
    const heights = new Set([1, 2, 3, 4, 5].map((players) => scoreCardLayout({ ...shape, players }).height));
    expect(heights.size).toBe(1);
    const full = scoreCardLayout({ ...shape, players: 2 });
    expect(scoreCardLayout({ ...shape, players: 2, places: false }).height).toBeLessThan(full.height);
    expect(scoreCardLayout({ ...shape, players: 2, subtitle: false }).height).toBeLessThan(full.height);
  });

  it('refuses a card for no players or more than five', () => {
    expect(() => drawScoreCard(model([]))).toThrow(RangeError);
    expect(() => drawScoreCard(model(Array.from({ length: 6 }, (_, i) => player(`P${i}`))))).toThrow(RangeError);
  });

  it('is a real picture: many colours, opaque inside, transparent rounded corners', async () => {
    const { pixels } = await drawn(FINISHED);
    expect(distinctColours(pixels)).toBeGreaterThan(300);
    expect(pixelAt(pixels, 0, 0)[3]).toBe(0);
    expect(pixelAt(pixels, pixels.width - 1, pixels.height - 1)[3]).toBe(0);
    expect(pixelAt(pixels, pixels.width / 2, pixels.height / 2)[3]).toBe(255);
  });

  it('draws the same bytes for the same model, whatever was drawn before', () => {
    const first = drawScoreCard(FINISHED);
    // The same size, other marks: drawn on the same canvas, which must come back clean.
    const other = model(FINISHED.players.map((p) => ({ ...p, name: `${p.name} II`, isComputer: true, left: true })));
    expect(drawScoreCard(other).equals(first)).toBe(false);
    expect(drawScoreCard(FINISHED).equals(first)).toBe(true);
    drawScoreCard(model([player('Solo')]));
    expect(drawScoreCard(FINISHED).equals(first)).toBe(true);
  });

  it('highlights a Crag in gold and tints a zero red, with the figures on top', async () => {
    const { pixels, layout } = await drawn(FINISHED);
    const crag = cellRect(layout, 0, layout.rows[0]!);
    const zero = cellRect(layout, 0, layout.rows[2]!);
    const plain = cellRect(layout, 0, layout.rows[1]!);
    expect(near(pixelAt(pixels, ...highlightPoint(crag)), PALETTE.crag)).toBe(true);
    expect(near(pixelAt(pixels, ...highlightPoint(zero)), PALETTE.zero)).toBe(true);
    expect(near(pixelAt(pixels, ...highlightPoint(plain)), PALETTE.crag, 40)).toBe(false);
    expect(near(pixelAt(pixels, ...highlightPoint(plain)), PALETTE.zero, 20)).toBe(false);
    // The figures: dark on gold, pink on red, white on a plain cell.
    expect(colourDistance(brightest(pixels, zero), rgba(PALETTE.zeroText))).toBeLessThan(24);
    expect(near(brightest(pixels, plain), PALETTE.text, 12)).toBe(true);
    expect(coloursIn(pixels, crag)).toBeGreaterThan(10);
  });

  it('leaves an open row empty', async () => {
    const { pixels, layout } = await drawn(FINISHED);
    for (const row of [3, 4, 5]) expect(coloursIn(pixels, cellRect(layout, 0, layout.rows[row]!))).toBe(1);
    expect(coloursIn(pixels, cellRect(layout, 0, layout.rows[6]!))).toBeGreaterThan(10);
  });

  it('gives places gold, silver and bronze badges, and draws no place row while nobody has one', async () => {
    const { pixels, layout } = await drawn(FINISHED);
    const band = layout.place!;
    PALETTE.medals.forEach((medal, i) => {
      const rect = cellRect(layout, i, band);
      // The badge's left edge, clear of its number.
      expect(near(pixelAt(pixels, rect.x + rect.width / 2 - 14, rect.y + rect.height / 2), medal)).toBe(true);
    });
    const inPlay = model(FINISHED.players.map((p) => ({ ...p, place: null })));
    expect(scoreCardLayout(scoreCardShape(inPlay)).place).toBe(null);
    expect(pngHeader(drawScoreCard(inPlay)).height).toBe(layout.height - band.height);
  });

  it('fades the column of a player who left', async () => {
    const { pixels, layout } = await drawn(FINISHED);
    expect(near(brightest(pixels, cellRect(layout, 0, layout.total)), PALETTE.text, 12)).toBe(true);
    expect(near(brightest(pixels, cellRect(layout, 2, layout.total)), PALETTE.gone, 12)).toBe(true);
  });

  it('puts a robot over a computer’s name only', async () => {
    const { pixels, layout } = await drawn(FINISHED);
    // The robot's head, between its eyes.
    const head = (i: number) => {
      const rect = cellRect(layout, i, layout.header);
      return pixelAt(pixels, rect.x + rect.width / 2, rect.y + 7 + 16);
    };
    expect(near(head(1), PALETTE.muted, 6)).toBe(true);
    expect(near(head(0), PALETTE.band, 2)).toBe(true);
  });

  it('fits any name: long, Cyrillic, with emoji', async () => {
    const names = ['Алексей Константинопольский', 'x'.repeat(32), '👨‍👩‍👧‍👦🎲🎲🎲', 'Zoë 🎲 Über-long display name!!'];
    const { pixels, layout } = await drawn(model(names.map((name) => player(name))));
    // Nothing spills into the next column: the gap between columns is plain band colour.
    for (const column of layout.columns.slice(1)) {
      expect(near(pixelAt(pixels, column.x + 3, layout.header.y + layout.header.height / 2), PALETTE.band, 2)).toBe(
        true,
      );
    }
  });
});

describe('the sample cards (UPDATE_SCREENSHOTS=1 writes them to docs/)', () => {
  const samples = [
    { file: 'score-card-2p.png', model: scoreCardModel(finishedTwoPlayerGame(), nameOf, ENGLISH) },
    { file: 'score-card-5p.png', model: scoreCardModel(fivePlayerGameInPlay(), nameOf, RUSSIAN) },
  ];

  it.each(samples)('$file marks every Crag, zero and open row where the model has them', async ({ file, model: m }) => {
    const { pixels, layout, png } = await drawn(m);
    const cells = m.players.flatMap((p, i) =>
      p.cells.map((c, r) => ({ c, rect: cellRect(layout, i, layout.rows[r]!) })),
    );
    expect(cells.some(({ c }) => c?.crag)).toBe(true);
    expect(cells.some(({ c }) => c?.zero)).toBe(true);
    for (const { c, rect } of cells) {
      const colour = pixelAt(pixels, ...highlightPoint(rect));
      expect(near(colour, PALETTE.crag), `${file} Crag at ${rect.x},${rect.y}`).toBe(c?.crag === true);
      expect(near(colour, PALETTE.zero), `${file} zero at ${rect.x},${rect.y}`).toBe(c?.zero === true);
      if (c === null) expect(coloursIn(pixels, rect)).toBe(1);
    }
    if (process.env.UPDATE_SCREENSHOTS === '1') writeFileSync(projectPath('docs', file), png);
  });
});
