import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controls, currentPlayerId, description, title } from '../../harness/board.js';
import { readDatabase, storedStates, totalsAgainstSheets } from '../../harness/bot-database.js';
import { Permission } from '../../src/emulator/index.js';
import { playToTheEnd } from './support/play.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

const RULES = { rerolls: 1, thirteen: 'any' } as const;

describe('leaving and ending games', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 4, channels: ['ending', 'lobby'] });
    [alice, bob, carol, dave] = [0, 1, 2, 3].map((i) => world.person(i).id) as [string, string, string, string];
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('lets a player leave mid-game: their open rows score 0 and the others play on', async () => {
    const table = new Table(world);
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(carol, 'join');
    await table.act(alice, 'start');
    for (let turn = 0; turn < 4; turn += 1) await table.playTurn(currentPlayerId(table.board()) ?? '');
    // Round 2, bob to play: carol leaves while waiting for her turn.
    expect(currentPlayerId(table.board())).toBe(bob);
    const left = await table.command(carol, 'leave');
    expect(left).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(left.message?.content).toContain('open rows score 0');
    await world.discord.waitFor(() => description(table.board()).includes('(left)'));
    const again = await table.command(carol, 'leave');
    expect(again.message?.content).toContain('not playing');

    await table.playTurn(bob);
    expect(currentPlayerId(table.board())).toBe(alice);
    const totals = await playToTheEnd(table, RULES);
    expect([...totals.keys()].sort()).toEqual([alice, bob].sort());
    expect(description(table.board())).toMatch(/carol \*\*\d+\*\* \(left\)/);

    const game = (await storedStates(world.database)).find((stored) =>
      stored.state.seats.some((seat) => seat.playerId === carol && seat.left),
    );
    const carolRows = Object.values(game?.state.sheets[carol] ?? {}).sort((a, b) => (a?.round ?? 0) - (b?.round ?? 0));
    expect(carolRows).toHaveLength(13);
    expect(carolRows.slice(1).every((row) => row?.points === 0)).toBe(true);
    for (const row of await totalsAgainstSheets(world.database)) expect(row.total).toBe(row.sheetSum);
  });

  it('lets the host, or a member with Manage Messages, end a game, which then counts for nobody', async () => {
    const table = new Table(world, world.channel('ending').id);
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    await table.playTurn(alice);

    const refused = await table.command(bob, 'end');
    expect(refused).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(refused.message?.content).toContain('Manage Messages');

    world.discord.setMemberPermissions(
      world.guild.id,
      dave,
      Permission.ManageMessages | Permission.ViewChannel | Permission.SendMessages,
    );
    const ended = await table.command(dave, 'end');
    expect(ended).toMatchObject({ ack: 'reply', ephemeral: false });
    expect(ended.message?.content).toContain('ended the game');
    await world.discord.waitFor(() => title(table.board()) === 'Crag · game ended');
    expect(controls(table.board())).toEqual([]);
    const results = readDatabase(world.dbPath, (db) =>
      db
        .prepare('SELECT COUNT(*) AS n FROM game_results r JOIN games g ON g.id = r.game_id WHERE g.channel_id = ?')
        .get(world.channel('ending').id),
    ) as { n: number };
    expect(results.n).toBe(0);

    // The channel is free again; the host can end their own game.
    await table.open(bob);
    const byHost = await table.command(bob, 'end');
    expect(byHost.ack).toBe('reply');
    expect(byHost.message?.content).toContain('ended the game');
  });

  it('handles the lobby: leave, host hand-over and cancel', async () => {
    const table = new Table(world, world.channel('lobby').id);
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(alice, 'leave');
    expect(description(table.board())).toContain('1. bob (host)');
    const cancelByOther = await table.click(carol, 'cancel');
    expect(cancelByOther.message?.content).toContain('Only the host');
    await table.act(bob, 'cancel');
    expect(title(table.board())).toBe('Crag · game ended');
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });
});
