/**
 * A game in a group DM (issue 42): the bot is no member there, so alice's own install brings
 * /crag start in, and bob and carol join and play through the board's presses. Every drawing goes
 * through an interaction's token (the reply, each press's update, the newest press's follow-up
 * edits): no request with the bot's token ever reaches the group DM, no follow-up over Discord's cap
 * (40094), and no press left unanswered ("This interaction failed"). In a DM with the bot, `"0"` owns
 * the interaction, so the bot's own token keeps the board there, which Discord allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPlayerId, description } from '../../harness/board.js';
import { runDeploy } from './support/bot-process.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

describe('a game in a group DM', () => {
  let world: TestWorld;
  let groupDm: string;
  let people: string[];

  beforeAll(async () => {
    world = await TestWorld.create({ people: 3 });
    people = [0, 1, 2].map((index) => world.person(index).id);
    const [alice, bob, carol] = people as [string, string, string];
    const deployed = await runDeploy({ ...world.env, DISCORD_GUILD_ID: '' }, world.dir);
    expect(deployed.code, deployed.stderr).toBe(0);
    world.discord.installToUser(world.app.id, alice);
    groupDm = world.discord.createGroupDm({ ownerId: alice, recipients: [bob, carol], name: 'Crag night' });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('refuses thread:true there, privately', async () => {
    const outcome = await new Table(world, groupDm).command(people[0] ?? '', 'start', { thread: true });
    expect(outcome.ephemeral).toBe(true);
    expect(JSON.stringify(outcome.message?.content)).toContain('no threads in a DM or a group DM');
  });

  it('plays three people from the lobby to the final standings through interaction webhooks alone', async () => {
    const [alice, bob, carol] = people as [string, string, string];
    const table = new Table(world, groupDm);
    world.discord.resetRestCounts();
    await table.open(alice);
    await table.act(bob, 'join');
    const lobby = await table.act(carol, 'join');
    for (const name of [world.person(1).username, world.person(2).username]) expect(description(lobby)).toContain(name);
    await table.act(alice, 'start');
    let turns = 0;
    while (!table.isFinished()) {
      const current = currentPlayerId(table.board());
      expect(people).toContain(current);
      await table.playTurn(current ?? '');
      turns += 1;
    }
    expect(turns).toBe(39);
    // Not one request with the bot's token to the group DM: Discord would refuse it (Missing Access).
    const botTokenRoutes = Object.keys(world.discord.restCounts()).filter((route) => route.includes('/channels/'));
    expect(botTokenRoutes).toEqual([]);
    expect(world.discord.restCount('POST', '/interactions/:interactionId/:token/callback')).toBeGreaterThan(39);
    expect(world.discord.invalidRequests({ appId: world.app.id })).toBe(0);
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });

  it('plays a game against a computer in a DM with the bot, to the final standings', async () => {
    const alice = people[0] ?? '';
    const table = new Table(world, world.discord.dmChannel(alice, world.app.id));
    await table.open(alice, { computers: 1, level: 'easy' });
    await table.act(alice, 'start');
    while (await table.untilTurnOf(alice)) await table.playTurn(alice);
    expect(world.discord.invalidRequests({ appId: world.app.id })).toBe(0);
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });
});
