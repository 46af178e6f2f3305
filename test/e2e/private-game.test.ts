/**
 * A private game (issue 42): a server that has not added Crag, where @everyone lacks Use External
 * Apps, so Discord shows everything the app answers to the person alone. alice's /crag start opens a
 * game of her own against a computer, begun at once: the board is her ephemeral reply, her presses
 * update it, and the computer's moves and the final standings are drawn through her newest press's
 * token, as in test/e2e/webhook-game.test.ts. A restart of the bot mid-game goes on with the stored
 * token. Nothing public is attempted: no message anyone else sees, no turn ping, no bot-token request.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controls, currentPlayerId, description } from '../../harness/board.js';
import { answerAfterDeferral } from '../../harness/deferred-answer.js';
import { runDeploy } from './support/bot-process.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

describe('a private game where the person lacks Use External Apps', () => {
  let world: TestWorld;
  let noApps: string;
  let guildId: string;

  beforeAll(async () => {
    world = await TestWorld.create({ people: 2 });
    const [alice, bob] = [world.person(0).id, world.person(1).id];
    const deployed = await runDeploy({ ...world.env, DISCORD_GUILD_ID: '' }, world.dir);
    expect(deployed.code, deployed.stderr).toBe(0);
    world.discord.installToUser(world.app.id, alice);
    const guild = world.discord.createGuild({ name: 'No apps', ownerId: bob, members: [alice] });
    noApps = world.discord.createChannel(guild.id, { name: 'general' }).id;
    guildId = guild.id;
    // The server's moderators took Use External Apps from @everyone.
    const everyone = world.discord.permissionsOf(alice, noApps);
    world.discord.setRolePermissions(guild.id, guild.everyoneRoleId, everyone & ~PermissionFlagsBits.UseExternalApps);
    expect(world.discord.permissionsOf(alice, noApps) & PermissionFlagsBits.UseExternalApps).toBe(0n);
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('plays against a computer to the final standings, across a restart, and nothing public is attempted', async () => {
    const [alice, bob] = [world.person(0).id, world.person(1).id];
    const table = new Table(world, noApps);
    world.discord.resetRestCounts();
    const started = await answerAfterDeferral(
      world.discord,
      await table.command(alice, 'start', { computers: 1, level: 'easy' }),
    );
    expect(started.ack, started.error ?? '').toMatch(/^(reply|deferred-reply)$/);
    expect(started.ephemeral).toBe(true);
    if (!started.message) throw new Error('no board');
    table.boardId = started.message.id;
    // Begun at once, alice's turn first: a lobby would wait for nobody, and nobody else could press Join.
    expect(description(table.board())).toContain('🤖 Easy 1');
    expect(currentPlayerId(table.board())).toBe(alice);
    expect(controls(table.board()).map((control) => control.kind)).not.toContain('join');

    let turns = 0;
    while (await table.untilTurnOf(alice)) {
      await table.playTurn(alice);
      turns += 1;
      if (turns === 5) {
        // A restart mid-game: the new process goes on with the token the store kept.
        await world.bot.kill('SIGKILL');
        await world.startBot();
      }
    }
    expect(turns).toBe(13);
    expect(table.isFinished()).toBe(true);

    // The board was alice's alone from the first drawing to the standings.
    expect(world.discord.messageInfo(table.boardId)?.visibleTo).toBe(alice);
    expect(world.discord.messagesSeenBy(bob, noApps)).toEqual([]);
    // The computer's moves and the standings came through a press's token.
    expect(world.discord.restCount('PATCH', '/webhooks/:appId/:token/messages/:messageId')).toBeGreaterThan(0);
    // No turn ping, no follow-up at all, and no bot-token request to the channel.
    expect(world.discord.restCount('POST', '/webhooks/:appId/:token')).toBe(0);
    expect(world.discord.pingsOf(alice)).toEqual([]);
    const botTokenRoutes = Object.keys(world.discord.restCounts()).filter((route) => route.includes('/channels/'));
    expect(botTokenRoutes).toEqual([]);
    expect(world.discord.invalidRequests({ appId: world.app.id })).toBe(0);
    expect(world.discord.problems).toEqual([]);
    for (const bot of world.botHistory) expect(bot.errors()).toEqual([]);

    // Play again: the next game, alice's alone too, is the press's follow-up, counted with the token.
    const again = await answerAfterDeferral(world.discord, await table.click(alice, 'again'));
    expect(again.ack, again.error ?? '').toMatch(/^(update|deferred-update)$/);
    await world.discord.waitFor(() => world.discord.restCount('POST', '/webhooks/:appId/:token') === 1);
    const next = world.discord.messagesSeenBy(alice, noApps).find((message) => message.id !== table.boardId);
    if (!next) throw new Error('no next board');
    expect(world.discord.messageInfo(next.id)?.visibleTo).toBe(alice);
    expect(currentPlayerId(next)).toBe(alice);
    expect(world.discord.messagesSeenBy(bob, noApps)).toEqual([]);
    expect(world.discord.invalidRequests({ appId: world.app.id })).toBe(0);
  });

  it("refuses, privately, a press on a table's public board by someone without Use External Apps", async () => {
    const [alice, bob] = [world.person(0).id, world.person(1).id];
    // bob may use external apps there (the server's owner), and has Crag installed: his table is public.
    world.discord.installToUser(world.app.id, bob);
    const tableChannel = world.discord.createChannel(guildId, { name: 'tables' }).id;
    const table = new Table(world, tableChannel);
    const lobby = await table.open(bob);
    expect(world.discord.messageInfo(lobby.id)?.visibleTo).toBeNull();
    const join = await table.click(alice, 'join');
    // Her press's token would become the table's way out, and show its pings to her alone.
    expect(join.ack, join.error ?? '').toBe('reply');
    expect(join.ephemeral).toBe(true);
    expect(join.message?.content).toContain('may not use external apps');
    expect(description(table.board())).not.toContain(world.nameOf(alice));
  });

  it('keeps the clear private answer for the other commands there', async () => {
    const alice = world.person(0).id;
    const outcome = await world.discord.runCommand({ user: alice, channel: noApps, name: 'crag', subcommand: 'sheet' });
    expect(outcome.ack, outcome.error ?? '').toBe('reply');
    expect(outcome.ephemeral).toBe(true);
    expect(outcome.message?.content).toContain('`/crag start` still plays a game here, privately');
    expect(outcome.message?.content).toContain('moderator to add Crag');
  });
});
