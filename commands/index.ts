import type { RESTPostAPIApplicationCommandsJSONBody } from 'discord-api-types/v10';
import type { Feature } from '../src/bot/feature.js';
import { type Languages, loadLanguages } from '../src/i18n/index.js';
import { cragFeature } from './crag-feature.js';
import { cragSettingsFeature } from './crag-settings/feature.js';
import type { OptionKind } from './define.js';
import { gameFeature } from './game/feature.js';
import { SUBCOMMANDS } from './subcommands.js';
import { tournamentFeature } from './tournament/feature.js';

/** Every feature the bot runs: the entry points build the registry from these (src/bot/registry.ts). */
export const FEATURES: readonly Feature[] = [cragFeature, cragSettingsFeature, gameFeature, tournamentFeature];

/** Every application command, as the JSON that the deploy script registers, in every catalogue's language. */
export function commandDefinitions(
  languages: Languages = loadLanguages(),
  features: readonly Feature[] = FEATURES,
): RESTPostAPIApplicationCommandsJSONBody[] {
  return features.flatMap((feature) => feature.commands.map((command) => command.definition(languages)));
}

/**
 * The kind of each option of each subcommand that takes options, as the handlers read them: what
 * the definitions test holds the built JSON to.
 */
export const CRAG_OPTIONS: Readonly<Record<string, Readonly<Record<string, OptionKind>>>> = Object.fromEntries(
  SUBCOMMANDS.filter((subcommand) => !subcommand.group && Object.keys(subcommand.options).length > 0).map(
    (subcommand) => [
      subcommand.name,
      Object.fromEntries(Object.entries(subcommand.options).map(([name, spec]) => [name, spec.kind])),
    ],
  ),
);
