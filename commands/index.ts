import type { RESTPostAPIApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { type Languages, loadLanguages } from '../src/i18n/index.js';
import { buildCragCommand } from './crag.js';
import { buildCragSettingsCommand } from './crag-settings/definition.js';
import type { OptionKind } from './define.js';
import { SUBCOMMANDS } from './subcommands.js';

export { answersOf, handleCommand } from './handle-command.js';

/** Every application command, as the JSON that the deploy script registers, in every catalogue's language. */
export function commandDefinitions(languages: Languages = loadLanguages()): RESTPostAPIApplicationCommandsJSONBody[] {
  return [buildCragCommand(languages, SUBCOMMANDS).toJSON(), buildCragSettingsCommand(languages)];
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
