import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { WorldDatabase } from '../../../harness/bot-database.js';
import {
  type ApplicationHandle,
  type ChannelHandle,
  type Emulator,
  type EmulatorOptions,
  type GuildHandle,
  startEmulator,
  type UserHandle,
} from '../../../src/emulator/index.js';
import { BotProcess, runDeploy } from './bot-process.js';

export interface WorldOptions {
  /** How many people are in the server (named alice, bob, carol, dave, erin, frank, …). */
  readonly people?: number;
  /** Extra channels besides #crag. */
  readonly channels?: readonly string[];
  /** Extra environment for the bot (e.g. a short COMPUTER_PAUSE_MS). */
  readonly env?: Readonly<Record<string, string>>;
  /** The server's preferred locale (Discord's default: en-US). */
  readonly guildLocale?: string;
  /** Each person's Discord locale, in the order of the people (en-US for anyone not listed). */
  readonly locales?: readonly string[];
  /** Each person's display name (Discord's global name), in the order of the people; none: their username. */
  readonly displayNames?: readonly string[];
  /** A PostgreSQL database for the bot (DATABASE_URL) instead of a fresh SQLite file. */
  readonly databaseUrl?: string;
  /** Discord's REST limits in the emulator (off by default; see src/emulator/README.md). */
  readonly rateLimits?: EmulatorOptions['rateLimits'];
  /** Activities enabled: a voice channel "table", and the bot serving the Activity (ACTIVITY_PORT). */
  readonly activities?: boolean;
  /**
   * With `activities`: whether the Developer Portal has them enabled (the app's EMBEDDED flag);
   * false is a bot set up to serve the Activity for an application whose Activities are off.
   */
  readonly activitiesEnabled?: boolean;
  /** Another entry than the production build's (a fixture run from its sources by tsx). */
  readonly botEntry?: { readonly entry: string; readonly nodeArgs: readonly string[] };
}

const NAMES = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'mallory', 'niaj'];

/**
 * A local Discord with one server, its people and channels, the bot's commands deployed by the
 * deploy script, and the bot running from the production build against a fresh SQLite file (or the
 * PostgreSQL database it is given).
 */
export class TestWorld {
  bot!: BotProcess;
  readonly botHistory: BotProcess[] = [];

  private constructor(
    readonly discord: Emulator,
    readonly app: ApplicationHandle,
    readonly guild: GuildHandle,
    readonly channels: Readonly<Record<string, ChannelHandle>>,
    readonly people: readonly UserHandle[],
    private readonly names: ReadonlyMap<string, string>,
    readonly dir: string,
    readonly env: Readonly<Record<string, string>>,
    private readonly botEntry?: WorldOptions['botEntry'],
  ) {}

  static async create(options: WorldOptions = {}): Promise<TestWorld> {
    const discord = await startEmulator({ rateLimits: options.rateLimits ?? false });
    const app = discord.createApplication({
      name: 'Crag',
      activities: (options.activities ?? false) && (options.activitiesEnabled ?? true),
    });
    const people = NAMES.slice(0, options.people ?? 5).map((username, i) => {
      const globalName = options.displayNames?.[i];
      return discord.createUser({
        username,
        locale: options.locales?.[i] ?? 'en-US',
        ...(globalName ? { globalName } : {}),
      });
    });
    const names = new Map(people.map((person, i) => [person.id, options.displayNames?.[i] ?? person.username]));
    const owner = people[0];
    if (!owner) throw new Error('a world needs at least one person');
    const guild = discord.createGuild({
      name: 'Evening dice',
      ownerId: owner.id,
      members: people.map((person) => person.id),
      bots: [app.id],
      locale: options.guildLocale ?? 'en-US',
    });
    const channels: Record<string, ChannelHandle> = {};
    for (const name of ['crag', ...(options.channels ?? [])])
      channels[name] = discord.createChannel(guild.id, { name });
    if (options.activities) channels.table = discord.createChannel(guild.id, { name: 'Crag table', type: 2 });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-e2e-'));
    const env = {
      DISCORD_TOKEN: app.token,
      DISCORD_CLIENT_ID: app.id,
      DISCORD_GUILD_ID: guild.id,
      DISCORD_API_URL: discord.apiUrl,
      ...(options.databaseUrl
        ? { DATABASE_URL: options.databaseUrl }
        : { DATABASE_PATH: path.join(dir, 'data', 'crag.sqlite') }),
      LOG_LEVEL: 'info',
      COMPUTER_PAUSE_MS: '20',
      // People in these tests start games faster than anyone would; the cooldowns have a test of their own.
      COOLDOWN_MS: '0',
      ...(options.activities ? { ACTIVITY_PORT: '0', DISCORD_CLIENT_SECRET: discord.clientSecret(app.id) } : {}),
      ...options.env,
    };
    const world = new TestWorld(discord, app, guild, channels, people, names, dir, env, options.botEntry);
    const deployed = await runDeploy(env, dir);
    if (deployed.code !== 0) throw new Error(`deploy-commands failed: ${deployed.stderr}`);
    await world.startBot();
    return world;
  }

  /** The SQLite file (empty when the bot runs on PostgreSQL). */
  get dbPath(): string {
    return this.env.DATABASE_PATH ?? '';
  }

  /** Where the bot keeps its games, for the checks that read the database directly. */
  get database(): WorldDatabase {
    const url = this.env.DATABASE_URL;
    return url ? { kind: 'postgres', url } : { kind: 'sqlite', path: this.dbPath };
  }

  channel(name = 'crag'): ChannelHandle {
    const channel = this.channels[name];
    if (!channel) throw new Error(`no channel #${name}`);
    return channel;
  }

  /** How the boards name a person: their display name, else their username (alice, bob, …). */
  nameOf(userId: string): string {
    const name = this.names.get(userId);
    if (name === undefined) throw new Error(`nobody has the id ${userId}`);
    return name;
  }

  person(index: number): UserHandle {
    const person = this.people[index];
    if (!person) throw new Error(`no person ${index}`);
    return person;
  }

  /** Starts (or restarts) the bot process and waits until it is connected and ready. */
  async startBot(extraEnv: Readonly<Record<string, string>> = {}): Promise<BotProcess> {
    const bot = new BotProcess({ ...this.env, ...extraEnv }, this.dir, this.botEntry?.entry, this.botEntry?.nodeArgs);
    this.bot = bot;
    this.botHistory.push(bot);
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (bot.logs.some((line) => line.message === 'ready')) {
          clearInterval(timer);
          resolve();
        } else if (!bot.running) {
          clearInterval(timer);
          reject(new Error(`the bot exited before it was ready:\n${bot.stderr.join('\n')}`));
        }
      }, 10);
    });
    await ready;
    return bot;
  }

  async stop(): Promise<void> {
    for (const bot of this.botHistory) await bot.kill('SIGKILL');
    await this.discord.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
