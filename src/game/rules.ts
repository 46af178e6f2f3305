/**
 * The variants a group can choose. The defaults follow the Wikipedia article: one reroll, and
 * Thirteen takes any total of 13. The how-to-play page's variants are options: two rerolls, and
 * Thirteen only without a pair.
 */
export interface Rules {
  readonly rerolls: RerollRule;
  readonly thirteen: ThirteenRule;
}

/** How many times a turn may reroll: the one list the commands' choices and the checks read. */
export const REROLL_RULES = [1, 2] as const;
export type RerollRule = (typeof REROLL_RULES)[number];

/** Which 13s the Thirteen row takes: any total of 13, or only one without a pair. */
export const THIRTEEN_RULES = ['any', 'no-pair'] as const;
export type ThirteenRule = (typeof THIRTEEN_RULES)[number];

export const DEFAULT_RULES: Rules = { rerolls: 1, thirteen: 'any' };

/** Every combination of the variants, rerolls first. */
export const ALL_RULE_SETS: readonly Rules[] = REROLL_RULES.flatMap((rerolls) =>
  THIRTEEN_RULES.map((thirteen) => ({ rerolls, thirteen })),
);

export function isRules(value: unknown): value is Rules {
  if (typeof value !== 'object' || value === null) return false;
  const { rerolls, thirteen } = value as Record<string, unknown>;
  return (
    (REROLL_RULES as readonly unknown[]).includes(rerolls) && (THIRTEEN_RULES as readonly unknown[]).includes(thirteen)
  );
}
