import type { SharedNameAndDescription } from '@discordjs/builders';
import { type APIApplicationCommandOptionChoice, Locale, type LocalizationMap } from 'discord-api-types/v10';
import { DEFAULT_LANGUAGE, type Languages, type MessageKey, type MessageParams } from '../src/i18n/index.js';
import type { TextKeys } from './define.js';

/**
 * Names and descriptions of the slash commands, from the catalogues: English is the default text, and
 * every Discord locale that another catalogue serves gets that catalogue's text, so a new
 * language's file localizes the commands too.
 */
export class CommandText {
  constructor(private readonly languages: Languages) {}

  /**
   * Names a command or option. The handlers read options by their canonical (English) name, so the
   * name is written here; the English catalogue must spell it the same, or the definitions fail to build.
   */
  name<Builder extends SharedNameAndDescription>(
    builder: Builder,
    canonical: string,
    nameKey: MessageKey,
    descriptionKey: MessageKey,
    params?: MessageParams,
  ): Builder {
    const english = this.languages.english.t(nameKey);
    if (english !== canonical) {
      throw new Error(`the English catalogue names ${nameKey} "${english}", but the handlers read "${canonical}"`);
    }
    return builder
      .setName(canonical)
      .setNameLocalizations(this.localizations(nameKey))
      .setDescription(this.languages.english.t(descriptionKey, params))
      .setDescriptionLocalizations(this.localizations(descriptionKey, params));
  }

  /** Names a subcommand or option by its definition's keys. */
  named<Builder extends SharedNameAndDescription>(
    builder: Builder,
    canonical: string,
    text: TextKeys & { readonly params?: MessageParams },
  ): Builder {
    return this.name(builder, canonical, text.nameKey, text.descriptionKey, text.params);
  }

  /** A choice: its value is what the handlers read, its name what people see. */
  choice<Value extends string | number>(key: MessageKey, value: Value): APIApplicationCommandOptionChoice<Value> {
    return { name: this.languages.english.t(key), name_localizations: this.localizations(key), value };
  }

  /** The key's text for each Discord locale served by a catalogue other than English. */
  private localizations(key: MessageKey, params?: MessageParams): LocalizationMap {
    const map: LocalizationMap = {};
    for (const locale of Object.values(Locale)) {
      if (this.languages.languageOf(locale) !== DEFAULT_LANGUAGE)
        map[locale] = this.languages.translator(locale).t(key, params);
    }
    return map;
  }
}
