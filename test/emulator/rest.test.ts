import {
  type Client,
  DiscordAPIError,
  PermissionFlagsBits,
  Routes,
  SlashCommandBuilder,
  type TextChannel,
} from 'discord.js';
import { describe, expect, test } from 'vitest';
import { rawRest, type Scene, useConnectedScene } from './helpers.js';

let scene: Scene;
let client: Client;

const { takeProblems, textChannel } = useConnectedScene((connected) => ({ scene, client } = connected));

const button = (customId: string, extra: Record<string, unknown> = {}) => ({
  type: 2,
  style: 1,
  label: 'Go',
  custom_id: customId,
  ...extra,
});
const row = (...components: unknown[]) => ({ type: 1, components });
const options = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ label: `L${index}`, value: `v${index}` }));

describe('message validation (raw JSON, as builders would refuse it client-side)', () => {
  const cases: { name: string; body: unknown; errorAt: string[] }[] = [
    { name: 'content over 2000', body: { content: 'x'.repeat(2001) }, errorAt: ['content'] },
    { name: '11 embeds', body: { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }, errorAt: ['embeds'] },
    { name: 'embed title over 256', body: { embeds: [{ title: 't'.repeat(257) }] }, errorAt: ['embeds', '0', 'title'] },
    {
      name: 'embed description over 4096',
      body: { embeds: [{ description: 'd'.repeat(4097) }] },
      errorAt: ['embeds', '0', 'description'],
    },
    {
      name: '26 embed fields',
      body: { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }] },
      errorAt: ['embeds', '0', 'fields'],
    },
    {
      name: 'field value over 1024',
      body: { embeds: [{ fields: [{ name: 'n', value: 'v'.repeat(1025) }] }] },
      errorAt: ['embeds', '0', 'fields', '0', 'value'],
    },
    {
      name: 'footer over 2048',
      body: { embeds: [{ footer: { text: 'f'.repeat(2049) } }] },
      errorAt: ['embeds', '0', 'footer', 'text'],
    },
    {
      name: 'embeds over 6000 characters together',
      body: { embeds: [{ description: 'd'.repeat(4000) }, { description: 'd'.repeat(2001) }] },
      errorAt: ['embeds'],
    },
    {
      name: '6 action rows',
      body: { components: Array.from({ length: 6 }, (_, index) => row(button(`b${index}`))) },
      errorAt: ['components'],
    },
    {
      name: '6 buttons in a row',
      body: { components: [row(...Array.from({ length: 6 }, (_, index) => button(`b${index}`)))] },
      errorAt: ['components', '0', 'components'],
    },
    {
      name: 'custom_id over 100',
      body: { components: [row(button('c'.repeat(101)))] },
      errorAt: ['components', '0', 'components', '0', 'custom_id'],
    },
    {
      name: 'duplicate custom_id',
      body: { components: [row(button('same')), row(button('same'))] },
      errorAt: ['components', '1', 'components', '0', 'custom_id'],
    },
    {
      name: 'button label over 80',
      body: { components: [row(button('b', { label: 'l'.repeat(81) }))] },
      errorAt: ['components', '0', 'components', '0', 'label'],
    },
    {
      name: 'link button with a custom_id',
      body: { components: [row(button('b', { style: 5, url: 'https://example.com' }))] },
      errorAt: ['components', '0', 'components', '0', 'custom_id'],
    },
    {
      name: 'button without custom_id',
      body: { components: [row({ type: 2, style: 1, label: 'Go' })] },
      errorAt: ['components', '0', 'components', '0', 'custom_id'],
    },
    {
      name: 'a select beside a button',
      body: { components: [row({ type: 3, custom_id: 's', options: options(2) }, button('b'))] },
      errorAt: ['components', '0', 'components'],
    },
    {
      name: 'select with 26 options',
      body: { components: [row({ type: 3, custom_id: 's', options: options(26) })] },
      errorAt: ['components', '0', 'components', '0', 'options'],
    },
    {
      name: 'select with duplicate values',
      body: {
        components: [
          row({
            type: 3,
            custom_id: 's',
            options: [
              { label: 'a', value: 'v' },
              { label: 'b', value: 'v' },
            ],
          }),
        ],
      },
      errorAt: ['components', '0', 'components', '0', 'options', '1', 'value'],
    },
    {
      name: 'select placeholder over 150',
      body: { components: [row({ type: 3, custom_id: 's', placeholder: 'p'.repeat(151), options: options(2) })] },
      errorAt: ['components', '0', 'components', '0', 'placeholder'],
    },
    {
      name: 'select min_values above max_values',
      body: { components: [row({ type: 3, custom_id: 's', min_values: 2, max_values: 1, options: options(3) })] },
      errorAt: ['components', '0', 'components', '0', 'min_values'],
    },
  ];

  test.each(cases)('$name → 400 / 50035 with the error at its path', async ({ body, errorAt }) => {
    const { discord, app, channel } = scene;
    const response = await rawRest(discord, 'POST', `/channels/${channel.id}/messages`, { token: app.token, body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 50035, message: 'Invalid Form Body' });
    let node = (response.body as { errors: Record<string, unknown> }).errors;
    for (const key of errorAt) node = node[key] as Record<string, unknown>;
    expect(node._errors).toEqual(expect.arrayContaining([expect.objectContaining({ code: expect.any(String) })]));
    expect(takeProblems()).toEqual([
      expect.objectContaining({ kind: 'rest-error', code: 50035, route: '/channels/:channelId/messages' }),
    ]);
  });

  test('limits hold exactly at the edge: 2000 characters, 5 rows of 5 buttons, 25 options', async () => {
    const { discord, app, channel } = scene;
    const body = {
      content: 'x'.repeat(2000),
      components: [
        ...Array.from({ length: 4 }, (_, r) => row(...Array.from({ length: 5 }, (_, b) => button(`b${r}-${b}`)))),
        row({ type: 3, custom_id: 's', options: options(25), max_values: 25 }),
      ],
    };
    const response = await rawRest(discord, 'POST', `/channels/${channel.id}/messages`, { token: app.token, body });
    expect(response.status).toBe(200);
  });

  test('an empty message is refused with 50006', async () => {
    const response = await rawRest(scene.discord, 'POST', `/channels/${scene.channel.id}/messages`, {
      token: scene.app.token,
      body: { content: '  ' },
    });
    expect(response).toMatchObject({ status: 400, body: { code: 50006 } });
    expect(takeProblems().map((problem) => problem.code)).toEqual([50006]);
  });
});

describe('permissions and unknown things', () => {
  test('without Send Messages the bot gets 50013; without View Channel, 50001', async () => {
    const { discord, guild, channel } = scene;
    discord.setChannelPermissions(channel.id, guild.everyoneRoleId, { deny: PermissionFlagsBits.SendMessages });
    await expect(textChannel().send('hello')).rejects.toMatchObject({ code: 50013, status: 403 });
    discord.setChannelPermissions(channel.id, guild.everyoneRoleId, { deny: PermissionFlagsBits.ViewChannel });
    await expect(textChannel().send('hello')).rejects.toMatchObject({ code: 50001, status: 403 });
    discord.setChannelPermissions(channel.id, guild.everyoneRoleId, {});
    await expect(textChannel().send('hello')).resolves.toMatchObject({ content: 'hello' });
    expect(takeProblems().map((problem) => problem.code)).toEqual([50013, 50001]);
  });

  test('a member overwrite allowing the bot wins over a role deny', async () => {
    const { discord, guild, channel, app } = scene;
    discord.setChannelPermissions(channel.id, guild.everyoneRoleId, { deny: PermissionFlagsBits.SendMessages });
    discord.setChannelPermissions(channel.id, app.botUser.id, { allow: PermissionFlagsBits.SendMessages });
    await expect(textChannel().send('allowed')).resolves.toMatchObject({ content: 'allowed' });
    discord.setChannelPermissions(channel.id, guild.everyoneRoleId, {});
    discord.setChannelPermissions(channel.id, app.botUser.id, {});
  });

  test('editing or fetching a message that does not exist gets 10008; an unknown channel 10003', async () => {
    const missing = '1234567890123456789';
    await expect(textChannel().messages.fetch(missing)).rejects.toMatchObject({ code: 10008 });
    await expect(textChannel().messages.edit(missing, 'x')).rejects.toMatchObject({ code: 10008 });
    await expect(client.rest.get(Routes.channel(missing))).rejects.toMatchObject({ code: 10003 });
    expect(takeProblems().map((problem) => problem.code)).toEqual([10008, 10008, 10003]);
  });

  test('messages by someone else cannot be edited (50005) nor deleted without Manage Messages (50013)', async () => {
    const { discord, alice, channel } = scene;
    const theirs = discord.postMessage({ user: alice.id, channel: channel.id, content: 'mine' });
    await expect(textChannel().messages.edit(theirs.id, 'changed')).rejects.toMatchObject({ code: 50005 });
    await expect(textChannel().messages.delete(theirs.id)).rejects.toMatchObject({ code: 50013 });
    expect(takeProblems().map((problem) => problem.code)).toEqual([50005, 50013]);
  });

  test('an unknown route answers 404 and is recorded as a problem', async () => {
    await expect(client.rest.get('/guilds/123456789012345678/nonsense')).rejects.toBeInstanceOf(DiscordAPIError);
    expect(takeProblems()).toEqual([
      expect.objectContaining({
        kind: 'unknown-route',
        method: 'GET',
        path: '/guilds/123456789012345678/nonsense',
        status: 404,
      }),
    ]);
  });

  test('authenticated routes refuse a missing token with 401', async () => {
    const response = await rawRest(scene.discord, 'GET', '/users/@me');
    expect(response).toEqual({ status: 401, body: { message: '401: Unauthorized', code: 0 } });
    expect(takeProblems().map((problem) => problem.status)).toEqual([401]);
  });
});

describe('injected faults', () => {
  test('a 429 with Retry-After is honoured: discord.js waits, retries and succeeds', async () => {
    const { discord } = scene;
    discord.resetRestCounts();
    const fault = discord.failNextRest({
      method: 'POST',
      pathPattern: /^\/channels\/\d+\/messages$/,
      status: 429,
      retryAfterSeconds: 0.3,
    });
    const sent = await textChannel().send('after the limit');
    await fault.served;
    expect(fault.hits).toBe(1);
    expect(discord.message(sent.id)?.content).toBe('after the limit');
    expect(discord.restCount('POST', '/channels/:channelId/messages')).toBe(2);
  });

  test('a 500 is retried by discord.js', async () => {
    const { discord } = scene;
    discord.resetRestCounts();
    const fault = discord.failNextRest({ method: 'POST', pathPattern: /\/messages$/, status: 500 });
    await textChannel().send('after the outage');
    expect(fault.hits).toBe(1);
    expect(discord.restCount('POST', '/channels/:channelId/messages')).toBe(2);
  });

  test('a fault with forMs answers every matching request for its window, then none', async () => {
    const { discord } = scene;
    // A 403 (discord.js does not retry it), so each request is answered once.
    const fault = discord.failNextRest({ method: 'GET', pathPattern: /^\/users\/@me$/, status: 403, forMs: 400 });
    const answers: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      answers.push(
        await client.rest.get(Routes.user()).then(
          () => 200,
          (error: { status?: number }) => error.status ?? 0,
        ),
      );
    }
    expect(answers).toEqual([403, 403, 403]);
    await fault.served;
    expect(await client.rest.get(Routes.user()).then(() => 200)).toBe(200);
    expect(fault.hits).toBeGreaterThanOrEqual(3);
  });

  test('any status with a Discord error body can be injected', async () => {
    scene.discord.failNextRest({
      method: 'GET',
      pathPattern: /^\/users\/@me$/,
      status: 403,
      code: 50001,
      message: 'Missing Access',
    });
    await expect(client.rest.get(Routes.user())).rejects.toMatchObject({
      status: 403,
      code: 50001,
      message: 'Missing Access',
    });
  });
});

describe('commands and message history', () => {
  test('commands registered with client.rest.put are listed, keep their ids, and run', async () => {
    const { discord, app, guild, alice, channel } = scene;
    const body = [new SlashCommandBuilder().setName('roll').setDescription('Roll the dice').toJSON()];
    const [first] = (await client.rest.put(Routes.applicationGuildCommands(app.id, guild.id), { body })) as {
      id: string;
    }[];
    const [again] = (await client.rest.put(Routes.applicationGuildCommands(app.id, guild.id), { body })) as {
      id: string;
    }[];
    expect(again?.id).toBe(first?.id);
    expect(discord.commands(app.id, guild.id).map((command) => command.name)).toEqual(['roll']);
    const answered = new Promise<void>((resolve) => {
      client.once('interactionCreate', async (interaction) => {
        if (interaction.isChatInputCommand()) await interaction.reply('🎲 3 5 5');
        resolve();
      });
    });
    const outcome = await discord.runCommand({ user: alice.id, channel: channel.id, name: 'roll' });
    await answered;
    expect(outcome.message?.content).toBe('🎲 3 5 5');
  });

  test('an invalid command registration is refused with 50035', async () => {
    const { app, guild } = scene;
    await expect(
      client.rest.put(Routes.applicationGuildCommands(app.id, guild.id), {
        body: [{ name: 'Roll Dice', description: 'x' }],
      }),
    ).rejects.toMatchObject({ code: 50035 });
    expect(takeProblems().map((problem) => problem.code)).toEqual([50035]);
  });

  test('the message list pages newest first, before and after an id', async () => {
    const { discord, guild, alice } = scene;
    const fresh = discord.createChannel(guild.id, { name: 'history' });
    await scene.discord.waitFor(() => client.channels.cache.get(fresh.id));
    const channel = client.channels.cache.get(fresh.id) as TextChannel;
    const sent: string[] = [];
    for (const content of ['one', 'two', 'three', 'four']) sent.push((await channel.send(content)).id);
    discord.postMessage({ user: alice.id, channel: fresh.id, content: 'five' });
    const latest = await channel.messages.fetch({ limit: 3 });
    expect([...latest.values()].map((message) => message.content)).toEqual(['five', 'four', 'three']);
    const older = await channel.messages.fetch({ limit: 10, before: sent[2] });
    expect([...older.values()].map((message) => message.content)).toEqual(['two', 'one']);
    const newer = await channel.messages.fetch({ limit: 2, after: sent[0] });
    expect([...newer.values()].map((message) => message.content)).toEqual(['three', 'two']);
  });
});
