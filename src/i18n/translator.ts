import type { MessageKey } from './keys.js';
import type { MessageParam, MessageParams, Translatable } from './message.js';

/** One language's messages: catalogue key → text with `{placeholders}`. */
export type Catalogue = ReadonlyMap<string, string>;

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/**
 * Turns message keys into one language's text. Plural forms are chosen by Intl.PluralRules from the
 * `count` parameter (`key_one`, `key_few`, `key_many`, `key_other`); numbers are formatted by
 * Intl.NumberFormat, lists by Intl.ListFormat. A key the language lacks is taken from the fallback
 * (English); a parameter nobody passed stays visible as `{name}` rather than breaking the message.
 */
export class Translator {
  private readonly plurals: Intl.PluralRules;
  private readonly integers: Intl.NumberFormat;
  private readonly decimals: Intl.NumberFormat;
  private readonly lists: Intl.ListFormat;

  constructor(
    /** The catalogue's language tag ("en", "ru"). */
    readonly language: string,
    private readonly catalogue: Catalogue,
    private readonly fallback?: Translator,
  ) {
    this.plurals = new Intl.PluralRules(language);
    this.integers = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    this.decimals = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    this.lists = new Intl.ListFormat(language, { type: 'conjunction' });
  }

  /** The text of a message in this language. */
  t(key: MessageKey, params: MessageParams = {}): string {
    const template = this.template(key, params.count);
    if (template === undefined) return this.fallback ? this.fallback.t(key, params) : key;
    return template.replace(PLACEHOLDER, (whole, name: string) => {
      const value = params[name];
      return value === undefined ? whole : this.param(value);
    });
  }

  /** The text of a message carried as a value (a refusal, an error). */
  render(message: Translatable): string {
    return this.t(message.key, message.params);
  }

  /** A whole number as this language writes it ("1,155", «1 155»). */
  integer(value: number): string {
    return this.integers.format(value);
  }

  /** A number to one decimal ("149.9", «149,9»). */
  decimal(value: number): string {
    return this.decimals.format(value);
  }

  /** A difference to one decimal with its sign, a true minus for losses ("+2.3", "−1.8"). */
  signed(value: number): string {
    return `${value >= 0 ? '+' : '−'}${this.decimal(Math.abs(value))}`;
  }

  private template(key: string, count: MessageParam | undefined): string | undefined {
    const plain = this.catalogue.get(key);
    if (plain !== undefined) return plain;
    const category = typeof count === 'number' ? this.plurals.select(count) : 'other';
    return this.catalogue.get(`${key}_${category}`) ?? this.catalogue.get(`${key}_other`);
  }

  private param(value: MessageParam): string {
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return this.integer(value);
    if (isMessageList(value)) return this.lists.format(value.map((item) => this.render(item)));
    return this.render(value);
  }
}

function isMessageList(value: Translatable | readonly Translatable[]): value is readonly Translatable[] {
  return Array.isArray(value);
}
