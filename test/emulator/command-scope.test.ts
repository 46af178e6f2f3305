import {
  ApplicationIntegrationType,
  type Client,
  InteractionContextType,
  Locale,
  Routes,
  SlashCommandBuilder,
} from 'discord.js';
import { beforeAll, describe, expect, test } from 'vitest';
import { ImpossibleActionError } from '../../src/emulator/index.js';
import { type InteractionHandlers, rawRest, type Scene, useConnectedScene } from './helpers.js';

let scene: Scene;
let client: Client;
let handlers: InteractionHandlers;

const { takeProblems } = useConnectedScene((connected) => ({ scene, client, handlers } = connected));

beforeAll(async () => {
  handlers.set(async (interaction) => {
    if (interaction.isChatInputCommand()) await interaction.reply('ok');
  });
});

/** Registers raw JSON (discord.js builders would refuse it client-side) and returns the error tree. */
async function refused(body: unknown): Promise<unknown> {
  const { discord, app } = scene;
  const response = await rawRest(discord, 'PUT', `/applications/${app.id}/commands`, {
    token: app.token,
    body: [body],
  });
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ code: 50035 });
  takeProblems();
  return (response.body as { errors: { 0: unknown } }).errors[0];
}

const localized = new SlashCommandBuilder()
  .setName('crag')
  .setNameLocalizations({ [Locale.Russian]: 'крэг', [Locale.Hindi]: 'क्रैग', [Locale.German]: 'crag' })
  .setDescription('Play Crag')
  .setDescriptionLocalizations({ [Locale.Russian]: 'Играть в Крэг' })
  .setContexts(InteractionContextType.Guild)
  .setIntegrationTypes(ApplicationIntegrationType.GuildInstall)
  .addStringOption((option) =>
    option
      .setName('level')
      .setNameLocalizations({ [Locale.Russian]: 'уровень' })
      .setDescription('How hard')
      .setDescriptionLocalizations({ [Locale.Russian]: 'Насколько сложно' })
      .addChoices({ name: 'easy', value: 'easy', name_localizations: { [Locale.Russian]: 'лёгкий' } }),
  );

describe('registration', () => {
  test('localized commands, options and choices are accepted and kept', async () => {
    const { discord, app } = scene;
    await client.rest.put(Routes.applicationCommands(app.id), { body: [localized.toJSON()] });
    const [command] = discord.commands(app.id);
    expect(command?.name_localizations).toEqual({ ru: 'крэг', hi: 'क्रैग', de: 'crag' });
    expect(command?.options?.[0]?.choices?.[0]?.name_localizations).toEqual({ ru: 'лёгкий' });
    expect(command).toMatchObject({ contexts: [0], integration_types: [0] });
  });

  test.each([
    ['an unknown locale key', { name_localizations: { en: 'crag' } }, ['name_localizations', 'en']],
    ['a localized name with a space', { name_localizations: { fr: 'le crag' } }, ['name_localizations', 'fr']],
    ['an upper-case localized name', { name_localizations: { de: 'Crag' } }, ['name_localizations', 'de']],
    ['a localized name over 32', { name_localizations: { ru: 'к'.repeat(33) } }, ['name_localizations', 'ru']],
    [
      'a localized description over 100',
      { description_localizations: { ru: 'д'.repeat(101) } },
      ['description_localizations', 'ru'],
    ],
    ['an unknown integration type', { integration_types: [0, 5] }, ['integration_types', '1']],
    ['an unknown context', { contexts: [3] }, ['contexts', '0']],
    [
      'a bad option localization',
      { options: [{ type: 3, name: 'level', description: 'x', name_localizations: { xx: 'level' } }] },
      ['options', '0', 'name_localizations', 'xx'],
    ],
    [
      'a choice localization over 100',
      {
        options: [
          {
            type: 3,
            name: 'level',
            description: 'x',
            choices: [{ name: 'easy', value: 'easy', name_localizations: { ru: 'л'.repeat(101) } }],
          },
        ],
      },
      ['options', '0', 'choices', '0', 'name_localizations', 'ru'],
    ],
  ])('%s → 50035 at its path', async (_name, extra, path) => {
    let node = (await refused({ name: 'crag', description: 'Play', ...extra })) as Record<string, unknown>;
    for (const key of path) node = node[key] as Record<string, unknown>;
    expect(node._errors).toEqual([expect.objectContaining({ code: expect.any(String) })]);
  });
});

describe('where a command can run', () => {
  test('contexts and integration types decide where users can run a command', async () => {
    const { discord, app, alice, channel } = scene;
    await client.rest.put(Routes.applicationCommands(app.id), {
      body: [
        new SlashCommandBuilder().setName('guildonly').setDescription('x').setContexts(InteractionContextType.Guild),
        new SlashCommandBuilder().setName('dmonly').setDescription('x').setContexts(InteractionContextType.BotDM),
        new SlashCommandBuilder()
          .setName('userapp')
          .setDescription('x')
          .setIntegrationTypes(ApplicationIntegrationType.UserInstall),
      ].map((builder) => builder.toJSON()),
    });
    expect((await discord.runCommand({ user: alice.id, channel: channel.id, name: 'guildonly' })).ack).toBe('reply');
    await expect(discord.runCommand({ user: alice.id, name: 'guildonly' })).rejects.toThrow(/not available in DMs/);
    expect((await discord.runCommand({ user: alice.id, name: 'dmonly' })).ack).toBe('reply');
    await expect(discord.runCommand({ user: alice.id, channel: channel.id, name: 'dmonly' })).rejects.toThrow(
      /not available in guilds/,
    );
    await expect(discord.runCommand({ user: alice.id, channel: channel.id, name: 'userapp' })).rejects.toThrow(
      ImpossibleActionError,
    );
  });

  test('a guild-installed command cannot be run in a guild the app is not in', async () => {
    const { discord, alice } = scene;
    const elsewhere = discord.createGuild({ name: 'No bot here', ownerId: alice.id });
    const channel = discord.createChannel(elsewhere.id, { name: 'general' });
    await expect(discord.runCommand({ user: alice.id, channel: channel.id, name: 'guildonly' })).rejects.toThrow(
      /no command \/guildonly/,
    );
  });
});
