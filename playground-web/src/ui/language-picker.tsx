import { Locale } from 'discord-api-types/v10';
import { pageLanguages } from '../lib/page-words.js';
import { useRender } from './render-context.js';

/** The Discord locale a catalogue stands for: its own name if Discord has it ("ru"), else its first regional one ("en" → "en-US"). */
function discordLocaleOf(language: string): string {
  const locales = Object.values(Locale) as string[];
  return (
    locales.find((locale) => locale === language) ??
    locales.find((locale) => locale.startsWith(`${language}-`)) ??
    language
  );
}

/** Every language the catalogues speak, each named in itself ("English", «Русский»). */
const CHOICES = pageLanguages.names.map((language) => ({
  language,
  locale: discordLocaleOf(language),
  name: pageLanguages.translator(language).t('language.name'),
}));

interface LanguagePickerProps {
  readonly guildLocale: string;
}

/**
 * Your language (the page's words, the command names you see, the bot's private answers to you) and
 * the server's (the bot's boards), as Discord's client settings and a server's settings would set them.
 */
export function LanguagePicker({ guildLocale }: LanguagePickerProps) {
  const { t, you, send } = useRender();
  const picker = (scope: 'me' | 'server', current: string, label: string) => (
    <label class={`language-picker ${scope}`}>
      <span class="language-label">{label}</span>
      <select
        value={discordLocaleOf(pageLanguages.languageOf(current))}
        onChange={(event) => send({ type: 'set-locale', scope, locale: event.currentTarget.value })}
      >
        {CHOICES.map((choice) => (
          <option key={choice.language} value={choice.locale} lang={choice.language}>
            {choice.name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div class="language-pickers">
      {picker('me', you.locale, t('playground.language.yours'))}
      {picker('server', guildLocale, t('playground.language.server'))}
    </div>
  );
}
