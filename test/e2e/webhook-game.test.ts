/**
 * A game where the bot is not a member (issue 42): a server that has not added Crag, reached through
 * alice's own install. The lobby is /crag start's reply, every press redraws the board in its own
 * response, and the computer's moves are drawn through the newest press's token: the game plays to
 * the final standings without the bot's token ever being used there (Discord would refuse it,
 * Missing Access), and without a sixth follow-up or an expired token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { description } from '../../harness/board.js';
import { runDeploy } from './support/bot-process.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

describe('a game in a server that has not added Crag', () => {
  let world: TestWorld;
  let elsewhere: string;

  beforeAll(async () => {
    world = await TestWorld.create({ people: 2 });
    const [alice, bob] = [world.person(0).id, world.person(1).id];
    const deployed = await runDeploy({ ...world.env, DISCORD_GUILD_ID: '' }, world.dir);
    expect(deployed.code, deployed.stderr).toBe(0);
    world.discord.installToUser(world.app.id, alice);
    const guild = world.discord.createGuild({ name: 'Elsewhere', ownerId: bob, members: [alice] });
    elsewhere = world.discord.createChannel(guild.id, { name: 'general' }).id;
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('plays against a computer to the final standings through interaction webhooks alone', async () => {
    const alice = world.person(0).id;
    const table = new Table(world, elsewhere);
    world.discord.resetRestCounts();
    const lobby = await table.open(alice, { computers: 1, level: 'easy' });
    expect(description(lobby)).toContain('🤖 Easy 1');
    await table.act(alice, 'start');
    let turns = 0;
    while (await table.untilTurnOf(alice)) {
      await table.playTurn(alice);
      turns += 1;
    }
    expect(turns).toBe(13);
    // The computer's moves were drawn through a press's token, never with the bot's.
    expect(world.discord.restCount('PATCH', '/webhooks/:appId/:token/messages/:messageId')).toBeGreaterThan(0);
    expect(world.discord.restCount('POST', '/channels/:channelId/messages')).toBe(0);
    expect(world.discord.restCount('PATCH', '/channels/:channelId/messages/:messageId')).toBe(0);
    expect(world.discord.invalidRequests({ appId: world.app.id })).toBe(0);
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });
});
