import fs from 'node:fs';
import { ConfigError } from '../config.js';
import { type Emulator, startEmulator } from '../emulator/index.js';
import { exitWithConfigError } from '../env.js';
import { registerCommands } from '../register-commands.js';
import { bannerLines } from './banner.js';
import { BotSupervisor } from './bot-supervisor.js';
import { LiveChannel } from './live-channel.js';
import { MessageJournal } from './message-journal.js';
import { buildPlaygroundWorld, type PlaygroundWorld } from './playground-world.js';
import type { BotStatus } from './protocol.js';
import { BOT_ENTRY, playgroundPaths, readPlaygroundSettings, WEB_ROOT } from './settings.js';
import { loadStaticFiles } from './static-files.js';
import { PortBusyError, WebServer } from './web-server.js';
import { readWorldFile, writeWorldFile } from './world-file.js';

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/**
 * The playground: a local Discord (the emulator), the real bot from the production build as a
 * child process, and the page's server, all on 127.0.0.1. Stops cleanly on SIGINT/SIGTERM.
 */
export async function runPlayground(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let settings: ReturnType<typeof readPlaygroundSettings>;
  let world: ReturnType<typeof readWorldFile>;
  const paths = (dataDir: string) => playgroundPaths(dataDir);
  try {
    settings = readPlaygroundSettings(env);
    world = readWorldFile(paths(settings.dataDir).worldFile);
  } catch (error) {
    if (error instanceof ConfigError) exitWithConfigError(error.message);
    throw error;
  }
  const files = loadStaticFiles(WEB_ROOT);
  const discord = await startEmulator();
  let live: LiveChannel | null = null;
  const web = new WebServer({ files, emulatorPort: discord.port, live: () => live });
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
  const { dataDir } = settings;
  const files_ = paths(dataDir);
  for (const line of bannerLines(`http://127.0.0.1:${web.port}`, dataDir)) say(line);

  fs.mkdirSync(dataDir, { recursive: true });
  const built = buildPlaygroundWorld(discord, world);
  writeWorldFile(files_.worldFile, built.file);
  const owner = built.world.people[0];
  if (!owner) throw new Error('the playground has no people');
  const journal = new MessageJournal(discord, built.world.channel.id, owner.id, files_.messagesFile);
  const restored = journal.restore();
  if (restored.skipped > 0) say(`${restored.skipped} saved message(s) could not be restored and were dropped.`);
  journal.start();

  const { app, guild } = built.world;
  await registerCommands({ token: app.token, clientId: app.id, guildId: guild.id, apiUrl: discord.apiUrl });
  const channel = new LiveChannel(discord, built.world);
  live = channel;
  say(`Local Discord emulator: ${discord.apiUrl} (its bot token is in ${files_.worldFile}).`);

  const bot = new BotSupervisor({
    entry: BOT_ENTRY,
    cwd: process.cwd(),
    logFile: files_.botLog,
    // Everything else (LOG_LEVEL, COMPUTER_PAUSE_MS…) as the person set it; never their real token or database.
    env: {
      ...env,
      DISCORD_TOKEN: app.token,
      DISCORD_CLIENT_ID: app.id,
      DISCORD_GUILD_ID: guild.id,
      DISCORD_API_URL: discord.apiUrl,
      DATABASE_PATH: files_.database,
    },
  });
  trackBotStatus(discord, built.world, bot, channel);
  bot.start();

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`Stopping the playground (${signal})…`);
    shutDown(bot, journal, channel, web, discord)
      .then(() => {
        say('Stopped.');
        process.exit(0);
      })
      .catch((error: unknown) => {
        process.stderr.write(`crag-bot: the playground did not stop cleanly: ${String(error)}\n`);
        process.exit(1);
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** The bot first (it finishes what is in flight against the still running emulator), then the rest. */
async function shutDown(
  bot: BotSupervisor,
  journal: MessageJournal,
  channel: LiveChannel,
  web: WebServer,
  discord: Emulator,
): Promise<void> {
  await bot.stop();
  journal.stop();
  channel.close();
  await web.close();
  await discord.stop();
}

/** The page's banner: online when the bot's gateway session is ready; "reconnecting" once it was up or has died. */
function trackBotStatus(discord: Emulator, world: PlaygroundWorld, bot: BotSupervisor, channel: LiveChannel): void {
  let hadTrouble = false;
  const update = () => {
    const status: BotStatus = discord.isBotConnected(world.app.id)
      ? 'online'
      : hadTrouble
        ? 'reconnecting'
        : 'starting';
    channel.setBotStatus(status);
  };
  discord.on('botReady', () => {
    say('The bot is connected: the playground is ready.');
    update();
  });
  discord.on('botResumed', update);
  discord.on('botDisconnected', () => {
    hadTrouble = true;
    update();
  });
  bot.on('exit', (exit) => {
    hadTrouble = true;
    update();
    if (exit.restartInMs !== null) {
      const how = exit.signal ? `was killed (${exit.signal})` : `exited with code ${exit.code}`;
      say(`The bot ${how}; starting it again in ${(exit.restartInMs / 1000).toFixed(1)} s.`);
    }
  });
  bot.on('notice', (line) => say(`bot: ${line}`));
}
