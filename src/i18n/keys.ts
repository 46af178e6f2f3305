/**
 * Every key of the English catalogue, plural forms included ("count.points_one"). The English
 * catalogue is the reference: its keys type the code, so a key that is not in it fails to compile.
 */
export type CatalogueKey = keyof typeof import('../../locales/en.json', { with: { type: 'json' }});

/** The CLDR plural categories that Intl.PluralRules chooses between, used as key suffixes. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

type BaseKey<Key> = Key extends `${infer Base}_${PluralCategory}` ? Base : Key;

/** A message as code names it: a catalogue key, a plural one by its base ("count.points"). */
export type MessageKey = BaseKey<CatalogueKey>;

/**
 * How catalogue keys are spelled: dotted lowercase words, and `_<category>` only as a plural suffix,
 * so that a key's base and its plural form are never confused.
 */
export const KEY_PATTERN = /^[a-z0-9]+(?:[.-][a-z0-9]+)*(?:_(?:zero|one|two|few|many|other))?$/;

/** Splits a catalogue key into its base and plural category (undefined for a plain key). */
export function splitPluralKey(key: string): { base: string; category: PluralCategory | undefined } {
  const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  if (!match) return { base: key, category: undefined };
  return { base: match[1] ?? key, category: match[2] as PluralCategory };
}
