/**
 * The variants a group can choose. The defaults follow the Wikipedia article: one reroll, and
 * Thirteen takes any total of 13. The how-to-play page's variants are options: two rerolls, and
 * Thirteen only without a pair.
 */
export interface Rules {
  readonly rerolls: 1 | 2;
  readonly thirteen: 'any' | 'no-pair';
}

export const DEFAULT_RULES: Rules = { rerolls: 1, thirteen: 'any' };

export const ALL_RULE_SETS: readonly Rules[] = [
  { rerolls: 1, thirteen: 'any' },
  { rerolls: 1, thirteen: 'no-pair' },
  { rerolls: 2, thirteen: 'any' },
  { rerolls: 2, thirteen: 'no-pair' },
];

export function isRules(value: unknown): value is Rules {
  if (typeof value !== 'object' || value === null) return false;
  const { rerolls, thirteen } = value as Record<string, unknown>;
  return (rerolls === 1 || rerolls === 2) && (thirteen === 'any' || thirteen === 'no-pair');
}
