import type { Client } from 'discord.js';
import type { Languages, Translator } from '../i18n/index.js';

/** What every interaction says about its languages: the person's locale and, in a server, the server's. */
export interface Locales {
  readonly locale: string;
  readonly guildLocale: string | null;
}

/** A person's private answers (refusals, sheets, hints, rules, the analysis) speak their own language. */
export function personal(languages: Languages, interaction: Locales): Translator {
  return languages.translator(interaction.locale);
}

/** What the whole channel sees (boards, announcements, leaderboards) speaks the server's language. */
export function channelWide(languages: Languages, interaction: Locales): Translator {
  return languages.translator(interaction.guildLocale);
}

/**
 * The server's language for a board redrawn with no interaction at hand (timers, computer moves):
 * the guild's preferred locale, which the Guilds intent keeps in the cache; English if unknown.
 */
export function guildWide(languages: Languages, client: Client, guildId: string): Translator {
  return languages.translator(client.guilds.cache.get(guildId)?.preferredLocale);
}
