import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type ChatInputCommandInteraction,
  type Client,
  ComponentType,
  DiscordAPIError,
  InteractionContextType,
  type Message,
  MessageFlags,
  ModalBuilder,
  PermissionFlagsBits,
  Routes,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import { beforeAll, describe, expect, test } from 'vitest';
import { ImpossibleActionError, MessageFlag } from '../../src/emulator/index.js';
import { deferred, type InteractionHandlers, rawRest, type Scene, useConnectedScene } from './helpers.js';

let scene: Scene;
let client: Client;
let handlers: InteractionHandlers;

const cragCommand = new SlashCommandBuilder()
  .setName('crag')
  .setDescription('Play Crag')
  .addSubcommand((sub) =>
    sub
      .setName('start')
      .setDescription('Start a game')
      .addIntegerOption((option) => option.setName('rerolls').setDescription('Rerolls').setMinValue(0).setMaxValue(3))
      .addUserOption((option) => option.setName('opponent').setDescription('Who to play'))
      .addStringOption((option) =>
        option
          .setName('mode')
          .setDescription('Mode')
          .addChoices({ name: 'Classic', value: 'classic' }, { name: 'Quick', value: 'quick' }),
      ),
  )
  .addSubcommand((sub) => sub.setName('stop').setDescription('Stop the game'));

const modCommand = new SlashCommandBuilder()
  .setName('mod')
  .setDescription('Moderate')
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageMessages);

const helpCommand = new SlashCommandBuilder()
  .setName('help')
  .setDescription('How to play')
  .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM);

const { textChannel } = useConnectedScene((connected) => ({ scene, client, handlers } = connected), {
  guildCommands: [cragCommand, modCommand],
});

beforeAll(async () => {
  await client.rest.put(Routes.applicationCommands(scene.app.id), { body: [helpCommand.toJSON()] });
});

function buttons(...built: ButtonBuilder[]) {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(...built);
}

/** The bot posts a message with components, as a game board would be. */
async function postBoard(components: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[]): Promise<Message> {
  return textChannel().send({ content: 'Board', components });
}

describe('slash commands', () => {
  test('arrive with subcommand, options, resolved user and member; reply posts a public message', async () => {
    const { discord, alice, bob, channel } = scene;
    const seen = deferred<ChatInputCommandInteraction>();
    handlers.set(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      seen.resolve(interaction);
      await interaction.reply({ content: `Game on, ${interaction.user.username}` });
    });
    const outcome = await discord.runCommand({
      user: alice.id,
      channel: channel.id,
      name: 'crag',
      subcommand: 'start',
      options: { rerolls: 2, opponent: bob.id, mode: 'quick' },
    });
    const interaction = await seen.promise;
    expect(interaction.commandName).toBe('crag');
    expect(interaction.options.getSubcommand()).toBe('start');
    expect(interaction.options.getInteger('rerolls')).toBe(2);
    expect(interaction.options.getString('mode')).toBe('quick');
    expect(interaction.options.getUser('opponent')?.username).toBe('bob');
    expect(interaction.options.getMember('opponent')).not.toBeNull();
    expect(interaction.inCachedGuild()).toBe(true);
    expect(interaction.member?.user.id).toBe(alice.id);
    expect(interaction.channelId).toBe(channel.id);
    expect(interaction.memberPermissions?.has(PermissionFlagsBits.Administrator)).toBe(true);
    expect(interaction.appPermissions.has(PermissionFlagsBits.SendMessages)).toBe(true);

    expect(outcome).toMatchObject({ ack: 'reply', ephemeral: false, error: null });
    expect(outcome.message?.content).toBe('Game on, alice');
    expect(outcome.message?.interaction_metadata).toMatchObject({ id: outcome.interactionId, type: 2 });
    // The command's name "including subcommands", as Discord's client shows it above the answer.
    expect(outcome.message?.interaction).toMatchObject({ name: 'crag start', user: { id: alice.id } });
    expect(discord.messagesSeenBy(bob.id, channel.id).at(-1)?.id).toBe(outcome.message?.id);
  });

  test('options a user could not type are impossible', async () => {
    const { discord, alice, channel } = scene;
    const run = (options: Parameters<typeof discord.runCommand>[0]) => discord.runCommand(options);
    await expect(run({ user: alice.id, channel: channel.id, name: 'nope' })).rejects.toThrow(ImpossibleActionError);
    await expect(run({ user: alice.id, channel: channel.id, name: 'crag' })).rejects.toThrow(/needs a subcommand/);
    await expect(
      run({ user: alice.id, channel: channel.id, name: 'crag', subcommand: 'start', options: { colour: 'red' } }),
    ).rejects.toThrow(/no option "colour"/);
    await expect(
      run({ user: alice.id, channel: channel.id, name: 'crag', subcommand: 'start', options: { rerolls: 9 } }),
    ).rejects.toThrow(/out of range/);
    await expect(
      run({ user: alice.id, channel: channel.id, name: 'crag', subcommand: 'start', options: { mode: 'slow' } }),
    ).rejects.toThrow(/not one of its choices/);
  });

  test('default_member_permissions gate a command until the member has them', async () => {
    const { discord, bob, guild, channel } = scene;
    handlers.set(async (interaction) => {
      if (interaction.isChatInputCommand()) {
        await interaction.reply({
          content: String(interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages)),
        });
      }
    });
    await expect(discord.runCommand({ user: bob.id, channel: channel.id, name: 'mod' })).rejects.toThrow(
      /lacks the permissions/,
    );
    discord.setMemberPermissions(guild.id, bob.id, PermissionFlagsBits.ManageMessages);
    const outcome = await discord.runCommand({ user: bob.id, channel: channel.id, name: 'mod' });
    expect(outcome.message?.content).toBe('true');
  });

  test('deferReply shows a placeholder that editReply fills; followUp posts another message', async () => {
    const { discord, alice, channel } = scene;
    const release = deferred<void>();
    handlers.set(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      await release.promise;
      await interaction.editReply('Rolled 4 4 6');
      await interaction.followUp('Your turn, bob');
    });
    const outcome = await discord.runCommand({ user: alice.id, channel: channel.id, name: 'crag', subcommand: 'stop' });
    expect(outcome.ack).toBe('deferred-reply');
    expect((outcome.message?.flags ?? 0) & MessageFlag.Loading).toBe(MessageFlag.Loading);
    release.resolve();
    const reply = await discord.waitForReply(outcome.interactionId);
    expect(reply.id).toBe(outcome.message?.id);
    expect(reply.content).toBe('Rolled 4 4 6');
    const followUp = await discord.waitFor(() => discord.interaction(outcome.interactionId)?.followUpIds[0]);
    expect(discord.message(followUp)?.content).toBe('Your turn, bob');
    expect(discord.message(followUp)?.interaction_metadata).toMatchObject({ original_response_message_id: reply.id });
  });

  test('a deferred reply takes no flag but Ephemeral; its first follow-up may make it Components V2', async () => {
    const { discord, alice, channel } = scene;
    const refused = deferred<unknown>();
    handlers.set(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction
        .deferReply({ flags: MessageFlags.IsComponentsV2 as number })
        .then(() => refused.resolve(undefined), refused.resolve);
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      await interaction.followUp({
        flags: MessageFlags.IsComponentsV2 | MessageFlags.Ephemeral,
        components: [{ type: ComponentType.TextDisplay, content: 'Your file is ready' }],
      });
    });
    const outcome = await discord.runCommand({ user: alice.id, channel: channel.id, name: 'crag', subcommand: 'stop' });
    expect(await refused.promise).toMatchObject({ status: 400, code: 50035 });
    const reply = await discord.waitForReply(outcome.interactionId);
    expect(reply.flags & MessageFlag.IsComponentsV2).toBe(MessageFlag.IsComponentsV2);
    expect(reply.flags & MessageFlag.Ephemeral).toBe(MessageFlag.Ephemeral);
    expect(reply.components).toEqual([expect.objectContaining({ content: 'Your file is ready' })]);
    scene.discord.clearProblems();
  });

  test('the first follow-up after a deferReply replaces the placeholder, as on Discord', async () => {
    const { discord, alice, channel } = scene;
    handlers.set(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      await interaction.followUp({ content: 'Only you see this' });
    });
    const outcome = await discord.runCommand({ user: alice.id, channel: channel.id, name: 'crag', subcommand: 'stop' });
    const reply = await discord.waitForReply(outcome.interactionId);
    expect(reply.id).toBe(outcome.message?.id);
    expect(reply.content).toBe('Only you see this');
    expect(reply.flags & MessageFlag.Ephemeral).toBe(MessageFlag.Ephemeral);
    expect(discord.interaction(outcome.interactionId)?.followUpIds).toEqual([]);
  });

  test('withResponse returns the callback response with the created message', async () => {
    const { discord, alice, channel } = scene;
    const response = deferred<string | undefined>();
    handlers.set(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const callback = await interaction.reply({ content: 'With response', withResponse: true });
      response.resolve(callback.resource?.message?.id);
    });
    const outcome = await discord.runCommand({ user: alice.id, channel: channel.id, name: 'crag', subcommand: 'stop' });
    expect(await response.promise).toBe(outcome.message?.id);
  });

  test('a DM command carries the user and no member', async () => {
    const { discord, alice, app } = scene;
    const seen = deferred<{ inGuild: boolean; userId: string; channelId: string | null }>();
    handlers.set(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      seen.resolve({ inGuild: interaction.inGuild(), userId: interaction.user.id, channelId: interaction.channelId });
      await interaction.reply('Roll three dice.');
    });
    const outcome = await discord.runCommand({ user: alice.id, name: 'help' });
    expect(await seen.promise).toEqual({
      inGuild: false,
      userId: alice.id,
      channelId: discord.dmChannel(alice.id, app.id),
    });
    expect(outcome.message?.content).toBe('Roll three dice.');
    await expect(discord.runCommand({ user: alice.id, name: 'crag', subcommand: 'stop' })).rejects.toThrow(
      ImpossibleActionError,
    );
  });
});

describe('components', () => {
  test('a button click answered with update edits the message in place', async () => {
    const { discord, bob, channel } = scene;
    const board = await postBoard([
      buttons(new ButtonBuilder().setCustomId('roll').setLabel('Roll').setStyle(ButtonStyle.Primary)),
    ]);
    handlers.set(async (interaction) => {
      if (interaction.isButton() && interaction.customId === 'roll') {
        await interaction.update({ content: `Rolled by ${interaction.user.username}`, components: [] });
      }
    });
    const before = discord.messagesSeenBy(bob.id, channel.id).length;
    const outcome = await discord.clickButton({ user: bob.id, message: board.id, customId: 'roll' });
    expect(outcome.ack).toBe('update');
    expect(outcome.message?.id).toBe(board.id);
    expect(discord.message(board.id)?.content).toBe('Rolled by bob');
    expect(discord.message(board.id)?.components).toEqual([]);
    expect(discord.messagesSeenBy(bob.id, channel.id)).toHaveLength(before);
  });

  test('deferUpdate then editReply edits the clicked message', async () => {
    const { discord, alice } = scene;
    const board = await postBoard([
      buttons(new ButtonBuilder().setCustomId('hold').setLabel('Hold').setStyle(ButtonStyle.Secondary)),
    ]);
    handlers.set(async (interaction) => {
      if (!interaction.isButton()) return;
      await interaction.deferUpdate();
      await interaction.editReply({ content: 'Held' });
    });
    const outcome = await discord.clickButton({ user: alice.id, message: board.id, label: 'Hold' });
    expect(outcome.ack).toBe('deferred-update');
    await discord.waitFor(() => discord.message(board.id)?.content === 'Held');
  });

  test('only buttons on the current message, enabled and not links, can be clicked', async () => {
    const { discord, alice } = scene;
    const board = await postBoard([
      buttons(
        new ButtonBuilder().setCustomId('live').setLabel('Live').setStyle(ButtonStyle.Primary),
        new ButtonBuilder().setCustomId('off').setLabel('Off').setStyle(ButtonStyle.Primary).setDisabled(true),
        new ButtonBuilder().setURL('https://example.com/rules').setLabel('Rules').setStyle(ButtonStyle.Link),
      ),
    ]);
    await expect(discord.clickButton({ user: alice.id, message: board.id, customId: 'ghost' })).rejects.toThrow(
      /no button/,
    );
    await expect(discord.clickButton({ user: alice.id, message: board.id, customId: 'off' })).rejects.toThrow(
      /disabled/,
    );
    await expect(discord.clickButton({ user: alice.id, message: board.id, label: 'Rules' })).rejects.toThrow(/link/);
    await board.edit({
      components: [buttons(new ButtonBuilder().setCustomId('next').setLabel('Next').setStyle(ButtonStyle.Primary))],
    });
    await expect(discord.clickButton({ user: alice.id, message: board.id, customId: 'live' })).rejects.toThrow(
      /no button/,
    );
  });

  test('a select takes only offered values, within min and max', async () => {
    const { discord, alice } = scene;
    const select = new StringSelectMenuBuilder()
      .setCustomId('row')
      .setPlaceholder('Score in…')
      .addOptions({ label: 'Crag', value: 'crag' }, { label: 'Threes', value: 'threes' });
    const board = await postBoard([new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(select)]);
    const chosen = deferred<string[]>();
    handlers.set(async (interaction) => {
      if (!interaction.isStringSelectMenu()) return;
      chosen.resolve(interaction.values);
      await interaction.update({ content: `Scored ${interaction.values[0]}` });
    });
    await expect(
      discord.chooseOption({ user: alice.id, message: board.id, customId: 'row', values: ['sevens'] }),
    ).rejects.toThrow(/offers no value/);
    await expect(
      discord.chooseOption({ user: alice.id, message: board.id, customId: 'row', values: ['crag', 'threes'] }),
    ).rejects.toThrow(/takes 1–1 values/);
    const outcome = await discord.chooseOption({
      user: alice.id,
      message: board.id,
      customId: 'row',
      values: ['crag'],
    });
    expect(await chosen.promise).toEqual(['crag']);
    expect(outcome.message?.content).toBe('Scored crag');
  });

  test('an ephemeral reply is seen only by its user, and only they can click it', async () => {
    const { discord, alice, bob, channel, app } = scene;
    handlers.set(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.reply({
        content: 'Your dice',
        flags: MessageFlags.Ephemeral,
        components: [buttons(new ButtonBuilder().setCustomId('mine').setLabel('Keep').setStyle(ButtonStyle.Success))],
      });
    });
    const outcome = await discord.runCommand({ user: alice.id, channel: channel.id, name: 'crag', subcommand: 'stop' });
    const id = outcome.message?.id ?? '';
    expect(outcome.ephemeral).toBe(true);
    expect(discord.messagesSeenBy(alice.id, channel.id).map((message) => message.id)).toContain(id);
    expect(discord.messagesSeenBy(bob.id, channel.id).map((message) => message.id)).not.toContain(id);
    await expect(discord.clickButton({ user: bob.id, message: id, customId: 'mine' })).rejects.toThrow(/ephemeral/);
    // Channel routes do not know ephemeral messages.
    await expect(textChannel().messages.fetch(id)).rejects.toMatchObject({ code: 10008 });
    expect(discord.problems.map((problem) => problem.code)).toEqual([10008]);
    discord.clearProblems();
    expect(app.id).toBe(outcome.message?.application_id);
  });

  test('a button can be picked by predicate; deleteReply removes the response', async () => {
    const { discord, alice, channel } = scene;
    handlers.set(async (interaction) => {
      if (interaction.isChatInputCommand()) {
        await interaction.reply({
          content: 'Pick',
          components: [buttons(new ButtonBuilder().setCustomId('die:2').setLabel('⚀').setStyle(ButtonStyle.Primary))],
        });
      } else if (interaction.isButton()) {
        await interaction.deferUpdate();
        await interaction.deleteReply();
      }
    });
    const reply = await discord.runCommand({ user: alice.id, channel: channel.id, name: 'crag', subcommand: 'stop' });
    const id = reply.message?.id ?? '';
    await discord.clickButton({
      user: alice.id,
      message: id,
      where: (button) => String(button.custom_id).startsWith('die:'),
    });
    await discord.waitFor(() => discord.message(id) === undefined);
    expect(discord.messagesSeenBy(alice.id, channel.id).map((message) => message.id)).not.toContain(id);
  });

  test('showModal acknowledges with the modal', async () => {
    const { discord, alice, channel } = scene;
    handlers.set(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.showModal(
        new ModalBuilder()
          .setCustomId('rename')
          .setTitle('Rename the game')
          .addComponents(
            new ActionRowBuilder<TextInputBuilder>().addComponents(
              new TextInputBuilder().setCustomId('name').setLabel('Name').setStyle(TextInputStyle.Short),
            ),
          ),
      );
    });
    const outcome = await discord.runCommand({ user: alice.id, channel: channel.id, name: 'crag', subcommand: 'stop' });
    expect(outcome).toMatchObject({
      ack: 'modal',
      message: null,
      modal: { custom_id: 'rename', title: 'Rename the game' },
    });
  });

  test('a raw interaction with a forged custom_id reaches the bot unchecked', async () => {
    const { discord, alice } = scene;
    const board = await postBoard([
      buttons(new ButtonBuilder().setCustomId('real').setLabel('Real').setStyle(ButtonStyle.Primary)),
    ]);
    const received = deferred<string>();
    handlers.set(async (interaction) => {
      if (!interaction.isButton()) return;
      received.resolve(interaction.customId);
      await interaction.reply({ content: 'Nice try', flags: MessageFlags.Ephemeral });
    });
    const outcome = await discord.sendRawInteraction({
      user: alice.id,
      message: board.id,
      type: 3,
      data: { custom_id: 'forged:9999', component_type: 2 },
    });
    expect(await received.promise).toBe('forged:9999');
    expect(outcome.ack).toBe('reply');
  });
});

describe("Discord's interaction rules", () => {
  test('an interaction for a bot that is not connected fails, and says why', async () => {
    const { discord, alice, guild, channel } = scene;
    const idle = discord.createApplication({ name: 'Idle' });
    discord.addBot(guild.id, idle.id);
    const registered = await rawRest(discord, 'PUT', Routes.applicationGuildCommands(idle.id, guild.id), {
      token: idle.token,
      body: [helpCommand.toJSON()],
    });
    expect(registered.status).toBe(200);
    const pending = discord.runCommand({ user: alice.id, channel: channel.id, name: 'help', app: idle.id });
    discord.advanceClock(3_001);
    const outcome = await pending;
    expect(outcome.ack).toBe('failed');
    expect(outcome.error).toMatch(/no gateway session/);
    expect(discord.problems.map((problem) => problem.kind)).toEqual(['interaction-failed']);
    discord.clearProblems();
  });

  test('a reply after 3 seconds gets 10062 and the user sees the interaction fail', async () => {
    const { discord, alice, channel } = scene;
    const replyError = deferred<unknown>();
    handlers.set(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await new Promise((resolve) => setTimeout(resolve, 3_200));
      await interaction.reply('Too late').catch((error: unknown) => replyError.resolve(error));
    });
    const outcome = await discord.runCommand({ user: alice.id, channel: channel.id, name: 'crag', subcommand: 'stop' });
    expect(outcome.ack).toBe('failed');
    const error = await replyError.promise;
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect((error as DiscordAPIError).code).toBe(10062);
    expect(discord.interaction(outcome.interactionId)?.status).toBe('failed');
    expect(discord.problems.map((problem) => problem.kind)).toEqual(['interaction-failed', 'late-ack']);
    discord.clearProblems();
  });

  test('a second acknowledgement gets 40060', async () => {
    const { discord, alice, channel } = scene;
    const secondAck = deferred<unknown>();
    handlers.set(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.reply('First');
      // discord.js refuses a second reply itself, so go around it as a buggy bot might.
      await client.rest
        .post(Routes.interactionCallback(interaction.id, interaction.token), {
          body: { type: 4, data: { content: 'Second' } },
          auth: false,
        })
        .catch((error: unknown) => secondAck.resolve(error));
    });
    await discord.runCommand({ user: alice.id, channel: channel.id, name: 'crag', subcommand: 'stop' });
    expect(await secondAck.promise).toMatchObject({ code: 40060, status: 400 });
    expect(discord.problems.map((problem) => problem.kind)).toEqual(['double-ack']);
    discord.clearProblems();
  });

  test('the interaction token stops working after 15 minutes (50027)', async () => {
    const { discord, alice, channel } = scene;
    const later = deferred<void>();
    const followUpError = deferred<unknown>();
    handlers.set(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.reply('Started');
      await later.promise;
      await interaction.followUp('Still here?').catch((error: unknown) => followUpError.resolve(error));
    });
    await discord.runCommand({ user: alice.id, channel: channel.id, name: 'crag', subcommand: 'stop' });
    discord.advanceClock(15 * 60_000 + 1_000);
    later.resolve();
    expect(await followUpError.promise).toMatchObject({ code: 50027, status: 401 });
    expect(discord.problems.map((problem) => problem.code)).toEqual([50027]);
    discord.clearProblems();
  });

  test('an invalid response body is refused with 50035 and leaves the interaction unanswered', async () => {
    const { discord, alice, channel } = scene;
    const refused = deferred<unknown>();
    handlers.set(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await client.rest
        .post(Routes.interactionCallback(interaction.id, interaction.token), {
          body: { type: 4, data: { content: 'x'.repeat(2001) } },
          auth: false,
        })
        .catch((error: unknown) => refused.resolve(error));
      await interaction.reply('Shorter');
    });
    const outcome = await discord.runCommand({ user: alice.id, channel: channel.id, name: 'crag', subcommand: 'stop' });
    const error = (await refused.promise) as DiscordAPIError;
    expect(error.code).toBe(50035);
    expect(error.rawError).toMatchObject({
      errors: { data: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } },
    });
    expect(outcome.message?.content).toBe('Shorter');
    expect(discord.problems.map((problem) => problem.code)).toEqual([50035]);
    discord.clearProblems();
  });
});
