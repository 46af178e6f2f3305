import { commandDefinitions } from '../../commands/index.js';
import { ConfigError } from '../config.js';
import { type Emulator, startEmulator } from '../emulator/index.js';
import { EXIT_CONFIG, EXIT_TEMPFAIL, exitWithConfigError } from '../env.js';
import { createLogger } from '../log.js';
import { freePort } from '../net/free-port.js';
import { registerCommands } from '../register-commands.js';
import { makePrivateFolder } from '../store/sqlite/private-files.js';
import { ActivityHost } from './activity-host.js';
import { bannerLines } from './banner.js';
import { BotSupervisor } from './bot-supervisor.js';
import { waitForLeftoverBot } from './leftover-bot.js';
import { LiveChannel } from './live-channel.js';
import { KEPT_MESSAGES, MessageJournal } from './message-journal.js';
import { databaseEnv, databaseLine } from './playground-database.js';
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
  // The channel keeps what the page and the journal keep: a flood of posts cannot grow memory for good.
  const discord = await startEmulator({ historyLimit: KEPT_MESSAGES });
  let live: LiveChannel | null = null;
  let activity: ActivityHost | null = null;
  const web = new WebServer({
    files: loadStaticFiles(WEB_ROOT),
    emulatorPort: discord.port,
    live: () => live,
    activity: () => activity,
    // The banner below says where the page is; the edge adds only what went wrong.
    log: createLogger('warn'),
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
  for (const line of bannerLines(`http://127.0.0.1:${web.port}`, databaseLine(settings.database, env))) say(line);

  // Its database holds daily_secret as the bot's does (docs/operating.md): owner-only.
  makePrivateFolder(settings.dataDir);
  const leftover = await waitForLeftoverBot(paths.botPidFile, BOT_ENTRY, (pid) =>
    say(`Waiting for the bot of an earlier playground (pid ${pid}) to stop…`),
  );
  if (leftover !== null) {
    await web.close();
    await discord.stop();
    exitWithConfigError(
      `the bot of another playground (pid ${leftover}) still uses ${settings.dataDir}: stop that playground (or kill ${leftover}) first, or set PLAYGROUND_DATA_DIR to another folder.`,
      EXIT_TEMPFAIL,
    );
  }
  const { world, file } = buildPlaygroundWorld(discord, saved);
  writeWorldFile(paths.worldFile, file);
  const journal = new MessageJournal(discord, world.channel.id, world.owner.id, paths.messagesFile);
  const { skipped } = journal.restore();
  if (skipped > 0) say(`${skipped} saved message(s) could not be restored and were dropped.`);
  journal.start();

  const { app, guild } = world;
  // Global commands, as `npm run deploy-commands` registers them for real Discord: a server's
  // commands show only there, and the group DM "friends" is reached through alice's own install.
  await registerCommands(
    { token: app.token, clientId: app.id, guildId: undefined, apiUrl: discord.apiUrl },
    commandDefinitions(),
  );
  const locales = new PlaygroundLocales(discord, world, file, (changed) => writeWorldFile(paths.worldFile, changed));
  const activityPort = await freePort();
  activity = new ActivityHost(discord, world, activityPort);
  const channel = new LiveChannel(discord, world, locales, activity.voice);
  live = channel;
  say(`Local Discord emulator: ${discord.apiUrl} (its bot token is in ${paths.worldFile}).`);

  const bot = new BotSupervisor({
    entry: BOT_ENTRY,
    cwd: process.cwd(),
    logFile: paths.botLog,
    pidFile: paths.botPidFile,
    // Everything else (LOG_LEVEL, COMPUTER_PAUSE_MS…) as the person set it; never their real token,
    // and only the database the playground chose (the bot refuses DATABASE_URL and DATABASE_PATH together).
    env: {
      ...withoutDatabase(env),
      ...databaseEnv(settings.database),
      DISCORD_TOKEN: app.token,
      DISCORD_CLIENT_ID: app.id,
      DISCORD_GUILD_ID: guild.id,
      DISCORD_API_URL: discord.apiUrl,
      // The Activity in the voice channel "Crag table", reached through the page's origin.
      ACTIVITY_PORT: String(activityPort),
      // The page frames the Activity from its own origin, as Discord's client does from discord.com.
      ACTIVITY_FRAME_ANCESTORS: `http://127.0.0.1:${web.port} http://localhost:${web.port}`,
      DISCORD_CLIENT_SECRET: discord.clientSecret(app.id),
    },
  });
  const stop = stopper(async () => {
    // The bot first: it finishes what is in flight against the still running emulator.
    await bot.stop();
    journal.stop();
    channel.close();
    await web.close();
    await discord.stop();
  });
  trackBotStatus(discord, world, bot, channel);
  bot.on('exit', (exit) => {
    if (exit.forGood === undefined) return;
    // As the sharded launcher stops its host: the bot said why above; running on without it would hide it.
    say(
      `${exit.forGood}: a restart cannot help, so the playground stops. Fix what the bot said above and start again.`,
    );
    stop('the bot cannot run', EXIT_CONFIG);
  });
  bot.start();
  process.on('SIGINT', (signal) => stop(signal, 0));
  process.on('SIGTERM', (signal) => stop(signal, 0));
}

function withoutDatabase(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATABASE_PATH: _path, ...rest } = env;
  return rest;
}

/** Stops everything once (a second signal meanwhile changes nothing), then exits with `exitCode`. */
function stopper(stopAll: () => Promise<void>): (why: string, exitCode: number) => void {
  let stopping = false;
  return (why, exitCode) => {
    if (stopping) return;
    stopping = true;
    say(`Stopping the playground (${why})…`);
    stopAll()
      .then(() => {
        say('Stopped.');
        process.exit(exitCode);
      })
      .catch((error: unknown) => {
        process.stderr.write(`crag-bot: the playground did not stop cleanly: ${String(error)}\n`);
        process.exit(1);
      });
  };
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
