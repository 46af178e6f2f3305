import { ApplicationCommandType, REST, type RESTPostAPIApplicationCommandsJSONBody, Routes } from 'discord.js';
import { restOptions } from './config.js';

export interface RegistrationTarget {
  readonly token: string;
  readonly clientId: string;
  /** One server (instant); undefined registers globally. */
  readonly guildId: string | undefined;
  /** A REST base such as the emulator's; undefined means Discord itself. */
  readonly apiUrl: string | undefined;
}

export interface RegisteredCommandSummary {
  readonly name: string;
  readonly subcommands: readonly string[];
}

/**
 * Registers the bot's slash commands (replacing whatever was registered there before): the one
 * code path for `npm run deploy-commands` and the playground. `definitions` are the features'
 * (commandDefinitions in commands/index.ts).
 */
export async function registerCommands(
  target: RegistrationTarget,
  definitions: readonly RESTPostAPIApplicationCommandsJSONBody[],
): Promise<RegisteredCommandSummary[]> {
  const rest = new REST(restOptions(target.apiUrl) ?? {}).setToken(target.token);
  const route = target.guildId
    ? Routes.applicationGuildCommands(target.clientId, target.guildId)
    : Routes.applicationCommands(target.clientId);
  const entryPoint = target.guildId ? [] : await entryPointOf(rest, target.clientId);
  const registered = (await rest.put(route, { body: [...definitions, ...entryPoint] })) as {
    name: string;
    options?: { name: string; type: number }[];
  }[];
  return registered
    .filter((command) => !entryPoint.some((kept) => kept.name === command.name))
    .map((command) => ({
      name: command.name,
      subcommands: (command.options ?? []).filter((option) => option.type === 1).map((option) => option.name),
    }));
}

/** What Discord keeps of an Entry Point command, and so what a bulk overwrite must send back. */
interface EntryPointCommand {
  type: ApplicationCommandType.PrimaryEntryPoint;
  name: string;
  description: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  handler?: number;
  integration_types?: number[];
  contexts?: number[] | null;
}

/**
 * The app's Entry Point command (PRIMARY_ENTRY_POINT, made by Discord when Activities are enabled),
 * sent back as it is: Discord refuses a global bulk overwrite that would drop it (50240). Only
 * global commands can be Entry Points, so a guild registration leaves it alone.
 */
async function entryPointOf(rest: REST, clientId: string): Promise<EntryPointCommand[]> {
  const current = (await rest.get(Routes.applicationCommands(clientId))) as EntryPointCommand[];
  return current
    .filter((command) => command.type === ApplicationCommandType.PrimaryEntryPoint)
    .map((command) => ({
      type: command.type,
      name: command.name,
      description: command.description,
      name_localizations: command.name_localizations ?? null,
      description_localizations: command.description_localizations ?? null,
      ...(command.handler !== undefined ? { handler: command.handler } : {}),
      ...(command.integration_types ? { integration_types: command.integration_types } : {}),
      ...(command.contexts ? { contexts: command.contexts } : {}),
    }));
}
