import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, controls, currentPlayerId, description, title } from '../../harness/board.js';
import { Permission } from '../../src/emulator/index.js';
import { playToTheEnd } from './support/play.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

const RULES = { rerolls: 1, thirteen: 'any' } as const;
const COOLDOWN_MS = 3_000;

/** What stops one person from flooding a channel or voiding everyone's game. */
describe('abuse and limits', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;
  beforeAll(async () => {
    world = await TestWorld.create({
      people: 4,
      channels: ['second', 'board', 'host', 'again'],
      env: { COOLDOWN_MS: String(COOLDOWN_MS) },
    });
    [alice, bob, carol, dave] = [0, 1, 2, 3].map((i) => world.person(i).id) as [string, string, string, string];
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('makes a person wait between two /crag start, saying until when', async () => {
    const first = new Table(world);
    await first.open(alice);
    await first.act(alice, 'cancel');
    const before = Math.floor(Date.now() / 1000);
    const second = await new Table(world, world.channel('second').id).command(alice, 'start');
    expect(second).toMatchObject({ ack: 'reply', ephemeral: true });
    const until = Number(/<t:(\d+):R>/.exec(second.message?.content ?? '')?.[1]);
    expect(until).toBeGreaterThanOrEqual(before);
    expect(until).toBeLessThanOrEqual(before + COOLDOWN_MS / 1000 + 1);
    // Somebody else may start a game meanwhile, and Alice may once the cooldown is over.
    const bobs = new Table(world, world.channel('second').id);
    await bobs.open(bob);
    await bobs.act(bob, 'cancel');
    await new Promise((resolve) => setTimeout(resolve, COOLDOWN_MS));
    await bobs.open(alice);
    await bobs.act(alice, 'cancel');
  });

  it('lets only the players and members with Manage Messages post the board again, and not too often', async () => {
    const table = new Table(world, world.channel('board').id);
    await table.open(carol);
    await table.act(dave, 'join');
    const spectator = await table.command(bob, 'board');
    expect(spectator).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(spectator.message?.content).toContain('Manage Messages');
    const player = await table.command(dave, 'board');
    expect(player).toMatchObject({ ack: 'reply', ephemeral: false });
    table.boardId = player.message?.id ?? '';
    const again = await table.command(dave, 'board');
    expect(again.message?.content).toMatch(/<t:\d+:R>/);
    world.discord.setMemberPermissions(world.guild.id, bob, Permission.ManageMessages | Permission.ViewChannel);
    const moderator = await table.command(bob, 'board');
    expect(moderator).toMatchObject({ ack: 'reply', ephemeral: false });
    const posted = moderator.message?.id ?? '';
    // Once the new board is the board, the one before loses its controls.
    await world.discord.waitFor(() => controls(world.discord.message(table.boardId) ?? {}).length === 0);
    table.boardId = posted;
    await table.act(carol, 'cancel');
  });

  it("counts the host's /crag end after the start as leaving; only Manage Messages voids a game", async () => {
    const table = new Table(world, world.channel('host').id);
    await table.open(dave);
    await table.act(carol, 'join');
    await table.act(alice, 'join');
    await table.act(dave, 'start');
    await table.playTurn(dave);
    const ended = await table.command(dave, 'end');
    expect(ended).toMatchObject({ ack: 'reply', ephemeral: false });
    expect(ended.message?.content).toContain('left the game');
    await world.discord.waitFor(() => description(table.board()).includes('(left)'));
    expect(currentPlayerId(table.board())).toBe(carol);
    // Dave can no longer end it; Bob (a moderator since the test above) voids it.
    expect((await table.command(dave, 'end')).message?.content).toContain('Manage Messages');
    const voided = await table.command(bob, 'end');
    expect(voided.message?.content).toContain('ended the game');
    await world.discord.waitFor(() => title(table.board()) === 'Crag · game ended');
  });

  it('offers Play again only to the people still seated at the end', async () => {
    const table = new Table(world, world.channel('again').id);
    await table.open(bob);
    await table.act(carol, 'join');
    await table.act(alice, 'join');
    await table.act(bob, 'start');
    await table.playTurn(bob);
    await table.command(alice, 'leave');
    await world.discord.waitFor(() => description(table.board()).includes('(left)'));
    await playToTheEnd(table, RULES);
    expect(control(table.board(), 'again')).toBeDefined();
    const leaver = await table.click(alice, 'again');
    expect(leaver).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(leaver.message?.content).toContain('still seated');
    const seated = await table.click(carol, 'again');
    expect(seated.ack).toBe('update');
    expect(world.discord.problems).toEqual([]);
  });
});
