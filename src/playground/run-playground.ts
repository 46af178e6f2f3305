import fs from 'node:fs';
import { ConfigError } from '../config.js';
import { type Emulator, startEmulator } from '../emulator/index.js';
import { exitWithConfigError } from '../env.js';
import { registerCommands } from '../register-commands.js';
import { ActivityHost, freePort } from './activity-host.js';
import { bannerLines } from './banner.js';
import { BotSupervisor } from './bot-supervisor.js';
import { LiveChannel } from './live-channel.js';
import { MessageJournal } from './message-journal.js';
import { PlaygroundLocales } from './playground-locales.js';
import { buildPlaygroundWorld, type PlaygroundWorld } from './playground-world.js';
import type { BotStatus } from './protocol.js';
import { BOT_ENTRY, type PlaygroundSettings, playgroundPaths, readPlaygroundSettings, WEB_ROOT } from './settings.js';
import { loadStaticFiles } from './static-files.js';
import { PortBusyError, WebServer } from './web-server.js';
import { readWorldFile, type WorldFile, writeWorldFile } from './world-file.js';

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Settings and the saved world, or one clear line and exit 1. */
function readConfiguration(env: NodeJS.ProcessEnv): { settings: PlaygroundSettings; saved: WorldFile | null } {
  try {
    const settings = readPlaygroundSettings(env);
    return { settings, saved: readWorldFile(playgroundPaths(settings.dataDir).worldFile) };
  } catch (error) {
    if (error instanceof ConfigError) exitWithConfigError(error.message);
    throw error;
  }
}

/**
 * The playground: a local Discord (the emulator), the real bot from the production build as a
 * child process, and the page's server, all on 127.0.0.1. The page's port is taken first, so a busy
 * one is refused before anything is written; SIGINT/SIGTERM stop all three cleanly.
 */
export async function runPlayground(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const { settings, saved } = readConfiguration(env);
  const paths = playgroundPaths(settings.dataDir);
  const discord = await startEmulator();
  let live: LiveChannel | null = null;
  let activity: ActivityHost | null = null;
  const web = new WebServer({
    files: loadStaticFiles(WEB_ROOT),
    emulatorPort: discord.port,
    live: () => live,
    activity: () => activity,
  });
  try {
    await web.listen(settings.port);
  } catch (error) {
    await discord.stop();
    if (error instanceof PortBusyError) {
      exitWithConfigError(
        `port ${settings.port} is busy, so the playground cannot open its page: stop what uses it, or set PLAYGROUND_PORT to another port.`,
      );
    }
    throw error;
  }
  for (const line of bannerLines(`http://127.0.0.1:${web.port}`, settings.dataDir)) say(line);

  fs.mkdirSync(settings.dataDir, { recursive: true });
  const { world, file } = buildPlaygroundWorld(discord, saved);
  writeWorldFile(paths.worldFile, file);
  const journal = new MessageJournal(discord, world.channel.id, world.owner.id, paths.messagesFile);
  const { skipped } = journal.restore();
  if (skipped > 0) say(`${skipped} saved message(s) could not be restored and were dropped.`);
  journal.start();

  const { app, guild } = world;
  await registerCommands({ token: app.token, clientId: app.id, guildId: guild.id, apiUrl: discord.apiUrl });
  const locales = new PlaygroundLocales(discord, world, file, (changed) => writeWorldFile(paths.worldFile, changed));
  const channel = new LiveChannel(discord, world, locales);
  live = channel;
  const activityPort = await freePort();
  activity = new ActivityHost(discord, world, activityPort);
  say(`Local Discord emulator: ${discord.apiUrl} (its bot token is in ${paths.worldFile}).`);

  const bot = new BotSupervisor({
    entry: BOT_ENTRY,
    cwd: process.cwd(),
    logFile: paths.botLog,
    // Everything else (LOG_LEVEL, COMPUTER_PAUSE_MS…) as the person set it; never their real token or database.
    env: {
      ...env,
      DISCORD_TOKEN: app.token,
      DISCORD_CLIENT_ID: app.id,
      DISCORD_GUILD_ID: guild.id,
      DISCORD_API_URL: discord.apiUrl,
      DATABASE_PATH: paths.database,
      // The Activity in the voice channel "Crag table", reached through the page's origin.
      ACTIVITY_PORT: String(activityPort),
      DISCORD_CLIENT_SECRET: discord.clientSecret(app.id),
    },
  });
  trackBotStatus(discord, world, bot, channel);
  bot.start();
  stopOnSignals(async () => {
    // The bot first: it finishes what is in flight against the still running emulator.
    await bot.stop();
    journal.stop();
    channel.close();
    await web.close();
    await discord.stop();
  });
}

function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`Stopping the playground (${signal})…`);
    stop()
      .then(() => {
        say('Stopped.');
        process.exit(0);
      })
      .catch((error: unknown) => {
        process.stderr.write(`crag-bot: the playground did not stop cleanly: ${String(error)}\n`);
        process.exit(1);
      });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** The page's banner: online while the bot's gateway session is ready; "reconnecting" once it has been down. */
function trackBotStatus(discord: Emulator, world: PlaygroundWorld, bot: BotSupervisor, channel: LiveChannel): void {
  let wasDown = false;
  const update = () => {
    const status: BotStatus = discord.isBotConnected(world.app.id) ? 'online' : wasDown ? 'reconnecting' : 'starting';
    channel.setBotStatus(status);
  };
  discord.on('botReady', () => {
    say('The bot is connected: the playground is ready.');
    update();
  });
  discord.on('botResumed', update);
  discord.on('botDisconnected', () => {
    wasDown = true;
    update();
  });
  bot.on('exit', (exit) => {
    wasDown = true;
    update();
    if (exit.restartInMs !== null) {
      const how = exit.signal ? `was killed (${exit.signal})` : `exited with code ${exit.code}`;
      say(`The bot ${how}; starting it again in ${(exit.restartInMs / 1000).toFixed(1)} s.`);
    }
  });
  bot.on('notice', (line) => say(`bot: ${line}`));
}
