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

export interface Category {
  readonly id: CategoryId;
  readonly name: string;
  /** What the dice must show, for the rules card. */
  readonly description: string;
  /** The most this row can score. */
  readonly maxPoints: number;
}

export const CATEGORIES: readonly Category[] = [
  { id: 'crag', name: 'Crag', description: 'A pair and a total of 13 (6-6-1, 5-5-3, 4-4-5): 50', maxPoints: 50 },
  { id: 'thirteen', name: 'Thirteen', description: 'A total of 13: 26', maxPoints: 26 },
  { id: 'three-of-a-kind', name: 'Three of a kind', description: 'Three equal faces: 25', maxPoints: 25 },
  { id: 'low-straight', name: 'Low straight', description: '1-2-3: 20', maxPoints: 20 },
  { id: 'high-straight', name: 'High straight', description: '4-5-6: 20', maxPoints: 20 },
  { id: 'odd-straight', name: 'Odd straight', description: '1-3-5: 20', maxPoints: 20 },
  { id: 'even-straight', name: 'Even straight', description: '2-4-6: 20', maxPoints: 20 },
  { id: 'sixes', name: 'Sixes', description: 'The sum of the sixes', maxPoints: 18 },
  { id: 'fives', name: 'Fives', description: 'The sum of the fives', maxPoints: 15 },
  { id: 'fours', name: 'Fours', description: 'The sum of the fours', maxPoints: 12 },
  { id: 'threes', name: 'Threes', description: 'The sum of the threes', maxPoints: 9 },
  { id: 'twos', name: 'Twos', description: 'The sum of the twos', maxPoints: 6 },
  { id: 'ones', name: 'Ones', description: 'The sum of the ones', maxPoints: 3 },
];

export const ROW_COUNT = CATEGORY_IDS.length;

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
