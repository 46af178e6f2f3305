/**
 * The bot's languages: one catalogue per language in `locales/<language>.json`, message keys typed
 * from the English one, and translators that choose plural forms and format numbers with Intl.
 * Text is produced only at the edge; everything before carries keys and parameters. Only
 * load-catalogues.ts touches the file system: a browser can use the translator and languages alone.
 */
export type { MessageKey, PluralCategory } from './keys.js';
export { DEFAULT_LANGUAGE, Languages } from './languages.js';
export { loadCatalogues, loadLanguages } from './load-catalogues.js';
export { type MessageParams, message, type Translatable } from './message.js';
export { type Catalogue, Translator } from './translator.js';
