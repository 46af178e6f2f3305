import { type Catalogue, Translator } from './translator.js';

/** The reference language: its catalogue types the keys, and every other language falls back to it. */
export const DEFAULT_LANGUAGE = 'en';

/**
 * Every catalogue, and the translator for each. A locale ("en-GB", "pt-BR", "ru") is served by the
 * catalogue named exactly after it, else by the one of its language ("en", "pt"), else by English.
 */
export class Languages {
  private readonly translators = new Map<string, Translator>();

  constructor(catalogues: ReadonlyMap<string, Catalogue>) {
    const english = catalogues.get(DEFAULT_LANGUAGE);
    if (!english)
      throw new Error(`there is no catalogue for ${DEFAULT_LANGUAGE}, the language every other falls back to`);
    const fallback = new Translator(DEFAULT_LANGUAGE, english);
    this.translators.set(DEFAULT_LANGUAGE, fallback);
    for (const [language, catalogue] of catalogues) {
      if (language !== DEFAULT_LANGUAGE) this.translators.set(language, new Translator(language, catalogue, fallback));
    }
  }

  /** Every catalogue's language tag ("en", "ru"…), English first. */
  get names(): string[] {
    return [...this.translators.keys()];
  }

  get english(): Translator {
    return this.translator(DEFAULT_LANGUAGE);
  }

  /** The catalogue language that serves a locale; English for an unknown or missing one. */
  languageOf(locale: string | null | undefined): string {
    if (!locale) return DEFAULT_LANGUAGE;
    const wanted = locale.toLowerCase();
    const base = wanted.split('-')[0];
    const names = [...this.translators.keys()];
    return (
      names.find((name) => name.toLowerCase() === wanted) ??
      names.find((name) => name.toLowerCase() === base) ??
      DEFAULT_LANGUAGE
    );
  }

  translator(locale: string | null | undefined): Translator {
    const translator = this.translators.get(this.languageOf(locale));
    if (!translator) throw new Error(`no translator for ${String(locale)}`);
    return translator;
  }
}
