/**
 * Every key of the English catalogue, plural forms included ("count.games_one"). The English
 * catalogue is the reference: its keys type the code, so a key that is not in it fails to compile.
 */
export type CatalogueKey = keyof typeof import('../../locales/en.json', { with: { type: 'json' }});

/** The CLDR plural categories that Intl.PluralRules chooses between, used as key suffixes. */
export type PluralCategory = Intl.LDMLPluralRule;

type BaseKey<Key> = Key extends `${infer Base}_${PluralCategory}` ? Base : Key;

/** A message as code names it: a catalogue key, a plural one by its base ("count.games"). */
export type MessageKey = BaseKey<CatalogueKey>;

/**
 * How catalogue keys are spelled: dotted lowercase words, and `_<category>` only as a plural suffix,
 * so that a key's base and its plural forms are never confused.
 */
export const KEY_PATTERN = /^[a-z0-9]+(?:[.-][a-z0-9]+)*(?:_(?:zero|one|two|few|many|other))?$/;
