/**
 * The bot's languages: one catalogue per language in `locales/<language>.json`, message keys typed
 * from the English one, and translators that choose plural forms and format numbers with Intl.
 * Text is produced only here, at the edge; everything before carries keys and parameters.
 */
export {
  type CatalogueKey,
  KEY_PATTERN,
  type MessageKey,
  PLURAL_CATEGORIES,
  type PluralCategory,
  splitPluralKey,
} from './keys.js';
export { DEFAULT_LANGUAGE, Languages } from './languages.js';
export { CatalogueError, defaultLocalesDir, loadCatalogues, loadLanguages } from './load-catalogues.js';
export { type Message, type MessageParam, type MessageParams, message } from './message.js';
export { type Catalogue, Translator } from './translator.js';
