import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controls, currentPlayerId, title } from '../../harness/board.js';
import { readDatabase } from '../../harness/bot-database.js';
import { Permission } from '../../src/emulator/index.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

/** One turn-timer "minute" in these tests: the grace for a lost board (5 of them) is a second. */
const UNIT_MS = 200;

/**
 * What real Discord does when the bot loses its way to a board: the channel or message goes, or its
 * access does. The bot must stop trying at the first failure (Discord bans an address for a while
 * after 10,000 failed requests in 10 minutes), bring the board back through the next person's own
 * interaction, and end games nobody can see.
 */
describe('lost access', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;
  beforeAll(async () => {
    world = await TestWorld.create({
      people: 4,
      channels: ['hidden', 'deleted-board', 'comeback', 'gone', 'kicked'],
      env: { TURN_TIMER_UNIT_MS: String(UNIT_MS) },
    });
    [alice, bob, carol, dave] = [0, 1, 2, 3].map((i) => world.person(i).id) as [string, string, string, string];
  });
  afterAll(async () => {
    await world?.stop();
  });

  const status = (channelId: string) =>
    readDatabase(world.dbPath, (db) =>
      db
        .prepare('SELECT status, board_message_id AS board FROM games WHERE channel_id = ? ORDER BY id DESC')
        .get(channelId),
    ) as { status: string; board: string | null } | undefined;
  const failedEdits = () => world.discord.invalidRequests({ appId: world.app.id });

  it('stops at one failing request when the channel is hidden from the bot, and ends a game nobody can see', async () => {
    const channel = world.channel('hidden').id;
    const table = new Table(world, channel);
    const lobby = await table.open(alice, { computers: 2, level: 'easy', 'turn-timer': 60 });
    // Once the bot has recorded its lobby, a click can no longer have moved the game on unseen (which
    // it would then redraw with its token, perhaps after the channel is hidden below).
    await world.discord.waitFor(() => status(channel)?.board === lobby.id);
    await table.act(alice, 'start');
    const before = failedEdits();
    // The bot loses View Channel; Alice's own clicks still land (interaction answers need no permission).
    world.discord.setChannelPermissions(channel, world.app.id, { deny: Permission.ViewChannel });
    await table.playTurn(alice);
    // The first computer moves; redrawing the board fails (403 / 50001): the board is lost.
    await world.discord.waitFor(() =>
      world.bot.logs.some((line) => line.message.startsWith('a board is out of reach')),
    );
    // Nobody can see the game: after the grace period it ends, without another request there.
    await world.discord.waitFor(() => status(channel)?.status === 'cancelled', { timeoutMs: 10_000 });
    expect(failedEdits() - before).toBe(1);
    expect(world.bot.logs.some((line) => line.message === 'ended a game whose board stayed out of reach')).toBe(true);
    expect(status(channel)?.board).toBeNull();
    // Back in the channel, a new game opens as usual.
    world.discord.setChannelPermissions(channel, world.app.id, {});
    await table.open(bob);
    await table.act(bob, 'cancel');
    expect(failedEdits() - before).toBe(1);
  });

  it('brings a deleted board back with the next command there, through its own reply', async () => {
    const channel = world.channel('deleted-board').id;
    world.discord.clearProblems();
    const table = new Table(world, channel);
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(carol, 'join');
    await table.act(alice, 'start');
    await table.playTurn(alice);
    // A moderator deletes the board. Carol then leaves: the redraw finds the message gone (10008).
    world.discord.setMemberPermissions(world.guild.id, dave, Permission.ManageMessages | Permission.ViewChannel);
    world.discord.deleteMessage({ user: dave, message: table.boardId });
    await table.command(carol, 'leave');
    await world.discord.waitFor(() => status(channel)?.board === null);
    // Bob asks for a hint: the answer starts with a fresh board, then his private hint follows.
    const hint = await table.command(bob, 'hint');
    expect(hint).toMatchObject({ ack: 'reply', ephemeral: false });
    if (!hint.message) throw new Error('no board');
    table.boardId = hint.message.id;
    expect(currentPlayerId(table.board())).toBe(bob);
    const followUp = await world.discord.waitFor(() => world.discord.interaction(hint.interactionId)?.followUpIds[0]);
    expect(world.discord.messageInfo(followUp)?.visibleTo).toBe(bob);
    expect(status(channel)?.board).toBe(hint.message.id);
    // The fresh board is the board: play goes on by clicking it, and edits with the bot's token land again.
    await table.playTurn(bob);
    expect(currentPlayerId(table.board())).toBe(alice);
    await table.command(bob, 'leave');
    await world.discord.waitFor(() => controls(table.board()).some((control) => control.kind === 'reroll'));
    // The one failed request was the redraw that found the message gone.
    expect(world.discord.problems.map((problem) => problem.code)).toEqual([10008]);
  });

  it('brings a board back when a person clicks it after the bot lost, then regained, access', async () => {
    const channel = world.channel('comeback').id;
    const table = new Table(world, channel);
    await table.open(alice, { 'turn-timer': 60 });
    await table.act(bob, 'join');
    await table.act(carol, 'join');
    await table.act(alice, 'start');
    await table.playTurn(alice);
    const before = failedEdits();
    world.discord.setChannelPermissions(channel, world.app.id, { deny: Permission.ViewChannel });
    // Alice leaves: redrawing the board needs the bot's token, and fails once (403 / 50001).
    await table.command(alice, 'leave');
    await world.discord.waitFor(() => status(channel)?.board === null);
    world.discord.setChannelPermissions(channel, world.app.id, {});
    // Bob clicks the board he still sees (drawn before Alice left): it is redrawn, current, and is
    // the board again; he is told privately that his click came from an old board.
    const click = await table.click(bob, 'reroll');
    expect(click.ack).toBe('update');
    await world.discord.waitFor(() => status(channel)?.board === table.boardId);
    expect(currentPlayerId(table.board())).toBe(bob);
    // Play goes on, and edits with the bot's token land again.
    await table.playTurn(bob);
    await table.command(carol, 'leave');
    await world.discord.waitFor(() => currentPlayerId(table.board()) === bob);
    expect(failedEdits() - before).toBe(1);
  });

  it('ends the games of a deleted channel, and of a server the bot was removed from, sending nothing there', async () => {
    const gone = world.channel('gone').id;
    const first = new Table(world, gone);
    await first.open(alice, { computers: 1, level: 'easy' });
    await first.act(bob, 'join');
    await first.act(alice, 'start');
    const kicked = world.channel('kicked').id;
    const second = new Table(world, kicked);
    await second.open(carol);
    world.discord.resetRestCounts();
    world.discord.deleteChannel(gone);
    await world.discord.waitFor(() => status(gone)?.status === 'cancelled');
    // The log line follows the commit that ended the game.
    await world.discord.waitFor(() =>
      world.bot.logs.some((line) => line.message === 'ended a game whose place is gone'),
    );

    world.discord.removeBot(world.guild.id, world.app.id);
    await world.discord.waitFor(() => status(kicked)?.status === 'cancelled');
    // Nothing was sent to the deleted channel or the server the bot left.
    expect(world.discord.restCount('PATCH', '/channels/:channelId/messages/:messageId')).toBe(0);
    expect(world.discord.restCount('POST', '/channels/:channelId/messages')).toBe(0);
    expect(world.discord.maxInvalidRequestsPerWindow()).toBeLessThanOrEqual(2);
    expect(title(second.board())).toBe('Crag · a new game is open');
  });
});
