/** The thirteen rows of a Crag sheet, in the order the sheet shows them. */
export const CATEGORY_IDS = [
  'crag',
  'thirteen',
  'three-of-a-kind',
  'low-straight',
  'high-straight',
  'odd-straight',
  'even-straight',
  'sixes',
  'fives',
  'fours',
  'threes',
  'twos',
  'ones',
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];

/**
 * A row as the engine knows it: an id and its points. Names and descriptions are text, and text is
 * the renderers' business (see src/i18n/game-terms.ts), so the engine stays free of any language.
 */
export interface Category {
  readonly id: CategoryId;
  /** The most this row can score. */
  readonly maxPoints: number;
}

export const CATEGORIES: readonly Category[] = [
  { id: 'crag', maxPoints: 50 },
  { id: 'thirteen', maxPoints: 26 },
  { id: 'three-of-a-kind', maxPoints: 25 },
  { id: 'low-straight', maxPoints: 20 },
  { id: 'high-straight', maxPoints: 20 },
  { id: 'odd-straight', maxPoints: 20 },
  { id: 'even-straight', maxPoints: 20 },
  { id: 'sixes', maxPoints: 18 },
  { id: 'fives', maxPoints: 15 },
  { id: 'fours', maxPoints: 12 },
  { id: 'threes', maxPoints: 9 },
  { id: 'twos', maxPoints: 6 },
  { id: 'ones', maxPoints: 3 },
];

export const ROW_COUNT: number = CATEGORY_IDS.length;

/**
 * Each row's most points: what a row with a fixed score (Crag, Thirteen, Three of a kind, the
 * straights) scores when its dice fit. The one place these numbers are written: scoring, texts
 * (`{points}` in the catalogues) and pictures read them from here.
 */
export const MAX_POINTS: Readonly<Record<CategoryId, number>> = Object.fromEntries(
  CATEGORIES.map((category) => [category.id, category.maxPoints]),
) as Record<CategoryId, number>;

const BY_ID = new Map<string, Category>(CATEGORIES.map((category) => [category.id, category]));

export function isCategoryId(value: unknown): value is CategoryId {
  return typeof value === 'string' && BY_ID.has(value);
}

export function categoryById(id: CategoryId): Category {
  const category = BY_ID.get(id);
  if (!category) throw new RangeError(`unknown category ${id}`);
  return category;
}

/** The index of a row on the sheet, 0-12; used for bit sets of used rows. */
export function categoryIndex(id: CategoryId): number {
  return CATEGORY_IDS.indexOf(id);
}
