/** Discord's locales (docs/reference.mdx, "Locales"): user and guild locales, localization keys. */
export const DISCORD_LOCALES: ReadonlySet<string> = new Set([
  'id',
  'da',
  'de',
  'en-GB',
  'en-US',
  'es-ES',
  'es-419',
  'fr',
  'hr',
  'it',
  'lt',
  'hu',
  'nl',
  'no',
  'pl',
  'pt-BR',
  'ro',
  'fi',
  'sv-SE',
  'vi',
  'tr',
  'cs',
  'el',
  'bg',
  'ru',
  'uk',
  'hi',
  'th',
  'zh-CN',
  'ja',
  'zh-TW',
  'ko',
]);

export function isDiscordLocale(value: unknown): value is string {
  return typeof value === 'string' && DISCORD_LOCALES.has(value);
}
