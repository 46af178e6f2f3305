import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { description, title } from '../../harness/board.js';
import { storedStates, totalsAgainstSheets } from '../../harness/bot-database.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

describe('computer opponents and the post-game analysis', () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 2 });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('seats computers that play their own turns, kept apart from the human leaderboard', async () => {
    const alice = world.person(0).id;
    const bob = world.person(1).id;
    const table = new Table(world);
    const lobby = await table.open(alice, { computers: 2, level: 'optimal' });
    expect(description(lobby)).toContain('🤖 Optimal 1');
    expect(description(lobby)).toContain('🤖 Optimal 2');
    await table.act(alice, 'start');

    let turns = 0;
    // Each time the computers have moved and handed the turn back to alice (until the game ends).
    while (await table.untilTurnOf(alice)) {
      const refused = await table.click(bob, 'reroll');
      expect(refused.message?.content).toContain('not playing');
      await table.playTurn(alice);
      turns += 1;
    }
    expect(turns).toBe(13);
    const final = description(table.board());
    expect(final).toContain('🤖 Optimal 1');
    const game = (await storedStates(world.database)).find((stored) =>
      stored.state.seats.some((seat) => seat.computer),
    );
    const computerRows = Object.entries(game?.state.sheets ?? {})
      .filter(([playerId]) => playerId.startsWith('cpu-'))
      .flatMap(([, sheet]) => Object.keys(sheet));
    expect(computerRows).toHaveLength(26);
    for (const row of await totalsAgainstSheets(world.database)) expect(row.total).toBe(row.sheetSum);

    const leaderboard = await table.command(alice, 'leaderboard');
    const lines = description(leaderboard.message ?? {});
    expect(lines).toContain('alice');
    expect(lines).not.toContain('🤖');

    const analysis = await table.click(alice, 'analysis');
    expect(analysis).toMatchObject({ ack: 'reply', ephemeral: true });
    const text = description(analysis.message ?? {});
    expect(text).toContain('Optimal play expects');
    expect(text).toContain('🤖 Optimal 1');
    expect(title(analysis.message!)).toBe('How did we play?');
    // The pair-hunting policy is far from optimal, so some of alice's decisions are listed with their cost.
    expect(text).toMatch(/• Round \d+ .*−\d+\.\d/);
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });
});
