/**
 * Crag installed to a person's account, used where the bot is not (issue 42). A game in a server that
 * has not added it, or in a group DM, is played through interaction webhooks (webhook-game.test.ts,
 * group-dm-game.test.ts); what is not built for such places yet (the commands beside /crag start)
 * is answered plainly and privately, and no request is made with the bot's own token there (which Discord would refuse,
 * counting toward the invalid-request ban).
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeploy } from './support/bot-process.js';
import { TestWorld } from './support/world.js';

describe('a user install where the bot is not', () => {
  let world: TestWorld;
  let alice: string;
  let elsewhere: string;
  let friends: string;
  let noExternalApps: string;
  let carol: string;

  beforeAll(async () => {
    world = await TestWorld.create({ people: 3 });
    alice = world.person(0).id;
    const bob = world.person(1).id;
    carol = world.person(2).id;
    // Global commands, as a real deployment registers them: a user install sees them anywhere.
    const deployed = await runDeploy({ ...world.env, DISCORD_GUILD_ID: '' }, world.dir);
    expect(deployed.code, deployed.stderr).toBe(0);
    world.discord.installToUser(world.app.id, alice);
    const guild = world.discord.createGuild({ name: 'Elsewhere', ownerId: bob, members: [alice, carol] });
    elsewhere = world.discord.createChannel(guild.id, { name: 'general' }).id;
    // A channel where the server's moderators took Use External Apps from everyone.
    noExternalApps = world.discord.createChannel(guild.id, { name: 'no-apps' }).id;
    world.discord.setChannelPermissions(noExternalApps, guild.id, { deny: PermissionFlagsBits.UseExternalApps });
    friends = world.discord.createGroupDm({ ownerId: alice, recipients: [bob, carol], name: 'friends' });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it.each([
    ['a server that has not added Crag', 'history', () => elsewhere, 'not added to this server'],
    ['a group DM', 'history', () => friends, 'played in server channels'],
  ])(
    'in %s, /crag %s answers privately, and the bot token is never used there',
    async (_, subcommand, channel, says) => {
      const outcome = await world.discord.runCommand({ user: alice, channel: channel(), name: 'crag', subcommand });
      expect(outcome.ack, outcome.error ?? '').toBe('reply');
      expect(outcome.ephemeral).toBe(true);
      expect(outcome.message?.content).toContain(says);
      expect(world.discord.invalidRequests({ appId: world.app.id })).toBe(0);
    },
  );

  it('without Use External Apps, /crag leaderboard says privately that only a private /crag start is possible, and posts nothing', async () => {
    world.discord.installToUser(world.app.id, carol);
    world.discord.resetRestCounts();
    const outcome = await world.discord.runCommand({
      user: carol,
      channel: noExternalApps,
      name: 'crag',
      subcommand: 'leaderboard',
    });
    expect(outcome.ack, outcome.error ?? '').toBe('reply');
    expect(outcome.ephemeral).toBe(true);
    expect(outcome.message?.content).toContain('may not use external apps');
    // A private game is what is possible there (test/e2e/private-game.test.ts plays one).
    expect(outcome.message?.content).toContain('`/crag start` still plays a game here, privately');
    expect(outcome.message?.content).toContain('moderator to add Crag');
    expect(world.discord.messageInfo(outcome.message?.id ?? '')?.visibleTo).toBe(carol);
    // Nothing public was attempted: no message of the bot's own, no follow-up, and no refusal.
    expect(world.discord.messagesSeenBy(alice, noExternalApps)).toEqual([]);
    expect(world.discord.restCount('POST', '/channels/:channelId/messages')).toBe(0);
    expect(world.discord.restCount('POST', '/webhooks/:appId/:token')).toBe(0);
    expect(world.discord.invalidRequests({ appId: world.app.id })).toBe(0);
  });
});
