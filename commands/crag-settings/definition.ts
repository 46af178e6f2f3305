import { SlashCommandBuilder, type SlashCommandSubcommandBuilder } from '@discordjs/builders';
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
import { DEFAULT_LANGUAGE, type Languages } from '../../src/i18n/index.js';
import { buildCragCommand } from '../crag.js';
import { CommandText } from '../localize.js';
import { start as startSubcommand } from '../start.js';
import { CRAG_SETTINGS, type SettingsOptionSpec } from './options.js';

/**
 * Who may change the house rules by default. Discord hides the command from everyone else, and a
 * server's Integrations page can grant it to other roles or members: the handler trusts that.
 */
export const SETTINGS_PERMISSION = PermissionFlagsBits.ManageGuild;

/** Where games can be allowed: the channels a game or its thread can live under. */
const GAME_CHANNELS = [ChannelType.GuildText, ChannelType.GuildAnnouncement, ChannelType.GuildForum] as const;

/**
 * `/crag-settings …`: a server's house rules, a command of its own so that Discord's command
 * permissions (default Manage Server) apply to it alone. Built from `CRAG_SETTINGS`, the list the
 * handler reads its options through.
 */
export function buildCragSettingsCommand(languages: Languages): RESTPostAPIChatInputApplicationCommandsJSONBody {
  const text = new CommandText(languages);
  const command = text
    .name(new SlashCommandBuilder(), 'crag-settings', 'command.settings.name', 'command.settings.description')
    // A server's settings: servers only. Both installs, so that a person who installed Crag to
    // their account sees it too; where the bot is not in the server the handler refuses it
    // (docs/anywhere.md: command permissions are a server's settings for the apps installed to it).
    .setIntegrationTypes(ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall)
    .setContexts(InteractionContextType.Guild)
    .setDefaultMemberPermissions(SETTINGS_PERMISSION);
  for (const [name, subcommand] of Object.entries(CRAG_SETTINGS)) {
    command.addSubcommand((builder) => {
      text.named(builder, name, subcommand);
      // `defaults` gets /crag start's options whole (withStartOptions), choices and bounds alike.
      if (name === 'defaults') return builder;
      // Every other subcommand's options are full specs (the narrowing by name is lost in Object.entries).
      const options = subcommand.options as Readonly<Record<string, SettingsOptionSpec>>;
      for (const [optionName, spec] of Object.entries(options)) addOption(builder, text, languages, optionName, spec);
      return builder;
    });
  }
  return withStartOptions(command.toJSON(), languages);
}

/** One option of a subcommand, as its spec says: channels where games can live, bounded numbers, the languages. */
function addOption(
  subcommand: SlashCommandSubcommandBuilder,
  text: CommandText,
  languages: Languages,
  name: string,
  spec: SettingsOptionSpec,
): void {
  switch (spec.kind) {
    case 'channel':
      subcommand.addChannelOption((option) => text.named(option, name, spec).addChannelTypes(...GAME_CHANNELS));
      return;
    case 'role':
      subcommand.addRoleOption((option) => text.named(option, name, spec));
      return;
    case 'boolean':
      subcommand.addBooleanOption((option) => text.named(option, name, spec));
      return;
    case 'integer':
      subcommand.addIntegerOption((option) =>
        text.named(option, name, spec).setMinValue(spec.min).setMaxValue(spec.max),
      );
      return;
    case 'string':
      subcommand.addStringOption((option) =>
        text
          .named(option, name, spec)
          .setRequired(true)
          .addChoices(
            text.choice('command.settings.language.auto', 'auto'),
            ...languages.names.map((language) => languageChoice(languages, language)),
          ),
      );
      return;
  }
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
