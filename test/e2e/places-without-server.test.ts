/**
 * Crag installed to a person's account, used where the bot is no member (a group DM) and in a DM
 * with the bot: the commands of reach `anywhere` (the leaderboard, the daily deal, its buttons and its board)
 * answer through the interaction alone, the server's own commands refuse privately, and the bot
 * token is never used in those channels (Discord would refuse it with Missing Access, counted as
 * an invalid request).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireControl } from '../../harness/board.js';
import { runDeploy } from './support/bot-process.js';
import { TestWorld } from './support/world.js';

describe('places without a server', () => {
  let world: TestWorld;
  let alice: string;
  let friends: string;
  let dm: string;

  beforeAll(async () => {
    world = await TestWorld.create({ people: 3 });
    alice = world.person(0).id;
    const [bob, carol] = [world.person(1).id, world.person(2).id];
    const deployed = await runDeploy({ ...world.env, DISCORD_GUILD_ID: '' }, world.dir);
    expect(deployed.code, deployed.stderr).toBe(0);
    world.discord.installToUser(world.app.id, alice);
    friends = world.discord.createGroupDm({ ownerId: alice, recipients: [bob, carol], name: 'friends' });
    dm = world.discord.dmChannel(alice, world.app.id);
  });
  afterAll(async () => {
    await world?.stop();
  });

  it.each([
    // Alice's daily deal is one a day, wherever she opens it: her reroll in the group DM is spent
    // when the DM shows the same board, so there she opens her sheet.
    ['a group DM under a user install only', () => friends, 'reroll', 'update'],
    ['a DM with the bot', () => dm, 'sheet', 'reply'],
  ] as const)(
    'in %s, the leaderboard, the daily deal and its board answer through the interaction',
    async (_, place, press, ack) => {
      const channel = place();
      const board = await world.discord.runCommand({ user: alice, channel, name: 'crag', subcommand: 'leaderboard' });
      expect(board.ack, board.error ?? '').toBe('reply');
      expect(board.ephemeral).toBe(false);
      const daily = await world.discord.runCommand({
        user: alice,
        channel,
        name: 'crag',
        subcommandGroup: 'daily',
        subcommand: 'play',
      });
      expect(daily.ack, daily.error ?? '').toBe('reply');
      expect(daily.ephemeral).toBe(true);
      // Its board is pressed there too, answered through the click's own interaction.
      const pressed = await world.discord.clickButton({
        user: alice,
        message: daily.message!.id,
        customId: requireControl(daily.message!, press).customId,
      });
      expect(pressed.ack, pressed.error ?? '').toBe(ack);
      const dailyBoard = await world.discord.runCommand({
        user: alice,
        channel,
        name: 'crag',
        subcommandGroup: 'daily',
        subcommand: 'board',
      });
      expect(dailyBoard.ack, dailyBoard.error ?? '').toBe('reply');
      expect(world.discord.invalidRequests({ appId: world.app.id })).toBe(0);
    },
  );

  it.each([
    ['season', 'new'],
    [undefined, 'export'],
  ])('in a group DM, /crag %s %s refuses privately: it is a server’s own', async (group, subcommand) => {
    const outcome = await world.discord.runCommand({
      user: alice,
      channel: friends,
      name: 'crag',
      ...(group ? { subcommandGroup: group } : {}),
      subcommand,
    });
    expect(outcome.ack, outcome.error ?? '').toBe('reply');
    expect(outcome.ephemeral).toBe(true);
    expect(outcome.message?.content).toContain('works only there');
    expect(world.discord.invalidRequests({ appId: world.app.id })).toBe(0);
  });
});
