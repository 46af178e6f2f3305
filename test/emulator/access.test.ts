import { once } from 'node:events';
import {
  type Client,
  Events,
  GatewayIntentBits,
  type Guild,
  PermissionFlagsBits,
  Routes,
  SlashCommandBuilder,
} from 'discord.js';
import { describe, expect, test } from 'vitest';
import { type InteractionHandlers, rawGateway, rawRest, type Scene, useConnectedScene } from './helpers.js';

let scene: Scene;
let client: Client;
let handlers: InteractionHandlers;

const { takeProblems, freshChannel } = useConnectedScene((connected) => ({ scene, client, handlers } = connected));

describe('invalid request accounting', () => {
  test('401, 403 and 429 answers are counted per app and overall in a sliding 10-minute window', async () => {
    const { discord, app, guild } = scene;
    const before = discord.invalidRequests();
    const channel = await freshChannel('hidden');
    discord.setChannelPermissions(channel.id, guild.everyoneRoleId, { deny: PermissionFlagsBits.ViewChannel });
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(channel.send('board')).rejects.toMatchObject({ status: 403, code: 50001 });
    }
    // A request with no token is charged to nobody, but still counts overall.
    expect((await rawRest(discord, 'GET', '/users/@me')).status).toBe(401);
    // An injected 429 counts (it is what the bot saw); a shared-scope 429 does not.
    discord.failNextRest({ method: 'GET', pathPattern: /^\/users\/@me$/, status: 429, retryAfterSeconds: 0.05 });
    discord.failNextRest({
      method: 'GET',
      pathPattern: /^\/users\/@me$/,
      status: 429,
      retryAfterSeconds: 0.05,
      shared: true,
    });
    await client.rest.get(Routes.user());
    expect(discord.invalidRequests({ appId: app.id })).toBe(4);
    expect(discord.invalidRequests() - before).toBe(5);
    expect(discord.invalidRequests({ windowMs: 60_000 }) - before).toBe(5);

    discord.advanceClock(10 * 60_000 + 1);
    expect(discord.invalidRequests()).toBe(0);
    expect(discord.maxInvalidRequestsPerWindow()).toBeGreaterThanOrEqual(before + 5);
    expect(() => discord.invalidRequests({ windowMs: 11 * 60_000 })).toThrow(RangeError);
    takeProblems();
  });
});

describe('what a bot hears', () => {
  test('MESSAGE_CREATE reaches only bots that can see the channel', async () => {
    const { discord, guild, alice } = scene;
    const listener = discord.createApplication({ name: 'Listener' });
    discord.addBot(guild.id, listener.id);
    const open = discord.createChannel(guild.id, { name: 'open' });
    const closed = discord.createChannel(guild.id, {
      name: 'closed',
      deny: { [listener.botUser.id]: PermissionFlagsBits.ViewChannel },
    });
    const gateway = rawGateway(discord.gatewayUrl);
    await gateway.identify(listener.token, [0, 1], GatewayIntentBits.Guilds | GatewayIntentBits.GuildMessages);
    await gateway.frame((frame) => frame.t === 'GUILD_CREATE');
    const hidden = discord.postMessage({ user: alice.id, channel: closed.id, content: 'secret' });
    const seen = discord.postMessage({ user: alice.id, channel: open.id, content: 'hello' });
    const created = (await gateway.frame((frame) => frame.t === 'MESSAGE_CREATE')) as { d: { id: string } };
    expect(created.d.id).toBe(seen.id);
    expect(created.d.id).not.toBe(hidden.id);
    gateway.socket.close(1000);
  });
});

describe('losing access mid-game', () => {
  test('a deleted channel: CHANNEL_DELETE, then 10003 for the channel and 10008 for its messages', async () => {
    const { discord } = scene;
    const channel = await freshChannel('doomed');
    const board = await channel.send('board');
    const deleted = once(client, Events.ChannelDelete);
    discord.deleteChannel(channel.id);
    await deleted;
    expect(client.channels.cache.has(channel.id)).toBe(false);
    expect(discord.message(board.id)).toBeUndefined();
    await expect(
      client.rest.patch(Routes.channelMessage(channel.id, board.id), { body: { content: 'x' } }),
    ).rejects.toMatchObject({
      status: 404,
      code: 10003,
    });
    await expect(
      client.rest.post(Routes.channelMessages(channel.id), { body: { content: 'x' } }),
    ).rejects.toMatchObject({
      code: 10003,
    });
    expect(takeProblems().map((problem) => problem.code)).toEqual([10003, 10003]);
  });

  test('an interaction whose channel was deleted before the follow-up gets 10003', async () => {
    const { discord, app, guild, alice } = scene;
    await client.rest.put(Routes.applicationGuildCommands(app.id, guild.id), {
      body: [new SlashCommandBuilder().setName('slow').setDescription('Answers later').toJSON()],
    });
    const channel = await freshChannel('short-lived');
    const followUp = new Promise<unknown>((resolve) => {
      handlers.set(async (interaction) => {
        if (!interaction.isChatInputCommand()) return;
        await interaction.deferReply();
        discord.deleteChannel(channel.id);
        resolve(await interaction.followUp('done').catch((error: unknown) => error));
      });
    });
    await discord.runCommand({ user: alice.id, channel: channel.id, name: 'slow' });
    expect(await followUp).toMatchObject({ code: 10003 });
    expect(takeProblems().map((problem) => problem.code)).toEqual([10003]);
  });

  test('a message a moderator deleted cannot be edited afterwards (10008)', async () => {
    const { discord, alice } = scene;
    const channel = await freshChannel('moderated');
    const board = await channel.send('board');
    discord.deleteMessage({ user: alice.id, message: board.id });
    await expect(board.edit('moved on')).rejects.toMatchObject({ status: 404, code: 10008 });
    expect(takeProblems().map((problem) => problem.code)).toEqual([10008]);
  });

  test('losing View Channel: editing the own board answers 403 / 50001; without Send Messages it still works', async () => {
    const { discord, app } = scene;
    const channel = await freshChannel('revoked');
    const board = await channel.send('board');
    discord.setChannelPermissions(channel.id, app.botUser.id, { deny: PermissionFlagsBits.SendMessages });
    await expect(board.edit('still mine')).resolves.toMatchObject({ content: 'still mine' });
    discord.setChannelPermissions(channel.id, app.botUser.id, { deny: PermissionFlagsBits.ViewChannel });
    await expect(board.edit('gone')).rejects.toMatchObject({ status: 403, code: 50001 });
    expect(takeProblems().map((problem) => problem.code)).toEqual([50001]);
  });

  test('a kicked bot gets GUILD_DELETE without unavailable, then 403 / 50001 from the guild', async () => {
    const { discord, app, alice } = scene;
    const kickedFrom = discord.createGuild({ name: 'Short stay', ownerId: alice.id, bots: [app.id] });
    const created = discord.createChannel(kickedFrom.id, { name: 'table' });
    await discord.waitFor(() => client.channels.cache.get(created.id));
    const removed = once(client, Events.GuildDelete) as Promise<[Guild]>;
    discord.removeBot(kickedFrom.id, app.id);
    const [guild] = await removed;
    expect(guild.id).toBe(kickedFrom.id);
    expect(client.guilds.cache.has(kickedFrom.id)).toBe(false);
    await expect(
      client.rest.post(Routes.channelMessages(created.id), { body: { content: 'x' } }),
    ).rejects.toMatchObject({
      status: 403,
      code: 50001,
    });
    await expect(client.rest.get(Routes.guild(kickedFrom.id))).rejects.toMatchObject({ status: 403, code: 50001 });
    expect(discord.permissionsOf(app.botUser.id, created.id)).toBe(0n);
    expect(takeProblems().map((problem) => problem.code)).toEqual([50001, 50001]);
  });
});
