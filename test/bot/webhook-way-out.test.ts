/**
 * The board publisher where the bot is not a member (issue 42): a server that has not added Crag,
 * reached through a person's own install. Its redraws and turn pings go through the game's newest
 * interaction token, recorded in the store (so a restarted publisher goes on with it), never with
 * the bot's token; it sends no sixth follow-up and no request with a token past its 15 minutes (on
 * the emulator's clock, which the publisher reads), so the emulator's log holds no 40094, no 50027
 * and no 401 or 403.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ActionRowBuilder,
  ApplicationIntegrationType,
  ButtonBuilder,
  ButtonStyle,
  type Client,
  ContainerBuilder,
  InteractionContextType,
  MessageFlags,
  Routes,
  SlashCommandBuilder,
  TextDisplayBuilder,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardPublisher } from '../../src/bot/board-publisher.js';
import { HouseRules } from '../../src/bot/house-rules.js';
import { keepToken } from '../../src/bot/kept-token.js';
import { UNICODE_DICE } from '../../src/bot/render/index.js';
import { replyPrivately, updateClicked } from '../../src/bot/replies.js';
import { createGame, DEFAULT_RULES } from '../../src/game/index.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { createLogger } from '../../src/log.js';
import { type GameStore, openSqliteStore } from '../../src/store/index.js';
import { SqliteSettingsStore } from '../../src/store/settings/sqlite-settings-store.js';
import { connectClient, InteractionHandlers, type Scene, startScene } from '../emulator/helpers.js';

const warnings: unknown[] = [];
const START = new SlashCommandBuilder()
  .setName('start')
  .setDescription('Posts a board')
  .setIntegrationTypes(ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall)
  .setContexts(InteractionContextType.Guild);

describe('a board reached through interaction webhooks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crag-webhooks-'));
  const path = join(dir, 'crag.sqlite');
  let scene: Scene;
  let client: Client;
  let handlers: InteractionHandlers;
  let store: GameStore;
  let elsewhere: string;
  let elsewhereGuild: string;
  let gameId: number;
  let boardId: string;

  const publisherOn = (gameStore: GameStore) =>
    new BoardPublisher({
      client,
      store: gameStore,
      houseRules: new HouseRules({ store: new SqliteSettingsStore(path), languages: loadLanguages(), now: Date.now }),
      languages: loadLanguages(),
      log: createLogger('warn', (line) => warnings.push(line)),
      now: () => scene.discord.now(),
      dice: { faces: UNICODE_DICE },
      boardBack: () => {},
    });

  beforeAll(async () => {
    scene = await startScene();
    const { discord, app, alice, bob } = scene;
    const guild = discord.createGuild({ name: 'Elsewhere', ownerId: bob.id, members: [alice.id] });
    elsewhere = discord.createChannel(guild.id, { name: 'general' }).id;
    elsewhereGuild = guild.id;
    discord.installToUser(app.id, alice.id);
    client = await connectClient(discord, app.token);
    handlers = new InteractionHandlers(client);
    await client.rest.put(Routes.applicationCommands(app.id), { body: [START.toJSON()] });
    store = openSqliteStore(path, { now: () => discord.now() });
    const created = await store.createGame({
      guildId: guild.id,
      channelId: elsewhere,
      state: createGame(alice.id, DEFAULT_RULES, 'alice'),
      turnTimerSeconds: 60,
      hintsEnabled: true,
      viaWebhooks: true,
    });
    if (!created.ok) throw new Error(created.reason);
    gameId = created.game.id;
  });
  afterAll(async () => {
    await store?.close();
    client?.destroy();
    await scene?.discord.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Alice's /start posts the board as its reply; its token becomes the game's. */
  async function postBoard(boards: BoardPublisher): Promise<void> {
    handlers.set(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const reply = await interaction.reply({
        flags: MessageFlags.IsComponentsV2,
        components: [new TextDisplayBuilder().setContent('placeholder')],
        withResponse: true,
      });
      const posted = reply.resource?.message?.id ?? '';
      await store.setBoardMessage(gameId, posted);
      await boards.tokenFrom(gameId, {
        applicationId: interaction.applicationId,
        token: interaction.token,
        createdAt: interaction.createdTimestamp,
      });
      boardId = posted;
    });
    const outcome = await scene.discord.runCommand({ user: scene.alice.id, channel: elsewhere, name: 'start' });
    expect(outcome.ack, outcome.error ?? '').toBe('reply');
    await scene.discord.waitFor(() => boardId);
  }

  const webhookEdits = () => scene.discord.restCount('PATCH', '/webhooks/:appId/:token/messages/:messageId');
  const followUps = () => scene.discord.restCount('POST', '/webhooks/:appId/:token');

  it('redraws through the token, pings in follow-ups up to five, and a restart goes on with the stored token', async () => {
    const boards = publisherOn(store);
    await postBoard(boards);
    const game = await store.gameById(gameId);
    if (!game) throw new Error('no game');
    await boards.refresh(gameId);
    expect(webhookEdits()).toBe(1);
    // The board now shows the lobby as the bot draws it, not the command's placeholder.
    expect(scene.discord.message(boardId)?.edited_timestamp).not.toBeNull();
    expect(JSON.stringify(scene.discord.message(boardId)?.components)).toContain('a new game is open');

    const pings = [];
    for (let turn = 0; turn < 7; turn += 1)
      pings.push(await boards.postPing(game, `<@${scene.alice.id}> turn ${turn}`, scene.alice.id));
    expect(pings.filter((id) => id !== undefined)).toHaveLength(5);
    expect(pings.slice(5)).toEqual([undefined, undefined]);
    expect(followUps()).toBe(5);
    // A ping's delete would need the token that posted it: in such a place it stays, and nothing is sent.
    await boards.deletePing(game, pings[0] ?? '');

    // A restart: a new publisher on a newly opened store finds the token and its five follow-ups.
    await store.close();
    store = openSqliteStore(path, { now: () => scene.discord.now() });
    const restarted = publisherOn(store);
    await restarted.refresh(gameId);
    expect(webhookEdits()).toBe(2);
    expect(await restarted.postPing(game, 'one more', scene.alice.id)).toBeUndefined();
    expect(followUps()).toBe(5);
  });

  it('sixteen minutes without a press: no request at all, until a press brings a fresh token', async () => {
    const boards = publisherOn(store);
    scene.discord.advanceClock(16 * 60_000);
    const game = await store.gameById(gameId);
    if (!game) throw new Error('no game');
    await boards.refresh(gameId);
    expect(await boards.postPing(game, 'late', scene.alice.id)).toBeUndefined();
    expect(webhookEdits()).toBe(2);
    expect(followUps()).toBe(5);

    // A fresh interaction on the board (here a new /start reply) brings a token with time and follow-ups.
    boardId = '';
    await postBoard(boards);
    // The redraw no token could send is sent through the fresh one as soon as it is kept.
    await boards.redrawn(gameId);
    expect(webhookEdits()).toBe(3);
    await boards.refresh(gameId);
    expect(webhookEdits()).toBe(4);
    expect(await boards.postPing(game, 'back', scene.alice.id)).toBeDefined();
    expect(followUps()).toBe(6);
  });

  it("counts the press's own private follow-ups with its pings: five in all, never a sixth", async () => {
    const boards = publisherOn(store);
    const { discord, alice } = scene;
    const side = discord.createChannel(elsewhereGuild, { name: 'side' }).id;
    const created = await store.createGame({
      guildId: elsewhereGuild,
      channelId: side,
      state: createGame(alice.id, DEFAULT_RULES, 'alice'),
      turnTimerSeconds: 60,
      hintsEnabled: true,
      viaWebhooks: true,
    });
    if (!created.ok) throw new Error(created.reason);
    const pressedGame = created.game.id;
    let board = '';
    let pressed = false;
    handlers.set(async (interaction) => {
      if (interaction.isChatInputCommand()) {
        const reply = await interaction.reply({
          components: [
            new ActionRowBuilder<ButtonBuilder>().addComponents(
              new ButtonBuilder().setCustomId('press').setLabel('Press').setStyle(ButtonStyle.Primary),
            ),
          ],
          withResponse: true,
        });
        board = reply.resource?.message?.id ?? '';
        await keepToken(boards, interaction, pressedGame);
        await store.setBoardMessage(pressedGame, board);
        return;
      }
      if (!interaction.isButton()) return;
      // The press redraws the board, says something privately (as a hint or a refusal would after the
      // update), then keeps its token, and says something privately again: two follow-ups of its five.
      await updateClicked(interaction, { content: 'pressed', allowedMentions: { parse: [] } });
      await replyPrivately(interaction, 'before the token is kept');
      await keepToken(boards, interaction, pressedGame);
      await replyPrivately(interaction, 'after the token is kept');
      pressed = true;
    });
    const before = followUps();
    const started = await discord.runCommand({ user: alice.id, channel: side, name: 'start' });
    expect(started.ack, started.error ?? '').toBe('reply');
    await discord.waitFor(() => board);
    const press = await discord.clickButton({ user: alice.id, message: board, customId: 'press' });
    expect(press.ack, press.error ?? '').toBe('update');
    await discord.waitFor(() => pressed);
    expect(followUps() - before).toBe(2);
    expect((await store.webhooks.of(pressedGame))?.followUpsUsed).toBe(2);

    // The pings that follow have three follow-ups left of that token, not five.
    const game = await store.gameById(pressedGame);
    if (!game) throw new Error('no game');
    const pings = [];
    for (let turn = 0; turn < 5; turn += 1)
      pings.push(await boards.postPing(game, `<@${alice.id}> turn ${turn}`, alice.id));
    expect(pings.filter((id) => id !== undefined)).toHaveLength(3);
    expect(followUps() - before).toBe(5);
    // Nor may the handler's own follow-ups go past five once the pings took the rest.
    pressed = false;
    handlers.set(async (interaction) => {
      if (!interaction.isButton()) return;
      await updateClicked(interaction, { content: 'pressed again', allowedMentions: { parse: [] } });
      await keepToken(boards, interaction, pressedGame);
      for (let note = 0; note < 7; note += 1) await replyPrivately(interaction, `note ${note}`);
      pressed = true;
    });
    await discord.clickButton({ user: alice.id, message: board, customId: 'press' });
    await discord.waitFor(() => pressed);
    expect(followUps() - before).toBe(10);
    expect(await boards.postPing(game, 'no room', alice.id)).toBeUndefined();
    expect(discord.problems.map((problem) => problem.code)).not.toContain(40094);
  });

  it('never used the bot token in that channel, nor a token past its limits', () => {
    const codes = scene.discord.problems.map((problem) => problem.code);
    expect(codes).not.toContain(40094);
    expect(codes).not.toContain(50027);
    expect(codes).not.toContain(50001);
    expect(scene.discord.invalidRequests({ appId: scene.app.id })).toBe(0);
    expect(scene.discord.restCount('POST', '/channels/:channelId/messages')).toBe(0);
    expect(scene.discord.restCount('PATCH', '/channels/:channelId/messages/:messageId')).toBe(0);
    expect(handlers.errors).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it("reads the game's token only for a game reached through webhooks: a bot-token game costs no read", async () => {
    let reads = 0;
    const of = store.webhooks.of.bind(store.webhooks);
    store.webhooks.of = (id: number) => {
      reads += 1;
      return of(id);
    };
    const boards = publisherOn(store);
    const created = await store.createGame({
      guildId: scene.guild.id,
      channelId: scene.channel.id,
      state: createGame(scene.alice.id, DEFAULT_RULES, 'alice'),
      turnTimerSeconds: 60,
      hintsEnabled: true,
    });
    if (!created.ok) throw new Error(created.reason);
    await boards.post(created.game, {
      flags: MessageFlags.IsComponentsV2,
      components: [
        new ContainerBuilder().addTextDisplayComponents(new TextDisplayBuilder().setContent('placeholder')).toJSON(),
      ],
      allowedMentions: { parse: [] },
    });
    const posted = await store.gameById(created.game.id);
    if (!posted?.boardMessageId) throw new Error('no board');
    await boards.refresh(posted.id);
    const ping = await boards.postPing(posted, `<@${scene.alice.id}> your turn`, scene.alice.id);
    expect(ping).toBeDefined();
    await boards.deletePing(posted, ping ?? '');
    // A new board replaces the old one, which is retired with the bot's token.
    const newer = await boards.postPing(posted, 'a newer board', scene.alice.id);
    await boards.adopt(posted, newer ?? '', posted.state.version);
    expect(scene.discord.message(posted.boardMessageId)?.edited_timestamp).not.toBeNull();
    expect(reads).toBe(0);

    // The game reached through webhooks reads its token once per redraw, as before.
    await boards.refresh(gameId);
    expect(reads).toBe(1);
    store.webhooks.of = of;
  });
});
