import type { MessageKey } from './keys.js';
import type { MessageParam, MessageParams, Translatable } from './message.js';

/** One language's messages: catalogue key → text with `{placeholders}`. */
export type Catalogue = ReadonlyMap<string, string>;

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/**
 * A template cut once into its text and the names of its placeholders, alternating: text at even
 * places, names at odd ones. Every board redraw fills dozens of templates, and cutting each again
 * with the regular expression was a fifth of a board's render time.
 */
type CutTemplate = readonly string[];

function cut(template: string): CutTemplate {
  const parts: string[] = [];
  let from = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    parts.push(template.slice(from, match.index), match[1] ?? '');
    from = match.index + match[0].length;
  }
  parts.push(template.slice(from));
  return parts;
}

/**
 * Whole numbers below this are formatted once per translator and remembered: points, totals, ranks
 * and counts are almost all small, and Intl.NumberFormat's format() was another fifth of a board's
 * render time. Larger or fractional numbers are formatted each time.
 */
const REMEMBERED_INTEGERS = 10_000;

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
  private readonly cutTemplates = new Map<string, CutTemplate>();
  /** Formatted whole numbers and plural categories below REMEMBERED_INTEGERS, filled as they are asked for. */
  private readonly formattedIntegers: string[] = [];
  private readonly pluralCategories: Intl.LDMLPluralRule[] = [];
  private readonly formatInteger = (value: number) => this.integers.format(value);
  private readonly selectPlural = (count: number) => this.plurals.select(count);

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
    let parts = this.cutTemplates.get(template);
    if (parts === undefined) {
      parts = cut(template);
      this.cutTemplates.set(template, parts);
    }
    let text = parts[0] ?? '';
    for (let at = 1; at < parts.length; at += 2) {
      const name = parts[at] ?? '';
      const value = params[name];
      text += (value === undefined ? `{${name}}` : this.param(value)) + (parts[at + 1] ?? '');
    }
    return text;
  }

  /** The text of a message carried as a value (a refusal, an error). */
  render(message: Translatable): string {
    return this.t(message.key, message.params);
  }

  /** A whole number as this language writes it ("1,155", «1 155»). */
  integer(value: number): string {
    return remembered(this.formattedIntegers, value, this.formatInteger);
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
    const category = typeof count === 'number' ? remembered(this.pluralCategories, count, this.selectPlural) : 'other';
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

/** What `compute` gives for a remembered whole number, worked out the first time it is asked for. */
function remembered<T>(known: T[], value: number, compute: (value: number) => T): T {
  const small = Number.isInteger(value) && value >= 0 && value < REMEMBERED_INTEGERS && !Object.is(value, -0);
  if (!small) return compute(value);
  let result = known[value];
  if (result === undefined) {
    result = compute(value);
    known[value] = result;
  }
  return result;
}
