/**
 * What a score card shows, with every visible string already translated: the drawing knows no
 * language, only the `locale` its numbers are written in.
 */

/** A filled row of one player's sheet. */
export interface ScoreCell {
  readonly points: number;
  /** A Crag scored at its full points: highlighted. */
  readonly crag: boolean;
  /** A row scored (or forfeited) at 0: tinted. */
  readonly zero: boolean;
}

export interface ScoreCardPlayer {
  readonly name: string;
  readonly isComputer: boolean;
  /** Left or was removed: the column is dimmed and the name struck through. */
  readonly left: boolean;
  readonly total: number;
  /** 1 for the best total, shared on ties (1, 1, 3); null while there is no result. */
  readonly place: number | null;
  /** One per row, in the order of `ScoreCardModel.rows`; null for a row still open. */
  readonly cells: readonly (ScoreCell | null)[];
}

export interface ScoreCardLabels {
  /** The row of totals. */
  readonly total: string;
  /** The row of places. */
  readonly place: string;
  /** The legend's entries; those for computers and players who left show only when the card has one. */
  readonly crag: string;
  readonly zero: string;
  readonly computer: string;
  readonly left: string;
}

export interface ScoreCardModel {
  readonly title: string;
  readonly subtitle?: string;
  readonly rows: readonly { readonly label: string }[];
  /** 1 to 5, in seat order. */
  readonly players: readonly ScoreCardPlayer[];
  readonly labels: ScoreCardLabels;
  /** What a Crag scores, as the legend's gold sample shows it. */
  readonly cragPoints: number;
  /** A BCP 47 tag ('en-GB', 'ru') for the numbers, and for the text shaping. */
  readonly locale: string;
}
