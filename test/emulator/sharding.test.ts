import { once } from 'node:events';
import { Client, Events, GatewayIntentBits, type Interaction, Routes, SlashCommandBuilder } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  type ApplicationHandle,
  type Emulator,
  type GuildHandle,
  type RestRequestView,
  startEmulator,
  type UserHandle,
} from '../../src/emulator/index.js';
import { rawGateway } from './helpers.js';

/**
 * A client that holds some shards of `shardCount`, as one process of a sharded bot would, naming
 * them in its REST User-Agent.
 */
async function shardedClient(discord: Emulator, token: string, shards: number[], shardCount: number) {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: discord.apiUrl, userAgentAppendix: `shards ${shards.join(',')}` },
    shards,
    shardCount,
  });
  const ready = once(client, Events.ClientReady);
  await client.login(token);
  await ready;
  return client;
}

describe('several processes, each with its own shards', () => {
  let discord: Emulator;
  let app: ApplicationHandle;
  let alice: UserHandle;
  const guilds: GuildHandle[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    discord = await startEmulator();
    app = discord.createApplication({ name: 'Crag' });
    alice = discord.createUser({ username: 'alice' });
    for (let shard = 0; shard < 4; shard++) {
      guilds.push(
        discord.createGuild({ name: `g${shard}`, ownerId: alice.id, bots: [app.id], shardOf: { shards: 4, shard } }),
      );
    }
    for (const guild of guilds) discord.createChannel(guild.id, { name: 'crag' });
    clients.push(await shardedClient(discord, app.token, [0, 1], 4));
    clients.push(await shardedClient(discord, app.token, [2, 3], 4));
    await clients[0]?.rest.put(Routes.applicationCommands(app.id), {
      body: [new SlashCommandBuilder().setName('where').setDescription('Which shard?').toJSON()],
    });
  });

  afterAll(async () => {
    for (const client of clients) await client.destroy();
    await discord?.stop();
  });

  afterEach(() => {
    expect(discord.problems).toEqual([]);
  });

  test('each process gets READY and GUILD_CREATE only for the guilds of its shards', async () => {
    await discord.waitForBotReady(app.id, { shardCount: 4 });
    expect(discord.readyShards(app.id, 4)).toEqual([0, 1, 2, 3]);
    const [first, second] = clients;
    expect([...(first?.guilds.cache.keys() ?? [])].sort()).toEqual([guilds[0]?.id, guilds[1]?.id].sort());
    expect([...(second?.guilds.cache.keys() ?? [])].sort()).toEqual([guilds[2]?.id, guilds[3]?.id].sort());
  });

  test('an interaction goes to exactly one session: the one holding its guild; DMs go to shard 0', async () => {
    const seen: { client: number; shard: number | undefined }[] = [];
    clients.forEach((client, index) => {
      client.removeAllListeners(Events.InteractionCreate);
      client.on(Events.InteractionCreate, async (interaction: Interaction) => {
        if (!interaction.isChatInputCommand()) return;
        seen.push({ client: index, shard: interaction.guild?.shardId });
        await interaction.reply(`client ${index}`);
      });
    });
    const channelOf = (guild: GuildHandle | undefined) =>
      [...(clients.flatMap((client) => [...client.channels.cache.values()]) ?? [])].find(
        (channel) => 'guildId' in channel && channel.guildId === guild?.id,
      )?.id ?? '';
    const third = await discord.runCommand({ user: alice.id, channel: channelOf(guilds[3]), name: 'where' });
    expect(third.message?.content).toBe('client 1');
    const first = await discord.runCommand({ user: alice.id, channel: channelOf(guilds[1]), name: 'where' });
    expect(first.message?.content).toBe('client 0');
    const dm = await discord.runCommand({ user: alice.id, name: 'where' });
    expect(dm.message?.content).toBe('client 0');
    expect(seen).toEqual([
      { client: 1, shard: 3 },
      { client: 0, shard: 1 },
      { client: 0, shard: undefined },
    ]);
  });

  test('reports every REST request with its User-Agent, its app and the guild its path leads to', async () => {
    const seen: RestRequestView[] = [];
    const record = (request: RestRequestView) => seen.push(request);
    discord.on('restRequest', record);
    try {
      const [first, second] = clients;
      const channelIn = (guild: GuildHandle | undefined) =>
        [...(first?.channels.cache.values() ?? []), ...(second?.channels.cache.values() ?? [])].find(
          (channel) => 'guildId' in channel && channel.guildId === guild?.id,
        )?.id ?? '';
      await second?.rest.post(Routes.channelMessages(channelIn(guilds[2])), { body: { content: 'from shard 2' } });
      const command = await discord.runCommand({ user: alice.id, channel: channelIn(guilds[0]), name: 'where' });
      expect(command.ack).toBe('reply');
      await first?.rest.get(Routes.gatewayBot());
    } finally {
      discord.off('restRequest', record);
    }
    const brief = seen.map(({ method, route, status, guildId, userAgent }) => ({
      method,
      route,
      status,
      guildId,
      shards: /shards ([\d,]+)$/.exec(userAgent ?? '')?.[1],
    }));
    expect(brief).toEqual([
      { method: 'POST', route: '/channels/:channelId/messages', status: 200, guildId: guilds[2]?.id, shards: '2,3' },
      {
        method: 'POST',
        route: '/interactions/:interactionId/:token/callback',
        status: 204,
        guildId: guilds[0]?.id,
        shards: '0,1',
      },
      { method: 'GET', route: '/gateway/bot', status: 200, guildId: null, shards: '0,1' },
    ]);
    // Each charged to the app: by its bot token, or (the callback, which has none) by its interaction.
    expect(seen.map((request) => request.appId)).toEqual([app.id, app.id, app.id]);
    expect(seen[0]?.userAgent).toMatch(/^DiscordBot \(https:\/\/discord\.js\.org, [\d.]+\) discord\.js\/14\./);
  });

  test('GET /gateway/bot recommends one shard per 1,000 guilds', async () => {
    const body = (await clients[0]?.rest.get(Routes.gatewayBot())) as { shards: number; session_start_limit: object };
    expect(body).toMatchObject({ shards: 1, session_start_limit: { max_concurrency: 16 } });
  });
});

describe('identify limits', () => {
  let discord: Emulator;
  afterEach(async () => discord?.stop());

  test('IDENTIFYs in one max_concurrency bucket less than 5 s apart get op 9; other buckets connect', async () => {
    discord = await startEmulator({ maxConcurrency: 2, enforceIdentifyConcurrency: true });
    const app = discord.createApplication({ name: 'Crag' });
    const first = rawGateway(discord.gatewayUrl);
    await first.identify(app.token, [0, 4]);
    await first.frame((frame) => frame.t === 'READY');
    // Shard 1 is bucket 1 (1 % 2): fine. Shard 2 is bucket 0 again, right after shard 0: refused.
    const other = rawGateway(discord.gatewayUrl);
    await other.identify(app.token, [1, 4]);
    await other.frame((frame) => frame.t === 'READY');
    const early = rawGateway(discord.gatewayUrl);
    await early.identify(app.token, [2, 4]);
    expect(await early.frame((frame) => frame.op === 9)).toMatchObject({ op: 9, d: false });
    expect(discord.problems.map((problem) => problem.kind)).toEqual(['gateway']);
    for (const gateway of [first, other, early]) gateway.socket.close(1000);
  });

  test('discord.js waits out its own 5 s throttle after op 9 and gets in', async () => {
    discord = await startEmulator({ maxConcurrency: 1, enforceIdentifyConcurrency: true });
    const app = discord.createApplication({ name: 'Crag' });
    const owner = discord.createUser({ username: 'owner' });
    discord.createGuild({ name: 'g', ownerId: owner.id, bots: [app.id] });
    const squatter = rawGateway(discord.gatewayUrl);
    await squatter.identify(app.token, [1, 2]);
    await squatter.frame((frame) => frame.t === 'READY');
    // Another process takes shard 0 right after: same bucket (max_concurrency 1), so op 9 first.
    const client = await shardedClient(discord, app.token, [0], 2);
    expect(client.ws.shards.size).toBe(1);
    expect(discord.readyShards(app.id, 2)).toEqual([0, 1]);
    expect(discord.problems.map((problem) => problem.kind)).toEqual(['gateway']);
    await client.destroy();
    squatter.socket.close(1000);
  });

  test('a shard that would hold more than 2,500 guilds is closed with 4011', async () => {
    discord = await startEmulator();
    const app = discord.createApplication({ name: 'Crag' });
    const owner = discord.createUser({ username: 'owner' });
    for (let index = 0; index < 2_501; index++)
      discord.createGuild({ name: `g${index}`, ownerId: owner.id, bots: [app.id] });
    const response = await fetch(`${discord.apiUrl}/v10/gateway/bot`, {
      headers: { Authorization: `Bot ${app.token}` },
    });
    expect(((await response.json()) as { shards: number }).shards).toBe(3);
    const gateway = rawGateway(discord.gatewayUrl);
    await gateway.identify(app.token, [0, 1]);
    expect(await gateway.closed).toBe(4011);
    const halves = rawGateway(discord.gatewayUrl);
    await halves.identify(app.token, [0, 2]);
    await halves.frame((frame) => frame.t === 'READY');
    halves.socket.close(1000);
    expect(discord.problems.map((problem) => problem.kind)).toEqual(['gateway']);
  });
});
