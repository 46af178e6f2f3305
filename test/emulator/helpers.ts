import { once } from 'node:events';
import { Client, Events, GatewayIntentBits, type Interaction, Routes, TextChannel } from 'discord.js';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { WebSocket } from 'ws';
import {
  type ApplicationHandle,
  type ChannelHandle,
  type Emulator,
  type GuildHandle,
  type Problem,
  startEmulator,
  type UserHandle,
} from '../../src/emulator/index.js';

export interface Scene {
  discord: Emulator;
  app: ApplicationHandle;
  alice: UserHandle;
  bob: UserHandle;
  guild: GuildHandle;
  channel: ChannelHandle;
}

/** An emulator with one app, two users (alice owns the guild) and one text channel. */
export async function startScene(): Promise<Scene> {
  const discord = await startEmulator();
  const app = discord.createApplication({ name: 'Crag' });
  const alice = discord.createUser({ username: 'alice' });
  const bob = discord.createUser({ username: 'bob' });
  const guild = discord.createGuild({ name: 'Evening', ownerId: alice.id, members: [bob.id], bots: [app.id] });
  const channel = discord.createChannel(guild.id, { name: 'crag' });
  return { discord, app, alice, bob, guild, channel };
}

/** A real discord.js client logged in to the emulator, resolved once `clientReady` fired. */
export async function connectClient(discord: Emulator, token: string): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.apiUrl } });
  const ready = once(client, Events.ClientReady);
  await client.login(token);
  await ready;
  return client;
}

/**
 * Routes the client's interactions to the handler a test installs, and keeps the errors its
 * handlers throw, so a test can assert there were none (or the one it expected).
 */
export class InteractionHandlers {
  readonly errors: unknown[] = [];
  #handler: ((interaction: Interaction) => Promise<void>) | null = null;

  constructor(client: Client) {
    client.on(Events.InteractionCreate, (interaction) => {
      const handler = this.#handler;
      if (!handler) return;
      handler(interaction).catch((error: unknown) => this.errors.push(error));
    });
  }

  set(handler: (interaction: Interaction) => Promise<void>): void {
    this.#handler = handler;
  }
}

/**
 * For afterEach: expects the emulator recorded no problem and (if given) no handler threw since the
 * last call. Taken, not just read, so one failing test does not fail the next ones too.
 */
export function expectNothingWentWrong(scene: Scene, handlers?: InteractionHandlers): void {
  const errors = handlers?.errors.splice(0) ?? [];
  const problems = [...scene.discord.problems];
  scene.discord.clearProblems();
  expect(errors).toEqual([]);
  expect(problems).toEqual([]);
}

export interface ConnectedScene {
  readonly scene: Scene;
  readonly client: Client;
  readonly handlers: InteractionHandlers;
}

/** What a suite sets up besides the scene: its guild commands, and anything to do before the client connects. */
export interface SceneSetup {
  /** Registered as the app's guild commands in the scene's guild before the file's own hooks run. */
  readonly guildCommands?: readonly { toJSON(): unknown }[];
  /** Runs on the fresh scene before the client connects (so the client's cache sees it). */
  readonly prepare?: (scene: Scene) => void;
}

/** The helpers most suites use, on the file's scene and client. */
export interface SceneTools {
  /** Takes the problems a test provoked on purpose, leaving none behind for afterEach. */
  takeProblems(): Problem[];
  /** The scene's text channel, as the client has cached it. */
  textChannel(): TextChannel;
  /** A new text channel the client has cached, so tests do not disturb each other. */
  freshChannel(name: string): Promise<TextChannel>;
}

/**
 * The set-up most suites share: a scene started and a client connected once for the file, both
 * stopped after it, and after every test the check that nothing went wrong. `ready` receives them
 * before the file's own `beforeAll` hooks run; the tools returned work once it has.
 */
export function useConnectedScene(ready: (connected: ConnectedScene) => void, setup: SceneSetup = {}): SceneTools {
  let connected: ConnectedScene | undefined;
  beforeAll(async () => {
    const scene = await startScene();
    setup.prepare?.(scene);
    const client = await connectClient(scene.discord, scene.app.token);
    connected = { scene, client, handlers: new InteractionHandlers(client) };
    if (setup.guildCommands) {
      await client.rest.put(Routes.applicationGuildCommands(scene.app.id, scene.guild.id), {
        body: setup.guildCommands.map((command) => command.toJSON()),
      });
    }
    ready(connected);
  });
  afterAll(async () => {
    await connected?.client.destroy();
    await connected?.scene.discord.stop();
  });
  afterEach(() => {
    if (connected) expectNothingWentWrong(connected.scene, connected.handlers);
  });
  const current = (): ConnectedScene => {
    if (!connected) throw new Error('the scene is not connected yet (use the tools in tests and hooks)');
    return connected;
  };
  return {
    takeProblems: () => {
      const { discord } = current().scene;
      const taken = [...discord.problems];
      discord.clearProblems();
      return taken;
    },
    textChannel: () => {
      const { scene, client } = current();
      return asTextChannel(client.channels.cache.get(scene.channel.id));
    },
    freshChannel: async (name) => {
      const { scene, client } = current();
      const created = scene.discord.createChannel(scene.guild.id, { name });
      return asTextChannel(await scene.discord.waitFor(() => client.channels.cache.get(created.id)));
    },
  };
}

function asTextChannel(channel: unknown): TextChannel {
  if (!(channel instanceof TextChannel)) throw new Error('not a text channel');
  return channel;
}

/** A promise with its resolve function, to hand values out of a bot handler. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A raw REST call as a bot would make it without discord.js (whose builders validate client-side). */
export async function rawRest(
  discord: Emulator,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${discord.apiUrl}/v10${path}`, {
    method,
    headers: {
      ...(options.token ? { Authorization: `Bot ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Frames of a raw gateway socket, for what discord.js hides (op 9, close codes). */
export function rawGateway(url: string) {
  const socket = new WebSocket(`${url}?v=10&encoding=json`);
  const frames: { op: number; t?: string; d?: unknown }[] = [];
  const waiting: (() => void)[] = [];
  socket.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()));
    for (const wake of waiting.splice(0)) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const frame = async (test: (frame: { op: number; t?: string }) => boolean) => {
    for (;;) {
      const found = frames.find(test);
      if (found) return found;
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
  const identify = async (token: string, shard: [number, number], intents = 1) => {
    await frame((candidate) => candidate.op === 10);
    socket.send(JSON.stringify({ op: 2, d: { token, intents, properties: {}, shard } }));
  };
  return { socket, frame, closed, identify };
}
