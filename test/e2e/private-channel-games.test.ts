/**
 * Games in the two other private channels of context 2 (issue 42), where the bot is no member and
 * alice's own install brings /crag in: a DM between two people (channel type 1, only "1" in
 * `authorizing_integration_owners`), played to its final standings; and a group DM's Play again,
 * whose next game is opened through the press's own token (the finished game's `via_webhooks`
 * carries to it) and plays on. Neither ever makes a request with the bot's token (Discord would
 * refuse it: Missing Access). Both play quickly: two people who never reroll.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPlayerId, description, title } from '../../harness/board.js';
import { runDeploy } from './support/bot-process.js';
import { STANDER, Table } from './support/table.js';
import { TestWorld } from './support/world.js';

describe('games in private channels the bot is not in', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    world = await TestWorld.create({ people: 3 });
    [alice, bob] = [world.person(0).id, world.person(1).id];
    const deployed = await runDeploy({ ...world.env, DISCORD_GUILD_ID: '' }, world.dir);
    expect(deployed.code, deployed.stderr).toBe(0);
    world.discord.installToUser(world.app.id, alice);
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** Requests made with the bot's own token to a channel: none may reach a place the bot is not in. */
  function botTokenChannelRoutes(): string[] {
    return Object.keys(world.discord.restCounts()).filter((route) => route.includes('/channels/'));
  }

  /** Opens a game of alice and bob in `channelId` and plays it to the final standings, never rerolling. */
  async function playAliceAndBob(channelId: string): Promise<Table> {
    const table = new Table(world, channelId);
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    let turns = 0;
    while (!table.isFinished()) {
      const current = currentPlayerId(table.board()) ?? '';
      expect([alice, bob]).toContain(current);
      await table.playTurn(current, STANDER);
      turns += 1;
    }
    expect(turns).toBe(26);
    return table;
  }

  function expectNothingRefused(): void {
    expect(botTokenChannelRoutes()).toEqual([]);
    expect(world.discord.invalidRequests({ appId: world.app.id })).toBe(0);
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  }

  it('plays a game in a DM between two people to its final standings, through interaction webhooks alone', async () => {
    const between = world.discord.dmBetween(alice, bob);
    world.discord.resetRestCounts();
    const table = await playAliceAndBob(between);
    for (const name of [world.person(0).username, world.person(1).username])
      expect(description(table.board())).toContain(name);
    expect(world.discord.restCount('POST', '/interactions/:interactionId/:token/callback')).toBeGreaterThan(26);
    expectNothingRefused();
  });

  it('opens the next game of a group DM through the Play again press’s token, and plays it on', async () => {
    const carol = world.person(2).id;
    const groupDm = world.discord.createGroupDm({ ownerId: alice, recipients: [bob, carol], name: 'Crag night' });
    world.discord.resetRestCounts();
    const table = await playAliceAndBob(groupDm);
    const standings = table.boardId;

    const again = await table.click(bob, 'again');
    expect(again.ack, again.error ?? '').toBe('update');
    // The next board is the press's own follow-up: its token is the next game's.
    table.boardId = await world.discord.waitFor(() => world.discord.interaction(again.interactionId)?.followUpIds[0]);
    expect(table.boardId).not.toBe(standings);
    expect(table.board().channel_id).toBe(groupDm);
    expect(title(table.board())).toBe('Crag · round 1/13');
    const first = currentPlayerId(table.board()) ?? '';
    expect([alice, bob]).toContain(first);
    await table.playTurn(first, STANDER);
    // The turn passed on the board the press opened.
    expect(currentPlayerId(table.board())).toBe(first === alice ? bob : alice);
    expectNothingRefused();
  });
});
