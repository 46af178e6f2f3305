/** Where everything on a score card goes, in pixels. Pure geometry, shared by the drawing and the tests. */
import type { ScoreCardModel } from './model.js';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export const MAX_PLAYERS = 5;

// Discord shrinks an image to the message width, about 340 px on a phone: the card stays under
// ~950 px so that the 24 px text still reads at about 9 px there, and grows only as wide as its
// player columns need (two players: about 650 px).
const PAD = 28;
const LABEL_WIDTH = 250;
const COLUMN_WIDTH_MAX = 170;
// 306 px of padding and labels + 640: four columns of 160 or five of 128.
const WIDTH_MAX = 946;
/** Room for the title and the legend on a one-player card. */
const WIDTH_MIN = 560;
const TITLE_HEIGHT = 42;
const SUBTITLE_HEIGHT = 30;
const TITLE_GAP = 16;
const HEADER_HEIGHT = 74;
const ROW_HEIGHT = 42;
const TOTAL_HEIGHT = 54;
const PLACE_HEIGHT = 56;
const LEGEND_GAP = 18;
const LEGEND_HEIGHT = 28;

export interface ScoreCardLayout {
  readonly width: number;
  readonly height: number;
  readonly padding: number;
  readonly title: Rect;
  readonly subtitle: Rect | null;
  /** The players' names. */
  readonly header: Rect;
  /** The whole table, header to places: the frame drawn around it. */
  readonly table: Rect;
  /** The left column of row names. */
  readonly labels: { readonly x: number; readonly width: number };
  /** One column per player, left to right. */
  readonly columns: readonly { readonly x: number; readonly width: number }[];
  /** Full-width bands, one per sheet row; then the totals and the places below. */
  readonly rows: readonly Rect[];
  readonly total: Rect;
  /** Null while no one has a place: a game in play or called off. */
  readonly place: Rect | null;
  readonly legend: Rect;
}

/** What decides the shape of a card. */
export interface ScoreCardShape {
  readonly players: number;
  readonly rows: number;
  readonly subtitle: boolean;
  readonly places: boolean;
}

/** The shape of a model's card. */
export function scoreCardShape(model: ScoreCardModel): ScoreCardShape {
  return {
    players: model.players.length,
    rows: model.rows.length,
    subtitle: model.subtitle !== undefined,
    places: model.players.some((player) => player.place !== null),
  };
}

export function scoreCardLayout(shape: ScoreCardShape): ScoreCardLayout {
  const playerCount = shape.players;
  if (!Number.isInteger(playerCount) || playerCount < 1 || playerCount > MAX_PLAYERS) {
    throw new RangeError(`a score card has 1 to ${MAX_PLAYERS} players, not ${playerCount}`);
  }
  const fixed = 2 * PAD + LABEL_WIDTH;
  let columnWidth = Math.min(COLUMN_WIDTH_MAX, Math.floor((WIDTH_MAX - fixed) / playerCount));
  if (fixed + columnWidth * playerCount < WIDTH_MIN) columnWidth = Math.floor((WIDTH_MIN - fixed) / playerCount);
  const tableWidth = LABEL_WIDTH + columnWidth * playerCount;
  const width = 2 * PAD + tableWidth;

  let y = PAD;
  const band = (height: number): Rect => {
    const rect = { x: PAD, y, width: tableWidth, height };
    y += height;
    return rect;
  };
  const title = band(TITLE_HEIGHT);
  const subtitle = shape.subtitle ? band(SUBTITLE_HEIGHT) : null;
  y += TITLE_GAP;
  const header = band(HEADER_HEIGHT);
  const rows = Array.from({ length: shape.rows }, () => band(ROW_HEIGHT));
  const total = band(TOTAL_HEIGHT);
  const place = shape.places ? band(PLACE_HEIGHT) : null;
  const table = { x: PAD, y: header.y, width: tableWidth, height: y - header.y };
  y += LEGEND_GAP;
  const legend = band(LEGEND_HEIGHT);

  return {
    width,
    height: y + PAD,
    padding: PAD,
    title,
    subtitle,
    header,
    table,
    labels: { x: PAD, width: LABEL_WIDTH },
    columns: Array.from({ length: playerCount }, (_, i) => ({
      x: PAD + LABEL_WIDTH + i * columnWidth,
      width: columnWidth,
    })),
    rows,
    total,
    place,
    legend,
  };
}

/** The cell where a player's column crosses a band (a sheet row, the totals, the places). */
export function cellRect(layout: ScoreCardLayout, player: number, band: Rect): Rect {
  const column = layout.columns[player];
  if (!column) throw new RangeError(`no column for player ${player}`);
  return { x: column.x, y: band.y, width: column.width, height: band.height };
}
