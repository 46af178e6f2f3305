const formats = new Map<string, Intl.NumberFormat>();

/** Whole numbers in the reader's locale (its digits, its signs); an unknown locale falls back to English. */
export function formatInteger(locale: string, value: number): string {
  let format = formats.get(locale);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    } catch {
      format = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
    }
    formats.set(locale, format);
  }
  return format.format(value);
}
