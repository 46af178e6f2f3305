import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controls, currentPlayerId, description, requireControl, title, version } from '../../harness/board.js';
import { readDatabase } from '../../harness/bot-database.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

describe('commands and refusals', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  let carol: string;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 3, channels: ['other', 'quiet'] });
    [alice, bob, carol] = [0, 1, 2].map((i) => world.person(i).id) as [string, string, string];
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('answers a command used outside a server clearly', async () => {
    const outcome = await world.discord.sendRawInteraction({
      user: alice,
      type: 2,
      data: {
        id: world.discord.commands(world.app.id, world.guild.id)[0]?.id,
        name: 'crag',
        type: 1,
        options: [{ type: 1, name: 'rules' }],
      },
    });
    expect(outcome).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(outcome.message?.content).toContain('server channels');
  });

  it('shows the rules and refuses a sheet before any game', async () => {
    const table = new Table(world, world.channel('quiet').id);
    const rules = await table.command(carol, 'rules');
    expect(rules).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(description(rules.message ?? {})).toContain('Variant in force (the default): 1 reroll');
    const sheet = await table.command(carol, 'sheet');
    expect(sheet).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(sheet.message?.content).toContain('No game');
    const seen = world.discord.messagesSeenBy(alice, world.channel('quiet').id);
    expect(seen).toEqual([]);
  });

  it('links to the open game instead of opening a second one in a channel', async () => {
    const table = new Table(world);
    const lobby = await table.open(alice);
    // The bot learns the lobby's message id from the reply's response; give it that moment.
    await world.discord.waitFor(() =>
      readDatabase(world.dbPath, (db) => db.prepare('SELECT 1 FROM games WHERE board_message_id = ?').get(lobby.id)),
    );
    const second = await table.command(bob, 'start');
    expect(second).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(second.message?.content).toContain(`/channels/${world.guild.id}/${world.channel().id}/${lobby.id}`);
    await table.act(bob, 'join');
    await table.act(alice, 'start');

    // Sheets: own by default, another player's by option, only for the asker.
    const own = await table.command(bob, 'sheet');
    expect(own).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(description(own.message ?? {})).toContain('bob · 0/13 rows filled');
    const other = await table.command(carol, 'sheet', { player: alice });
    expect(description(other.message ?? {})).toContain('alice · 0/13 rows filled');
    expect(world.discord.messagesSeenBy(alice, world.channel().id).map((m) => m.id)).not.toContain(own.message?.id);
  });

  it('refuses a click on a board that has moved on, and forged or foreign controls', async () => {
    const table = new Table(world);
    table.boardId =
      world.discord.messagesSeenBy(alice, world.channel().id).find((m) => title(m).startsWith('Crag · round'))?.id ??
      '';
    const before = table.board();
    const stale = requireControl(before, 'reroll').customId;
    const oldVersion = version(before);
    await table.toggleKeep(alice, 0);
    const moved = version(table.board());
    expect(moved).toBe((oldVersion ?? 0) + 1);

    const outdated = await world.discord.sendRawInteraction({
      user: alice,
      type: 3,
      message: table.boardId,
      data: { custom_id: stale, component_type: 2 },
    });
    expect(outdated).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(outdated.message?.content).toContain('This board has moved on');
    expect(version(table.board())).toBe(moved);

    const forged = [
      ['crag:999999:1:reroll', 'no longer exists'],
      ['not-ours', 'not one I recognise'],
      [`crag:1:${moved}:keep:7`, 'not one I recognise'],
    ] as const;
    for (const [customId, answer] of forged) {
      const outcome = await world.discord.sendRawInteraction({
        user: alice,
        type: 3,
        message: table.boardId,
        data: { custom_id: customId, component_type: 2 },
      });
      expect(outcome).toMatchObject({ ack: 'reply', ephemeral: true });
      expect(outcome.message?.content).toContain(answer);
    }
    const gameId = requireControl(table.board(), 'reroll').gameId;
    const foreign = await world.discord.sendRawInteraction({
      user: alice,
      type: 3,
      channel: world.channel('other').id,
      message: table.boardId,
      data: { custom_id: `crag:${gameId}:${moved}:reroll`, component_type: 2 },
    });
    expect(foreign.message?.content).toContain('another channel');

    const menu = requireControl(table.board(), 'score').customId;
    const notOnOffer = await world.discord.sendRawInteraction({
      user: alice,
      type: 3,
      message: table.boardId,
      data: { custom_id: menu, component_type: 3, values: ['bonus'] },
    });
    expect(notOnOffer.message?.content).toContain('not a row');
    expect(version(table.board())).toBe(moved);
    expect(world.discord.problems).toEqual([]);
  });

  it('gives hints to the player to act only', async () => {
    const table = new Table(world);
    table.boardId =
      world.discord.messagesSeenBy(alice, world.channel().id).find((m) => title(m).startsWith('Crag · round'))?.id ??
      '';
    expect(currentPlayerId(table.board())).toBe(alice);
    const hint = await table.command(alice, 'hint');
    expect(hint).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(description(hint.message ?? {})).toMatch(/\*\*(Keep|Stand on)/);
    expect(description(hint.message ?? {})).toContain('expected final total');
    const button = await table.click(alice, 'hint');
    expect(button).toMatchObject({ ack: 'reply', ephemeral: true });
    const notYours = await table.command(bob, 'hint');
    expect(notYours.message?.content).toContain('whose turn it is');
  });

  it('posts the board again at the bottom; the old one loses its controls and points to the new one', async () => {
    const table = new Table(world);
    const oldId =
      world.discord.messagesSeenBy(alice, world.channel().id).find((m) => title(m).startsWith('Crag · round'))?.id ??
      '';
    const moved = await table.command(bob, 'board');
    expect(moved).toMatchObject({ ack: 'reply', ephemeral: false });
    const newId = moved.message?.id ?? '';
    await world.discord.waitFor(() => controls(world.discord.message(oldId)!).length === 0);
    expect(description(world.discord.message(oldId)!)).toContain(
      `board moved: https://discord.com/channels/${world.guild.id}/${world.channel().id}/${newId}`,
    );
    const seen = world.discord.messagesSeenBy(carol, world.channel().id);
    expect(seen.at(-1)?.id).toBe(newId);
    table.boardId = newId;
    const { row } = await table.playTurn(alice);
    expect(row).toBeTruthy();
    expect(currentPlayerId(table.board())).toBe(bob);
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });
});
