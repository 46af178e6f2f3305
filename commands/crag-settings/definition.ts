import { type SharedNameAndDescription, SlashCommandBuilder } from '@discordjs/builders';
import {
  type APIApplicationCommandOptionChoice,
  ApplicationCommandOptionType,
  ApplicationIntegrationType,
  ChannelType,
  InteractionContextType,
  Locale,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import { DEFAULT_LANGUAGE, type Languages, type MessageKey } from '../../src/i18n/index.js';
import { buildCragCommand } from '../crag.js';
import { CommandText } from '../localize.js';
import { start as startSubcommand } from '../start.js';
import { MAX_TURN_TIMER_MINUTES } from '../turn-timer.js';
import type { CRAG_SETTINGS_OPTIONS, SettingsSubcommand } from './options.js';

/**
 * Who may change the house rules by default. Discord hides the command from everyone else, and a
 * server's Integrations page can grant it to other roles or members: the handler trusts that.
 */
export const SETTINGS_PERMISSION = PermissionFlagsBits.ManageGuild;

/** Where games can be allowed: the channels a game or its thread can live under. */
const GAME_CHANNELS = [ChannelType.GuildText, ChannelType.GuildAnnouncement, ChannelType.GuildForum] as const;

/** Names and describes the options of `subcommand`, each name checked against the handler's list. */
function optionsOf<Subcommand extends SettingsSubcommand>(text: CommandText, _subcommand: Subcommand) {
  return <Builder extends SharedNameAndDescription>(
    builder: Builder,
    name: keyof (typeof CRAG_SETTINGS_OPTIONS)[Subcommand] & string,
    nameKey: MessageKey,
    descriptionKey: MessageKey,
  ): Builder => text.name(builder, name, nameKey, descriptionKey);
}

/**
 * `/crag-settings …`: a server's house rules, a command of its own so that Discord's command
 * permissions (default Manage Server) apply to it alone.
 */
export function buildCragSettingsCommand(languages: Languages): RESTPostAPIChatInputApplicationCommandsJSONBody {
  const text = new CommandText(languages);
  const command = text
    .name(new SlashCommandBuilder(), 'crag-settings', 'command.settings.name', 'command.settings.description')
    .setIntegrationTypes(ApplicationIntegrationType.GuildInstall)
    .setContexts(InteractionContextType.Guild)
    .setDefaultMemberPermissions(SETTINGS_PERMISSION);
  command.addSubcommand((show) =>
    text.name(show, 'show', 'command.settings.show.name', 'command.settings.show.description'),
  );
  command.addSubcommand((defaults) =>
    text.name(defaults, 'defaults', 'command.settings.defaults.name', 'command.settings.defaults.description'),
  );
  command.addSubcommand((channels) =>
    text
      .name(channels, 'channels', 'command.settings.channels.name', 'command.settings.channels.description')
      .addChannelOption((add) =>
        optionsOf(text, 'channels')(
          add,
          'add',
          'command.settings.channels.add.name',
          'command.settings.channels.add.description',
        ).addChannelTypes(...GAME_CHANNELS),
      )
      .addChannelOption((remove) =>
        optionsOf(text, 'channels')(
          remove,
          'remove',
          'command.settings.channels.remove.name',
          'command.settings.channels.remove.description',
        ).addChannelTypes(...GAME_CHANNELS),
      )
      .addBooleanOption((clear) =>
        optionsOf(text, 'channels')(
          clear,
          'clear',
          'command.settings.clear.name',
          'command.settings.channels.clear.description',
        ),
      ),
  );
  command.addSubcommand((starter) =>
    text
      .name(starter, 'starter-role', 'command.settings.starter-role.name', 'command.settings.starter-role.description')
      .addRoleOption((role) =>
        optionsOf(text, 'starter-role')(
          role,
          'role',
          'command.settings.starter-role.role.name',
          'command.settings.starter-role.role.description',
        ),
      )
      .addBooleanOption((clear) =>
        optionsOf(text, 'starter-role')(
          clear,
          'clear',
          'command.settings.clear.name',
          'command.settings.starter-role.clear.description',
        ),
      ),
  );
  command.addSubcommand((language) =>
    text
      .name(language, 'language', 'command.settings.language.name', 'command.settings.language.description')
      .addStringOption((choice) =>
        optionsOf(text, 'language')(
          choice,
          'language',
          'command.settings.language.name',
          'command.settings.language.option.description',
        )
          .setRequired(true)
          .addChoices(
            text.choice('command.settings.language.auto', 'auto'),
            ...languages.names.map((name) => languageChoice(languages, name)),
          ),
      ),
  );
  command.addSubcommand((limits) =>
    text
      .name(limits, 'limits', 'command.settings.limits.name', 'command.settings.limits.description')
      .addBooleanOption((computers) =>
        optionsOf(text, 'limits')(
          computers,
          'computers-allowed',
          'command.settings.limits.computers-allowed.name',
          'command.settings.limits.computers-allowed.description',
        ),
      )
      .addBooleanOption((hints) =>
        optionsOf(text, 'limits')(
          hints,
          'hints-allowed',
          'command.settings.limits.hints-allowed.name',
          'command.settings.limits.hints-allowed.description',
        ),
      )
      .addIntegerOption((timer) =>
        optionsOf(text, 'limits')(
          timer,
          'max-turn-timer',
          'command.settings.limits.max-turn-timer.name',
          'command.settings.limits.max-turn-timer.description',
        )
          .setMinValue(1)
          .setMaxValue(MAX_TURN_TIMER_MINUTES),
      ),
  );
  command.addSubcommand((reset) =>
    text.name(reset, 'reset', 'command.settings.reset.name', 'command.settings.reset.description'),
  );
  return withStartOptions(command.toJSON(), languages);
}

/** A catalogue, named in its own language whoever reads the list (so the same name in every locale). */
function languageChoice(languages: Languages, language: string): APIApplicationCommandOptionChoice<string> {
  const name = languages.translator(language).t('language.name');
  const translated = Object.values(Locale).filter((locale) => languages.languageOf(locale) !== DEFAULT_LANGUAGE);
  return { name, name_localizations: Object.fromEntries(translated.map((locale) => [locale, name])), value: language };
}

/** `defaults` takes the /crag start options as /crag start defines them, names, choices and bounds alike. */
function withStartOptions(
  json: RESTPostAPIChatInputApplicationCommandsJSONBody,
  languages: Languages,
): RESTPostAPIChatInputApplicationCommandsJSONBody {
  const start = buildCragCommand(languages, [startSubcommand])
    .toJSON()
    .options?.find((sub) => sub.name === 'start' && sub.type === ApplicationCommandOptionType.Subcommand);
  const startOptions = start && 'options' in start ? (start.options ?? []) : [];
  return {
    ...json,
    options: json.options?.map((sub) =>
      sub.name === 'defaults' && sub.type === ApplicationCommandOptionType.Subcommand
        ? { ...sub, options: startOptions as typeof sub.options }
        : sub,
    ),
  };
}
