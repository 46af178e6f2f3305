import { type Client, DiscordAPIError, Events, PermissionFlagsBits, Routes, SlashCommandBuilder } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  allChannelsId,
  type CommandPermission,
  CommandPermissionType,
  type CommandUse,
  mayUseCommand,
} from '../../src/emulator/command-permissions.js';
import { ALL_PERMISSIONS, DEFAULT_EVERYONE_PERMISSIONS } from '../../src/emulator/permissions.js';
import { connectClient, expectNothingWentWrong, InteractionHandlers, type Scene, startScene } from './helpers.js';

const GUILD = '1100000000000000000';
const CHANNEL = '1200000000000000000';
const OTHER_CHANNEL = '1200000000000000001';
const USER = '1300000000000000000';
const ROLE = '1400000000000000000';
const OTHER_ROLE = '1400000000000000001';
const MANAGE_GUILD = String(PermissionFlagsBits.ManageGuild);

const role = (id: string, permission: boolean): CommandPermission => ({
  id,
  type: CommandPermissionType.Role,
  permission,
});
const user = (id: string, permission: boolean): CommandPermission => ({
  id,
  type: CommandPermissionType.User,
  permission,
});
const channel = (id: string, permission: boolean): CommandPermission => ({
  id,
  type: CommandPermissionType.Channel,
  permission,
});

function use(overrides: Partial<CommandUse>): CommandUse {
  return {
    guildId: GUILD,
    userId: USER,
    roleIds: [ROLE],
    channelId: CHANNEL,
    channelPermissions: DEFAULT_EVERYONE_PERMISSIONS,
    defaultMemberPermissions: null,
    commandLevel: [],
    appLevel: [],
    ...overrides,
  };
}

describe('mayUseCommand (permissions v2)', () => {
  test.each<[string, Partial<CommandUse>, boolean]>([
    ['no overrides, no default permissions', {}, true],
    ['default permissions the member lacks', { defaultMemberPermissions: MANAGE_GUILD }, false],
    [
      'default permissions the member has',
      {
        defaultMemberPermissions: MANAGE_GUILD,
        channelPermissions: DEFAULT_EVERYONE_PERMISSIONS | PermissionFlagsBits.ManageGuild,
      },
      true,
    ],
    ['"0": nobody but admins', { defaultMemberPermissions: '0' }, false],
    ['an Administrator passes "0"', { defaultMemberPermissions: '0', channelPermissions: ALL_PERMISSIONS }, true],
    [
      'an Administrator passes a channel that disables the command',
      { channelPermissions: ALL_PERMISSIONS, commandLevel: [channel(CHANNEL, false)] },
      true,
    ],
    [
      'a command-level role allow overrides default permissions',
      { defaultMemberPermissions: MANAGE_GUILD, commandLevel: [role(ROLE, true)] },
      true,
    ],
    [
      'a command-level @everyone allow overrides "0"',
      { defaultMemberPermissions: '0', commandLevel: [role(GUILD, true)] },
      true,
    ],
    [
      'an app-level allow does not lift default permissions',
      { defaultMemberPermissions: MANAGE_GUILD, appLevel: [role(ROLE, true)] },
      false,
    ],
    ['an app-level @everyone deny', { appLevel: [role(GUILD, false)] }, false],
    [
      'a command-level role allow beats an app-level @everyone deny',
      { appLevel: [role(GUILD, false)], commandLevel: [role(ROLE, true)] },
      true,
    ],
    [
      'any allowed role wins over a denied one',
      { roleIds: [ROLE, OTHER_ROLE], commandLevel: [role(ROLE, false), role(OTHER_ROLE, true)] },
      true,
    ],
    ['a member override beats their role', { commandLevel: [role(ROLE, true), user(USER, false)] }, false],
    ['a role override beats @everyone', { commandLevel: [role(GUILD, false), role(ROLE, true)] }, true],
    ['a channel disabled at the app level', { appLevel: [channel(CHANNEL, false)] }, false],
    [
      'All Channels off, this channel on',
      { appLevel: [channel(allChannelsId(GUILD), false), channel(CHANNEL, true)] },
      true,
    ],
    [
      'All Channels off, another channel on',
      { appLevel: [channel(allChannelsId(GUILD), false), channel(OTHER_CHANNEL, true)] },
      false,
    ],
    [
      'a command-level channel allow beats the app-level deny',
      { appLevel: [channel(CHANNEL, false)], commandLevel: [channel(CHANNEL, true)] },
      true,
    ],
    [
      'a channel allow does not lift default permissions',
      { defaultMemberPermissions: MANAGE_GUILD, commandLevel: [channel(CHANNEL, true)] },
      false,
    ],
  ])('%s', (_name, overrides, allowed) => {
    expect(mayUseCommand(use(overrides)).allowed).toBe(allowed);
  });

  test('All Channels is the guild id minus one', () => {
    expect(allChannelsId('1100000000000000000')).toBe('1099999999999999999');
  });
});

describe('command permissions in the emulator', () => {
  let scene: Scene;
  let client: Client;
  let handlers: InteractionHandlers;
  const settings = new SlashCommandBuilder()
    .setName('settings')
    .setDescription('House rules')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild);

  beforeAll(async () => {
    scene = await startScene();
    client = await connectClient(scene.discord, scene.app.token);
    handlers = new InteractionHandlers(client);
    handlers.set(async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply({ content: 'ok' });
    });
    await client.rest.put(Routes.applicationGuildCommands(scene.app.id, scene.guild.id), {
      body: [settings.toJSON()],
    });
  });

  afterAll(async () => {
    await client?.destroy();
    await scene?.discord.stop();
  });

  afterEach(() => expectNothingWentWrong(scene, handlers));

  test('a member without Manage Server cannot invoke the command; a role override lets them, and the bot hears of it', async () => {
    const { discord, app, bob, guild, channel } = scene;
    await expect(discord.runCommand({ user: bob.id, channel: channel.id, name: 'settings' })).rejects.toThrow(
      /may not use \/settings here: lacks the permissions/,
    );
    const hosts = discord.createRole(guild.id, { name: 'Hosts', permissions: 0n });
    discord.assignRole(guild.id, bob.id, hosts.id);
    const heard = new Promise<{ id: string; permissions: readonly { id: string }[] }>((resolve) =>
      client.once(Events.ApplicationCommandPermissionsUpdate, resolve),
    );
    const set = discord.setCommandPermissions({
      app: app.id,
      guild: guild.id,
      command: 'settings',
      permissions: [{ id: hosts.id, type: CommandPermissionType.Role, permission: true }],
    });
    expect((await heard).permissions.map((entry) => entry.id)).toEqual([hosts.id]);
    const outcome = await discord.runCommand({ user: bob.id, channel: channel.id, name: 'settings' });
    expect(outcome.ack).toBe('reply');

    // The bot reads the overrides with its own token.
    expect(await client.rest.get(Routes.guildApplicationCommandsPermissions(app.id, guild.id))).toEqual([set]);
    expect(await client.rest.get(Routes.applicationCommandPermissions(app.id, guild.id, set.id))).toEqual(set);
    discord.setCommandPermissions({ app: app.id, guild: guild.id, command: 'settings', permissions: [] });
    const gone = await client.rest
      .get(Routes.applicationCommandPermissions(app.id, guild.id, set.id))
      .catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(DiscordAPIError);
    expect((gone as DiscordAPIError).code).toBe(10066);
    discord.clearProblems();
    await expect(discord.runCommand({ user: bob.id, channel: channel.id, name: 'settings' })).rejects.toThrow(
      /lacks the permissions/,
    );
  });

  test('an app-level channel override hides every command there, threads of it included; the owner still sees it', async () => {
    const { discord, app, alice, bob, guild, channel } = scene;
    discord.setMemberPermissions(guild.id, bob.id, PermissionFlagsBits.ManageGuild);
    const thread = discord.createThread(channel.id, { name: 'side', ownerId: bob.id, type: 11 });
    discord.setCommandPermissions({
      app: app.id,
      guild: guild.id,
      permissions: [{ id: channel.id, type: CommandPermissionType.Channel, permission: false }],
    });
    await expect(discord.runCommand({ user: bob.id, channel: channel.id, name: 'settings' })).rejects.toThrow(
      /disabled in channel/,
    );
    await expect(discord.runCommand({ user: bob.id, channel: thread.id, name: 'settings' })).rejects.toThrow(
      /disabled in channel/,
    );
    expect((await discord.runCommand({ user: alice.id, channel: channel.id, name: 'settings' })).ack).toBe('reply');
    discord.setCommandPermissions({ app: app.id, guild: guild.id, permissions: [] });
    expect((await discord.runCommand({ user: bob.id, channel: channel.id, name: 'settings' })).ack).toBe('reply');
  });

  test('the client offers a member only the commands they may use', () => {
    const { discord, app, alice, bob, guild, channel } = scene;
    const offered = (user: string) => discord.offeredCommands(app.id, user, channel.id).map((command) => command.name);
    discord.setMemberPermissions(guild.id, bob.id, 0n);
    expect(offered(alice.id)).toEqual(['settings']);
    expect(offered(bob.id)).toEqual([]);
  });

  test('overrides are validated as the PUT endpoint does', () => {
    const { discord, app, guild } = scene;
    expect(() =>
      discord.setCommandPermissions({
        app: app.id,
        guild: guild.id,
        permissions: [{ id: 'nope', type: 4, permission: true } as unknown as CommandPermission],
      }),
    ).toThrow(/Invalid Form Body/);
  });
});
