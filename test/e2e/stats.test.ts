import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { description } from './support/board.js';
import { playToTheEnd } from './support/play.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

describe('statistics, history, seasons and the export', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 3, channels: ['house'] });
    [alice, bob] = [0, 1].map((i) => world.person(i).id) as [string, string];
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('shows a two-reroll series on the default leaderboard, in its own rules', async () => {
    const table = new Table(world, world.channel('house').id);
    await table.open(alice, { rerolls: 2 });
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    const totals = await playToTheEnd(table, { rerolls: 2, thirteen: 'any' });

    const leaderboard = await table.command(bob, 'leaderboard');
    expect(leaderboard).toMatchObject({ ack: 'reply', ephemeral: false });
    const lines = description(leaderboard.message!);
    expect(lines).not.toContain('No finished games yet');
    for (const [player, total] of totals) expect(lines).toContain(`<@${player}> **${total}** · 1 game`);
    expect(leaderboard.message?.embeds[0]?.title).toContain('two rerolls');
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });
});
