import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, currentPlayerId, description, requireControl, rowChoices } from '../../harness/board.js';
import { boardGameVersion, readDatabase } from './support/database.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

const EDIT = /^\/channels\/\d+\/messages\/\d+$/;

describe('races and faults', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  let carol: string;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 3, channels: ['faults', 'again'] });
    [alice, bob, carol] = [0, 1, 2].map((i) => world.person(i).id) as [string, string, string];
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('applies a double click once and answers both; simultaneous joins both get a seat', async () => {
    const table = new Table(world);
    await table.open(alice);
    const joins = await Promise.all([table.click(bob, 'join'), table.click(carol, 'join')]);
    for (const outcome of joins) expect(outcome.ack).toBe('update');
    expect(description(table.board())).toContain('Players (3/5)');
    await table.act(alice, 'start');

    const before = boardGameVersion(world.dbPath, table.boardId);
    const reroll = requireControl(table.board(), 'reroll').customId;
    const both = await Promise.all([
      world.discord.clickButton({ user: alice, message: table.boardId, customId: reroll }),
      world.discord.clickButton({ user: alice, message: table.boardId, customId: reroll }),
    ]);
    expect(both.map((o) => o.ack).sort()).toEqual(['reply', 'update']);
    expect(both.find((o) => o.ack === 'reply')?.message?.content).toContain('moved on');
    expect(boardGameVersion(world.dbPath, table.boardId)).toBe(before + 1);

    // The player to act and a waiting player click at the same moment: one change, both answered.
    const [row = 'ones', other = 'twos'] = rowChoices(table.board()).map((choice) => choice.value);
    const [scored, waiting] = await Promise.all([table.chooseRow(alice, row), table.chooseRow(bob, other)]);
    expect(scored.ack, JSON.stringify(scored.message?.content ?? scored.error)).toBe('update');
    expect(waiting).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(boardGameVersion(world.dbPath, table.boardId)).toBe(before + 2);
    expect(currentPlayerId(table.board())).toBe(bob);
    await table.command(alice, 'end');
  });

  it('starts exactly one next game when Play again is pressed twice at once', async () => {
    const table = new Table(world, world.channel('again').id);
    await table.open(alice);
    await table.act(alice, 'start');
    while (!table.isFinished()) await table.chooseRow(alice, rowChoices(table.board())[0]?.value ?? 'ones');
    const presses = await Promise.all([table.click(alice, 'again'), table.click(alice, 'again')]);
    expect(presses.map((o) => o.ack).sort()).toEqual(['reply', 'update']);
    const games = readDatabase(world.dbPath, (db) =>
      db.prepare('SELECT COUNT(*) AS n FROM games WHERE channel_id = ?').get(world.channel('again').id),
    ) as { n: number };
    expect(games.n).toBe(2);
    expect(control(table.board(), 'again')).toBeUndefined();
  });

  it('rides out a gateway drop, a 429 on a board edit and a failed board edit', async () => {
    const table = new Table(world, world.channel('faults').id);
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(carol, 'join');
    await table.act(alice, 'start');
    await table.playTurn(alice);

    expect(await world.discord.dropGateway()).toBe('resumed');
    await table.playTurn(bob);
    expect(currentPlayerId(table.board())).toBe(carol);

    // A 429 on the edit that /crag leave makes: the client waits Retry-After and the edit lands.
    const limited = world.discord.failNextRest({
      method: 'PATCH',
      pathPattern: EDIT,
      status: 429,
      retryAfterSeconds: 1,
    });
    await table.command(carol, 'leave');
    await limited.served;
    await world.discord.waitFor(() => description(table.board()).includes('(left)'), { timeoutMs: 5_000 });
    expect(currentPlayerId(table.board())).toBe(alice);

    // An edit that fails outright (Discord erring past the client's retries) leaves the board
    // behind; the stored state stays right and the next click, refused as stale, brings it up to date.
    await table.playTurn(alice);
    const failed = world.discord.failNextRest({ method: 'PATCH', pathPattern: EDIT, status: 500, times: 4 });
    await table.command(bob, 'leave').then((o) => expect(o.ack).toBe('reply'));
    await failed.served;
    await world.discord.waitFor(() => world.bot.logs.some((line) => line.message === 'board redraw failed'));
    expect(currentPlayerId(table.board())).toBe(bob);
    const stale = await table.click(alice, 'reroll');
    expect(stale.message?.content).toContain('moved on');
    await world.discord.waitFor(() => currentPlayerId(table.board()) === alice);
    expect(description(table.board())).toContain('(left)');
    expect(world.discord.problems).toEqual([]);
  });
});
