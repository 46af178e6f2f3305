/**
 * The card's colours: Discord's own dark greys, so the card sits naturally in a dark channel and
 * reads as a dark panel in a light one. Text is near-white on near-black (contrast above 12:1).
 */
export const PALETTE = {
  card: '#1e1f22',
  /** The header, totals and places bands. */
  band: '#2b2d31',
  /** Every other sheet row, to guide the eye across. */
  stripe: '#25262a',
  rule: '#3f4147',
  text: '#f2f3f5',
  label: '#dbdee1',
  muted: '#949ba4',
  /** A player who left: their column fades. */
  gone: '#6d6f78',
  /** A full-points Crag: a gold cell with dark figures. */
  crag: '#f0b232',
  cragText: '#1e1f22',
  /** A zero: a dark red cell with pink figures, plain to see but not shouting. */
  zero: '#5a2629',
  zeroText: '#ff9ea2',
  /** Place badges: gold, silver, bronze, then grey. */
  medals: ['#f0b232', '#c9ced6', '#d38a4e'],
  placeOther: '#4e5058',
  placeText: '#1e1f22',
  placeOtherText: '#f2f3f5',
} as const;
