import { REST, Routes } from 'discord.js';
import { commandDefinitions } from '../commands/index.js';
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
 * code path for `npm run deploy-commands` and the playground.
 */
export async function registerCommands(target: RegistrationTarget): Promise<RegisteredCommandSummary[]> {
  const rest = new REST(restOptions(target.apiUrl) ?? {}).setToken(target.token);
  const route = target.guildId
    ? Routes.applicationGuildCommands(target.clientId, target.guildId)
    : Routes.applicationCommands(target.clientId);
  const registered = (await rest.put(route, { body: commandDefinitions() })) as {
    name: string;
    options?: { name: string; type: number }[];
  }[];
  return registered.map((command) => ({
    name: command.name,
    subcommands: (command.options ?? []).filter((option) => option.type === 1).map((option) => option.name),
  }));
}
