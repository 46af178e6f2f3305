/// <reference types="vite/client" />

import type { MessageKey } from '../../../src/i18n/keys.js';
import { Languages } from '../../../src/i18n/languages.js';
import type { MessageParams } from '../../../src/i18n/message.js';
import type { Catalogue, Translator } from '../../../src/i18n/translator.js';

/**
 * The page's own words come from the bot's catalogues (`locales/<language>.json`, keys
 * `playground.…`), bundled by Vite: the page speaks every language the bot speaks, through the same
 * translator, and a new language's one file adds it here too.
 */
const FILES = import.meta.glob<Record<string, string>>('../../../locales/*.json', { eager: true, import: 'default' });

export const pageLanguages = new Languages(
  new Map(
    Object.entries(FILES).map(([file, texts]): [string, Catalogue] => [
      file.slice(file.lastIndexOf('/') + 1, -'.json'.length),
      new Map(Object.entries(texts)),
    ]),
  ),
);

/** The page's words for a Discord locale (English when no catalogue serves it). */
export function pageTranslator(locale: string): Translator {
  return pageLanguages.translator(locale);
}

/** A text to show later, in whatever language the page then speaks. */
export interface Phrase {
  readonly id: MessageKey;
  readonly vars?: MessageParams;
}
