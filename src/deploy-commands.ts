import { commandDefinitions } from '../commands/index.js';
import { ConfigError, readApiUrl, readToken } from './config.js';
import { exitWithConfigError, loadDotEnv } from './env.js';
import { registerCommands } from './register-commands.js';

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
  const registered = await registerCommands({ token, clientId, guildId, apiUrl }, commandDefinitions());
  const where = guildId ? `server ${guildId}` : 'every server (global; may take up to an hour to appear)';
  for (const command of registered) {
    process.stdout.write(`registered /${command.name} ${command.subcommands.join(', ')} for ${where}\n`);
  }
}

deploy().catch((error: unknown) => {
  process.stderr.write(`deploy-commands: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
