import { REST, Routes } from 'discord.js';
import { commandDefinitions } from '../commands/index.js';
import { ConfigError, readApiUrl, readToken, restOptions } from './config.js';
import { exitWithConfigError, loadDotEnv } from './env.js';

/**
 * Registers the slash commands: to one server when DISCORD_GUILD_ID is set (instant, for
 * testing), globally otherwise (Discord may take up to an hour to show them everywhere).
 */
async function deploy(): Promise<void> {
  loadDotEnv();
  let token: string;
  let apiUrl: string | undefined;
  try {
    token = readToken(process.env);
    apiUrl = readApiUrl(process.env);
  } catch (error) {
    if (error instanceof ConfigError) exitWithConfigError(error.message);
    throw error;
  }
  const clientId = process.env.DISCORD_CLIENT_ID?.trim();
  if (!clientId || !/^\d{17,20}$/.test(clientId)) {
    exitWithConfigError(
      'DISCORD_CLIENT_ID must be your application id (Developer Portal → General Information) in .env.',
    );
  }
  const guildId = process.env.DISCORD_GUILD_ID?.trim() || undefined;
  if (guildId !== undefined && !/^\d{17,20}$/.test(guildId)) {
    exitWithConfigError('DISCORD_GUILD_ID must be a server id (17-20 digits), or empty for a global deploy.');
  }
  const rest = new REST(restOptions(apiUrl) ?? {}).setToken(token);
  const body = commandDefinitions();
  const route = guildId ? Routes.applicationGuildCommands(clientId, guildId) : Routes.applicationCommands(clientId);
  const registered = (await rest.put(route, { body })) as {
    name: string;
    options?: { name: string; type: number }[];
  }[];
  const where = guildId ? `server ${guildId}` : 'every server (global; may take up to an hour to appear)';
  for (const command of registered) {
    const subcommands = (command.options ?? []).filter((option) => option.type === 1).map((option) => option.name);
    process.stdout.write(`registered /${command.name} ${subcommands.join(', ')} for ${where}\n`);
  }
}

deploy().catch((error: unknown) => {
  process.stderr.write(`deploy-commands: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
