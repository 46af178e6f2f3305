import { once } from 'node:events';
import {
  ChannelType,
  Client,
  DiscordjsErrorCodes,
  Events,
  GatewayIntentBits,
  type Guild,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from 'discord.js';
import { beforeAll, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { type InteractionHandlers, type Scene, useConnectedScene } from './helpers.js';

let scene: Scene;
let client: Client;
let handlers: InteractionHandlers;

useConnectedScene((connected) => ({ scene, client, handlers } = connected), {
  guildCommands: [new SlashCommandBuilder().setName('ping').setDescription('Answers pong')],
});

beforeAll(async () => {
  handlers.set(async (interaction) => {
    if (interaction.isChatInputCommand()) await interaction.reply('pong');
  });
});

/** Reads frames from a raw gateway socket, for what discord.js would hide. */
function rawGateway(url: string): {
  socket: WebSocket;
  next: () => Promise<{ op: number; t?: string; d?: unknown }>;
  closed: Promise<number>;
} {
  const socket = new WebSocket(`${url}?v=10&encoding=json`);
  const queue: { op: number; t?: string; d?: unknown }[] = [];
  const waiting: ((frame: { op: number; t?: string; d?: unknown }) => void)[] = [];
  socket.on('message', (raw) => {
    const frame = JSON.parse(raw.toString());
    const taker = waiting.shift();
    if (taker) taker(frame);
    else queue.push(frame);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const next = () => {
    const frame = queue.shift();
    return frame
      ? Promise.resolve(frame)
      : new Promise<{ op: number; t?: string; d?: unknown }>((resolve) => waiting.push(resolve));
  };
  return { socket, next, closed };
}

describe('connecting', () => {
  test('the client becomes ready with the guild, its channel, roles and its own member', () => {
    const { discord, app, guild, channel, alice } = scene;
    expect(client.user?.id).toBe(app.botUser.id);
    expect(client.user?.bot).toBe(true);
    expect(client.application?.id).toBe(app.id);
    expect(discord.isBotConnected(app.id)).toBe(true);
    const cached = client.guilds.cache.get(guild.id);
    expect(cached?.name).toBe('Evening');
    expect(cached?.ownerId).toBe(alice.id);
    expect(cached?.memberCount).toBe(3);
    expect(cached?.roles.everyone.id).toBe(guild.id);
    expect(cached?.members.me?.id).toBe(app.botUser.id);
    const textChannel = cached?.channels.cache.get(channel.id);
    expect(textChannel?.type).toBe(ChannelType.GuildText);
    expect(textChannel?.name).toBe('crag');
    expect(textChannel?.permissionsFor(app.botUser.id)?.has(PermissionFlagsBits.SendMessages)).toBe(true);
  });

  test('a bad token is rejected at login', async () => {
    const stranger = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: scene.discord.apiUrl } });
    await expect(stranger.login('not-a-token')).rejects.toMatchObject({ code: DiscordjsErrorCodes.TokenInvalid });
    await stranger.destroy();
    // The 401 is what Discord answers; it is filed like any other refused request.
    expect(scene.discord.problems.map((problem) => problem.status)).toEqual([401]);
    scene.discord.clearProblems();
  });

  test('the gateway says HELLO, acknowledges heartbeats and closes 4004 on a bad IDENTIFY token', async () => {
    const gateway = rawGateway(scene.discord.gatewayUrl);
    const hello = await gateway.next();
    expect(hello.op).toBe(10);
    expect(hello.d).toMatchObject({ heartbeat_interval: 41_250 });
    gateway.socket.send(JSON.stringify({ op: 1, d: null }));
    expect((await gateway.next()).op).toBe(11);
    gateway.socket.send(JSON.stringify({ op: 2, d: { token: 'wrong', intents: 1, properties: {} } }));
    expect(await gateway.closed).toBe(4004);
  });

  test('privileged intents the app was not granted close the connection with 4014', async () => {
    const gateway = rawGateway(scene.discord.gatewayUrl);
    await gateway.next();
    gateway.socket.send(
      JSON.stringify({
        op: 2,
        d: { token: scene.app.token, intents: GatewayIntentBits.MessageContent, properties: {} },
      }),
    );
    expect(await gateway.closed).toBe(4014);
    expect(scene.discord.problems.map((problem) => problem.kind)).toEqual(['gateway']);
    scene.discord.clearProblems();
  });

  test('a guild the bot joins later arrives live as GUILD_CREATE, a new channel as CHANNEL_CREATE', async () => {
    const { discord, app, alice } = scene;
    const joined = once(client, Events.GuildCreate) as Promise<[Guild]>;
    const later = discord.createGuild({ name: 'Later', ownerId: alice.id, bots: [app.id] });
    const [guild] = await joined;
    expect(guild.id).toBe(later.id);
    const created = once(client, Events.ChannelCreate);
    const channel = discord.createChannel(later.id, { name: 'second' });
    await created;
    expect(client.channels.cache.get(channel.id)?.isTextBased()).toBe(true);
  });

  test('a changed overwrite reaches the client as CHANNEL_UPDATE and matches the emulator permissions', async () => {
    const { discord, guild, channel, app } = scene;
    const updated = once(client, Events.ChannelUpdate);
    discord.setChannelPermissions(channel.id, guild.everyoneRoleId, { deny: PermissionFlagsBits.SendMessages });
    await updated;
    const seen = client.guilds.cache.get(guild.id)?.channels.cache.get(channel.id)?.permissionsFor(app.botUser.id);
    expect(seen?.has(PermissionFlagsBits.SendMessages)).toBe(false);
    expect(seen?.bitfield).toBe(discord.permissionsOf(app.botUser.id, channel.id));
    discord.setChannelPermissions(channel.id, guild.everyoneRoleId, {});
  });
});

describe('resuming', () => {
  test('after dropGateway the client resumes and keeps receiving interactions', async () => {
    const { discord, alice, channel } = scene;
    const resumed = once(client, Events.ShardResume);
    expect(await discord.dropGateway()).toBe('resumed');
    await resumed;
    const outcome = await discord.runCommand({ user: alice.id, channel: channel.id, name: 'ping' });
    expect(outcome.ack).toBe('reply');
    expect(outcome.message?.content).toBe('pong');
  });

  test('an interaction sent while the socket is down is replayed on RESUME and answered', async () => {
    const { discord, alice, channel } = scene;
    const replayCounts: number[] = [];
    const onDebug = (message: string) => {
      const replayed = /replayed (\d+) events/.exec(message);
      if (replayed) replayCounts.push(Number(replayed[1]));
    };
    client.on(Events.Debug, onDebug);
    const reconnected = discord.dropGateway();
    const outcome = await discord.runCommand({ user: alice.id, channel: channel.id, name: 'ping' });
    expect(await reconnected).toBe('resumed');
    client.off(Events.Debug, onDebug);
    expect(outcome.ack).toBe('reply');
    // discord.js counts the replayed INTERACTION_CREATE plus RESUMED itself.
    expect(replayCounts).toEqual([2]);
  });
});
