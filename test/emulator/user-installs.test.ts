import { once } from 'node:events';
import {
  ActionRowBuilder,
  ApplicationIntegrationType,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  type Interaction,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  Routes,
  SlashCommandBuilder,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ImpossibleActionError, type UserHandle } from '../../src/emulator/index.js';
import { deferred, expectNothingWentWrong, InteractionHandlers, rawRest, type Scene, startScene } from './helpers.js';

// An app installed to alice's account (integration type 1), used where its bot is not: the group DM
// "friends" and the server "Elsewhere". The scene's own guild has the bot (integration type 0).

let scene: Scene;
let carol: UserHandle;
let client: Client;
let handlers: InteractionHandlers;
/** Every gateway dispatch the bot received, in order. */
const dispatches: { t: string; d: Record<string, unknown> }[] = [];
let friends: string;
let elsewhere: { guildId: string; channelId: string };

const ANYWHERE = new SlashCommandBuilder()
  .setName('anywhere')
  .setDescription('Runs wherever the app is installed')
  .setIntegrationTypes(ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall)
  .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel);
const SERVER_ONLY = new SlashCommandBuilder()
  .setName('serveronly')
  .setDescription('Runs in servers only')
  .setIntegrationTypes(ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall)
  .setContexts(InteractionContextType.Guild);
const GUILD_INSTALL_ONLY = new SlashCommandBuilder()
  .setName('guildapp')
  .setDescription('Needs the app installed to the server')
  .setIntegrationTypes(ApplicationIntegrationType.GuildInstall)
  .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel);

/** What Discord lets an app do in (G)DMs with other users (the footnote to `app_permissions`). */
const PRIVATE_APP_PERMISSIONS = String(
  PermissionFlagsBits.AttachFiles | PermissionFlagsBits.EmbedLinks | PermissionFlagsBits.MentionEveryone,
);

beforeAll(async () => {
  scene = await startScene();
  const { discord, app, alice, bob } = scene;
  carol = discord.createUser({ username: 'carol' });
  friends = discord.createGroupDm({ ownerId: alice.id, recipients: [bob.id, carol.id], name: 'friends' });
  const guild = discord.createGuild({ name: 'Elsewhere', ownerId: bob.id, members: [alice.id, carol.id] });
  elsewhere = { guildId: guild.id, channelId: discord.createChannel(guild.id, { name: 'general' }).id };
  discord.installToUser(app.id, alice.id);

  client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.DirectMessages],
    rest: { api: discord.apiUrl },
  });
  client.on(Events.Raw, (packet: { t: string | null; d: Record<string, unknown> }) => {
    if (packet.t) dispatches.push({ t: packet.t, d: packet.d });
  });
  handlers = new InteractionHandlers(client);
  const ready = once(client, Events.ClientReady);
  await client.login(app.token);
  await ready;
  await client.rest.put(Routes.applicationCommands(app.id), {
    body: [ANYWHERE, SERVER_ONLY, GUILD_INSTALL_ONLY].map((command) => command.toJSON()),
  });
});

afterAll(async () => {
  await client?.destroy();
  await scene?.discord.stop();
});

afterEach(() => expectNothingWentWrong(scene, handlers));

/** The INTERACTION_CREATE payload the bot received for an interaction. */
function payloadOf(interactionId: string): Record<string, unknown> {
  const found = dispatches.find((packet) => packet.t === 'INTERACTION_CREATE' && packet.d.id === interactionId);
  if (!found) throw new Error(`no INTERACTION_CREATE for ${interactionId}`);
  return found.d;
}

/** Runs `handle` on the next interaction and hands back what it returned. */
function nextInteraction<T>(handle: (interaction: Interaction) => Promise<T>): Promise<T> {
  const done = deferred<T>();
  handlers.set(async (interaction) => done.resolve(await handle(interaction)));
  return done.promise;
}

async function errorOf(promise: Promise<unknown>): Promise<DiscordAPIError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DiscordAPIError)) throw new Error(`expected a DiscordAPIError, got ${String(error)}`);
  return error;
}

function takeProblemCodes(): (number | undefined)[] {
  const codes = scene.discord.problems.map((problem) => problem.code);
  scene.discord.clearProblems();
  return codes;
}

describe('the payloads Discord sends for each place', () => {
  beforeAll(() => {
    handlers.set(async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply('ok');
    });
  });

  test('a group DM: context 2, only the installing user authorizes it, a user and no member', async () => {
    const { discord, alice } = scene;
    const outcome = await discord.runCommand({ user: alice.id, channel: friends, name: 'anywhere' });
    expect(outcome.ack).toBe('reply');
    const payload = payloadOf(outcome.interactionId);
    expect(payload).toMatchObject({
      context: InteractionContextType.PrivateChannel,
      authorizing_integration_owners: { [ApplicationIntegrationType.UserInstall]: alice.id },
      user: { id: alice.id },
      channel_id: friends,
      channel: { id: friends, type: 3, owner_id: alice.id, name: 'friends' },
      app_permissions: PRIVATE_APP_PERMISSIONS,
    });
    expect(payload).not.toHaveProperty('member');
    expect(payload).not.toHaveProperty('guild_id');
    expect(payload.authorizing_integration_owners).not.toHaveProperty(String(ApplicationIntegrationType.GuildInstall));
  });

  test('a server without the bot: context 0, a member, and "1" alone', async () => {
    const { discord, alice } = scene;
    const outcome = await discord.runCommand({ user: alice.id, channel: elsewhere.channelId, name: 'anywhere' });
    const payload = payloadOf(outcome.interactionId);
    expect(payload).toMatchObject({
      context: InteractionContextType.Guild,
      guild_id: elsewhere.guildId,
      member: { user: { id: alice.id } },
      authorizing_integration_owners: { [ApplicationIntegrationType.UserInstall]: alice.id },
      app_permissions: PRIVATE_APP_PERMISSIONS,
    });
    expect(Object.keys(payload.authorizing_integration_owners as object)).toEqual(['1']);
  });

  test('a server with the bot, for someone who also installed it: both owners', async () => {
    const { discord, alice, bob, guild, channel } = scene;
    const forAlice = payloadOf(
      (await discord.runCommand({ user: alice.id, channel: channel.id, name: 'anywhere' })).interactionId,
    );
    expect(forAlice.authorizing_integration_owners).toEqual({ '0': guild.id, '1': alice.id });
    expect(forAlice.app_permissions).toBe(String(discord.permissionsOf(scene.app.id, channel.id)));
    const forBob = payloadOf(
      (await discord.runCommand({ user: bob.id, channel: channel.id, name: 'anywhere' })).interactionId,
    );
    expect(forBob.authorizing_integration_owners).toEqual({ '0': guild.id });
  });

  test('the DM with the bot: context 1, "0" is "0"; a DM between people: context 2', async () => {
    const { discord, alice, bob } = scene;
    const botDm = payloadOf((await discord.runCommand({ user: alice.id, name: 'anywhere' })).interactionId);
    expect(botDm).toMatchObject({ context: 1, authorizing_integration_owners: { '0': '0', '1': alice.id } });
    const between = discord.dmBetween(alice.id, bob.id);
    const private_ = payloadOf(
      (await discord.runCommand({ user: alice.id, channel: between, name: 'anywhere' })).interactionId,
    );
    expect(private_).toMatchObject({
      context: 2,
      authorizing_integration_owners: { '1': alice.id },
      user: { id: alice.id },
    });
    expect(private_.channel).toMatchObject({ type: 1 });
  });
});

describe('where a command is offered', () => {
  test('contexts and integration_types, with the person’s own install, decide', async () => {
    const { discord, app, alice, bob } = scene;
    // serveronly allows servers only: the group DM has none of it.
    await expect(discord.runCommand({ user: alice.id, channel: friends, name: 'serveronly' })).rejects.toThrow(
      /not available in group DMs/,
    );
    expect((await discord.runCommand({ user: alice.id, channel: elsewhere.channelId, name: 'serveronly' })).ack).toBe(
      'reply',
    );
    // guildapp needs a guild install: nowhere the bot is not.
    await expect(discord.runCommand({ user: alice.id, channel: friends, name: 'guildapp' })).rejects.toThrow(
      ImpossibleActionError,
    );
    await expect(
      discord.runCommand({ user: alice.id, channel: elsewhere.channelId, name: 'guildapp' }),
    ).rejects.toThrow(ImpossibleActionError);
    // Bob has not installed the app: it does not follow him.
    await expect(discord.runCommand({ user: bob.id, channel: friends, name: 'anywhere' })).rejects.toThrow(
      ImpossibleActionError,
    );
    expect(discord.offeredCommands(app.id, alice.id, friends).map((command) => command.name)).toEqual(['anywhere']);
    expect(discord.offeredCommands(app.id, bob.id, friends)).toEqual([]);
    expect(
      discord
        .offeredCommands(app.id, alice.id, elsewhere.channelId)
        .map((command) => command.name)
        .sort(),
    ).toEqual(['anywhere', 'serveronly']);
  });

  test('a raw interaction takes the installs present: the person’s own in a group DM', async () => {
    const { discord, app, alice, bob } = scene;
    const command = discord.commands(app.id).find((registered) => registered.name === 'anywhere');
    const raw = { type: 2, channel: friends, data: { id: command?.id, name: 'anywhere', type: 1 } };
    const outcome = await discord.sendRawInteraction({ ...raw, user: alice.id });
    expect(outcome.ack).toBe('reply');
    expect(payloadOf(outcome.interactionId)).toMatchObject({
      context: 2,
      authorizing_integration_owners: { '1': alice.id },
    });
    await expect(discord.sendRawInteraction({ ...raw, user: bob.id })).rejects.toThrow(ImpossibleActionError);
  });

  test('uninstalling takes the commands away again', async () => {
    const { discord, app, alice } = scene;
    discord.uninstallFromUser(app.id, alice.id);
    try {
      await expect(discord.runCommand({ user: alice.id, channel: friends, name: 'anywhere' })).rejects.toThrow(
        ImpossibleActionError,
      );
    } finally {
      discord.installToUser(app.id, alice.id);
    }
  });

  test('a group DM holds people only', () => {
    const { discord, app, alice } = scene;
    expect(() => discord.createGroupDm({ ownerId: alice.id, recipients: [app.botUser.id] })).toThrow(
      ImpossibleActionError,
    );
  });
});

describe('the bot token where the bot is not a member', () => {
  test('posting, reading, editing and pinging answer 403 / 50001 Missing Access', async () => {
    const { discord, app, alice, bob } = scene;
    const reply = nextInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('expected a command');
      const response = await interaction.reply({ content: 'board', withResponse: true });
      return response.resource?.message;
    });
    await discord.runCommand({ user: alice.id, channel: friends, name: 'anywhere' });
    const board = await reply;
    if (!board) throw new Error('no reply message');
    for (const place of [friends, elsewhere.channelId]) {
      const attempts = [
        rawRest(discord, 'POST', `/channels/${place}/messages`, { token: app.token, body: { content: 'hi' } }),
        rawRest(discord, 'POST', `/channels/${place}/messages`, {
          token: app.token,
          body: { content: `<@${bob.id}>`, allowed_mentions: { users: [bob.id] } },
        }),
        rawRest(discord, 'GET', `/channels/${place}/messages`, { token: app.token }),
        rawRest(discord, 'GET', `/channels/${place}`, { token: app.token }),
      ];
      for (const answer of await Promise.all(attempts)) {
        expect(answer).toMatchObject({ status: 403, body: { code: 50001, message: 'Missing Access' } });
      }
    }
    const edit = await rawRest(discord, 'PATCH', `/channels/${friends}/messages/${board.id}`, {
      token: app.token,
      body: { content: 'edited' },
    });
    expect(edit).toMatchObject({ status: 403, body: { code: 50001 } });
    expect(discord.pingsOf(bob.id)).toEqual([]);
    expect(discord.message(board.id)?.content).toBe('board');
    expect(takeProblemCodes()).toEqual(Array(9).fill(50001));
  });

  test('the gateway sends nothing from those places but the interactions', async () => {
    const { discord, alice, channel } = scene;
    const before = dispatches.length;
    discord.postMessage({ user: alice.id, channel: friends, content: 'in the group DM' });
    discord.postMessage({ user: alice.id, channel: elsewhere.channelId, content: 'in the other server' });
    // A message where the bot is, as a marker that the dispatches have arrived.
    const marker = discord.postMessage({ user: alice.id, channel: channel.id, content: 'marker' });
    await discord.waitFor(() => dispatches.slice(before).some((packet) => packet.d.id === marker.id));
    const seen = dispatches.slice(before).map((packet) => packet.d.channel_id ?? packet.d.guild_id ?? packet.d.id);
    expect(seen).not.toContain(friends);
    expect(seen).not.toContain(elsewhere.channelId);
    expect(seen).not.toContain(elsewhere.guildId);
    expect(client.guilds.cache.has(elsewhere.guildId)).toBe(false);
  });
});

describe('interaction tokens and follow-ups under a user install', () => {
  test('the sixth follow-up is refused with 400 / 40094 where only "1" authorizes', async () => {
    const { discord, alice } = scene;
    const outcome = nextInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('expected a command');
      await interaction.reply('first');
      for (let n = 1; n <= 5; n++) await interaction.followUp(`follow-up ${n}`);
      return errorOf(interaction.followUp('follow-up 6'));
    });
    await discord.runCommand({ user: alice.id, channel: friends, name: 'anywhere' });
    const sixth = await outcome;
    expect({ status: sixth.status, code: sixth.code }).toEqual({ status: 400, code: 40094 });
    expect(sixth.message).toBe('This interaction has hit the maximum number of follow up messages');
    expect(takeProblemCodes()).toEqual([40094]);
  });

  test('where the bot is installed in the server, a sixth follow-up is fine', async () => {
    const { discord, alice, channel } = scene;
    const sent = nextInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('expected a command');
      await interaction.reply('first');
      for (let n = 1; n <= 6; n++) await interaction.followUp(`follow-up ${n}`);
      return true;
    });
    const { interactionId } = await discord.runCommand({ user: alice.id, channel: channel.id, name: 'anywhere' });
    expect(await sent).toBe(true);
    expect(discord.interaction(interactionId)?.followUpIds).toHaveLength(6);
  });

  test('after 15 minutes edits fail with 401 / 50027; a click brings a fresh token and updates in place', async () => {
    const { discord, alice, bob } = scene;
    const replied = deferred<{ edit: () => Promise<unknown> }>();
    handlers.set(async (interaction) => {
      if (interaction.isChatInputCommand()) {
        const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('roll').setLabel('Roll').setStyle(ButtonStyle.Primary),
        );
        await interaction.reply({ content: 'board v1', components: [row] });
        replied.resolve({ edit: () => interaction.editReply('board v2') });
      } else if (interaction.isButton()) {
        await interaction.update({ content: `board after ${interaction.user.username}` });
      }
    });
    const { message } = await discord.runCommand({ user: alice.id, channel: friends, name: 'anywhere' });
    if (!message) throw new Error('no reply');
    const { edit } = await replied.promise;
    discord.advanceClock(15 * 60_000 + 1_000);
    const expired = await errorOf(edit());
    expect({ status: expired.status, code: expired.code }).toEqual({ status: 401, code: 50027 });
    expect(takeProblemCodes()).toEqual([50027]);

    const click = await discord.clickButton({ user: bob.id, message: message.id, customId: 'roll' });
    expect(click.ack).toBe('update');
    expect(discord.message(message.id)?.content).toBe('board after bob');
    // Bob clicked, but alice's install authorizes the message's interactions.
    expect(payloadOf(click.interactionId)).toMatchObject({
      context: 2,
      user: { id: bob.id },
      authorizing_integration_owners: { '1': alice.id },
    });
  });
});

describe('Use External Apps (1 << 50)', () => {
  test('without it, in a server without the bot, every response is ephemeral whatever the app asks', async () => {
    const { discord, alice } = scene;
    discord.setChannelPermissions(elsewhere.channelId, alice.id, { deny: PermissionFlagsBits.UseExternalApps });
    try {
      const followUp = nextInteraction(async (interaction) => {
        if (!interaction.isChatInputCommand()) throw new Error('expected a command');
        await interaction.reply('meant for everyone');
        return (await interaction.followUp('also for everyone')).flags.has(MessageFlags.Ephemeral);
      });
      const outcome = await discord.runCommand({ user: alice.id, channel: elsewhere.channelId, name: 'anywhere' });
      expect(outcome.ephemeral).toBe(true);
      expect((outcome.message?.flags ?? 0) & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
      expect(await followUp).toBe(true);
      expect(discord.messageInfo(outcome.message?.id ?? '')?.visibleTo).toBe(alice.id);
    } finally {
      discord.setChannelPermissions(elsewhere.channelId, alice.id, {});
    }
  });

  test('with it the response is public; where the bot is in the server the permission does not matter', async () => {
    const { discord, app, alice, bob, channel } = scene;
    handlers.set(async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply('for everyone');
    });
    expect(
      (await discord.runCommand({ user: alice.id, channel: elsewhere.channelId, name: 'anywhere' })).ephemeral,
    ).toBe(false);
    // Bob (not the owner, whom no overwrite binds) installs the app too: "0" and "1" both authorize.
    discord.installToUser(app.id, bob.id);
    discord.setChannelPermissions(channel.id, bob.id, { deny: PermissionFlagsBits.UseExternalApps });
    try {
      const outcome = await discord.runCommand({ user: bob.id, channel: channel.id, name: 'anywhere' });
      expect(payloadOf(outcome.interactionId).authorizing_integration_owners).toEqual({
        '0': scene.guild.id,
        '1': bob.id,
      });
      expect(outcome.ephemeral).toBe(false);
    } finally {
      discord.setChannelPermissions(channel.id, bob.id, {});
      discord.uninstallFromUser(app.id, bob.id);
    }
  });
});
