import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPlayerId, description, title, totals } from '../../harness/board.js';
import { integrityCheck, totalsAgainstSheets } from '../../harness/bot-database.js';
import { scoreRoll } from '../../src/game/index.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

describe('a two-player game through the real discord.js client', () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 3 });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('registers the commands through the deploy script', () => {
    const [crag] = world.discord.commands(world.app.id, world.guild.id);
    expect(crag?.name).toBe('crag');
  });

  it('plays from /crag start to the final standings and the leaderboard', async () => {
    const alice = world.person(0).id;
    const bob = world.person(1).id;
    const carol = world.person(2).id;
    const table = new Table(world);
    const lobby = await table.open(alice);
    expect(description(lobby)).toContain('1. alice (host)');

    const joined = await table.act(bob, 'join');
    expect(description(joined)).toContain('2. bob');
    const notHost = await table.click(bob, 'start');
    expect(notHost).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(notHost.message?.content).toContain('Only the host');

    const started = await table.act(alice, 'start');
    expect(title(started)).toBe('Crag · round 1/13');
    expect(currentPlayerId(started)).toBe(alice);

    const byName = (byId: ReadonlyMap<string, number>) =>
      new Map([...byId].map(([id, total]) => [world.nameOf(id), total]));
    const running = new Map([
      [alice, 0],
      [bob, 0],
    ]);
    for (let turn = 0; turn < 26; turn += 1) {
      const player = currentPlayerId(table.board());
      if (!player) throw new Error(`no player to act on turn ${turn}: ${description(table.board())}`);
      expect(player).toBe(turn % 2 === 0 ? alice : bob);
      expect(title(table.board())).toBe(`Crag · round ${Math.floor(turn / 2) + 1}/13`);
      const waiting = player === alice ? bob : alice;
      const refused = await table.click(waiting, 'reroll');
      expect(refused).toMatchObject({ ack: 'reply', ephemeral: true });
      expect(refused.message?.content).toContain('not your turn');
      const spectator = await table.click(carol, 'keep');
      expect(spectator.message?.content).toContain('not playing');

      const { row, points, dice } = await table.playTurn(player);
      expect(points).toBe(scoreRoll(dice, row as Parameters<typeof scoreRoll>[1]));
      running.set(player, (running.get(player) ?? 0) + points);
      if (turn < 25) expect(totals(table.board())).toEqual(byName(running));
    }

    expect(table.isFinished()).toBe(true);
    const final = description(table.board());
    expect(totals(table.board())).toEqual(byName(running));
    const [first, second] = [...running.entries()].sort((a, b) => b[1] - a[1]);
    expect(final.split('\n')[0]).toContain(`🥇 ${world.nameOf(first?.[0] ?? '')}`);
    if (first?.[1] === second?.[1]) expect(final).toContain('(tie)');

    const leaderboard = await table.command(carol, 'leaderboard');
    expect(leaderboard.ack).toBe('reply');
    const lines = description(leaderboard.message ?? {});
    // Leaderboards name people as the server showed them at the table.
    const nameOf = (id: string) => world.people.find((person) => person.id === id)?.username;
    for (const [player, total] of running) expect(lines).toContain(`${nameOf(player)} **${total}** · 1 game`);

    const recorded = await totalsAgainstSheets(world.database);
    expect(recorded).toHaveLength(2);
    for (const row of recorded) {
      expect(row.total).toBe(row.sheetSum);
      expect(row.total).toBe(running.get(row.playerId));
    }
    expect(integrityCheck(world.dbPath)).toBe('ok');
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });
});
