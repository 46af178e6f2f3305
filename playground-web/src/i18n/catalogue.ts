import { en, type MessageId } from './en.js';

/** One language's words for every id; a catalogue missing an id does not type-check. */
export type Catalogue = Readonly<Record<MessageId, string>>;

export type { MessageId };

/** Discord locale (or its language) → catalogue. A new language is one file and one line here. */
const CATALOGUES: Readonly<Record<string, Catalogue>> = { en };

/** The catalogue for a Discord locale such as `en-US` or `ru`; English when there is none. */
export function catalogueFor(locale: string): Catalogue {
  return CATALOGUES[locale] ?? CATALOGUES[locale.split('-')[0] ?? ''] ?? en;
}

export type Vars = Readonly<Record<string, string | number>>;

/** The text for `id`, with each `{name}` replaced by `vars.name`. */
export function translate(catalogue: Catalogue, id: MessageId, vars: Vars = {}): string {
  return catalogue[id].replace(/\{(\w+)\}/g, (whole, name: string) =>
    vars[name] === undefined ? whole : String(vars[name]),
  );
}

/** A text to show later, in whatever language the page then speaks. */
export interface Phrase {
  readonly id: MessageId;
  readonly vars?: Vars;
}
