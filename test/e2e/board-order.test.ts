import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controls, requireControl } from '../../harness/board.js';
import { decodeComponentId } from '../../src/bot/custom-id.js';
import type { EmulatedMessage } from '../../src/emulator/index.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

const EDIT = /^\/channels\/\d+\/messages\/\d+$/;

/** The game state version a drawing of the board shows (its controls carry it). */
function drawnVersion(message: EmulatedMessage): number {
  return Math.max(...controls(message).map((control) => decodeComponentId(control.customId)?.version ?? -1));
}

describe('the order in which drawings of a board land', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 2, channels: ['queued'] });
    [alice, bob] = [0, 1].map((i) => world.person(i).id) as [string, string];
  });
  afterAll(async () => {
    await world?.stop();
  });

  /**
   * A game in play whose board moved on after Alice's reroll button was read: clicking that button
   * is refused as "moved on" and has the board redrawn with the bot's token. `record` (a
   * messageUpdate listener) collects the versions the board's drawings show, in the order they land.
   */
  async function gameWithAStaleReroll(channelId?: string) {
    const table = new Table(world, channelId);
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    const staleReroll = requireControl(table.board(), 'reroll').customId;
    await table.toggleKeep(alice, 0);
    const drawn: number[] = [];
    const record = (message: EmulatedMessage) => {
      if (message.id === table.boardId) drawn.push(drawnVersion(message));
    };
    const clickStale = () =>
      world.discord.sendRawInteraction({
        user: alice,
        type: 3,
        message: table.boardId,
        data: { custom_id: staleReroll, component_type: 2 },
      });
    return { table, clickStale, drawn, record };
  }

  // The race test once saw the acting player's pick refused as "moved on": a redraw with the bot's
  // token, drawn just before a click changed the game, reached Discord after that click's update and
  // showed the older board, whose controls the players then used.
  it("never lets the bot's own redraw land after a newer click's update", async () => {
    const { table, clickStale, drawn, record } = await gameWithAStaleReroll();
    world.discord.on('messageUpdate', record);
    try {
      // A click on the board as it was: refused, and the board redrawn with the bot's token, an
      // edit that is slow on its way to Discord.
      const held = world.discord.holdNextRest({ method: 'PATCH', pathPattern: EDIT });
      const stale = await clickStale();
      expect(stale.message?.content).toContain('moved on');
      await held.arrived;
      // Meanwhile the player rerolls on the board the redraw is about to show again.
      const reroll = table.click(alice, 'reroll');
      await Promise.race([reroll, new Promise((resolve) => setTimeout(resolve, 300))]);
      held.release();
      const rerolled = await reroll;
      expect(rerolled.ack).toBe('update');
      const newest = rerolled.message ? drawnVersion(rerolled.message) : Number.NaN;
      await world.discord.waitFor(() => drawn.length >= 2 && drawn.at(-1) === newest);
      for (let i = 1; i < drawn.length; i += 1) {
        expect(drawn[i], `drawings of the board in the order they landed: ${drawn.join(', ')}`).toBeGreaterThanOrEqual(
          drawn[i - 1] ?? 0,
        );
      }
      expect(world.discord.problems).toEqual([]);
    } finally {
      world.discord.off('messageUpdate', record);
    }
    await table.command(alice, 'end');
  });

  // The bench's lobbies once answered their next click about 900 ms late at p99: the update waited
  // for a redraw that was only queued in the request budget, not yet on its way to Discord.
  it('answers a click at once while a redraw of its board waits in the request budget, and drops that redraw', async () => {
    const { table, clickStale, drawn, record } = await gameWithAStaleReroll(world.channel('queued').id);
    world.discord.on('messageUpdate', record);
    try {
      // The redraw after a stale click meets a global 429 of 3 s: the budget holds every bot-token
      // request for that long, the redraw's retry among them.
      const limited = world.discord.failNextRest({
        status: 429,
        global: true,
        method: 'PATCH',
        pathPattern: new RegExp(`^/channels/${table.channelId}/messages/${table.boardId}$`),
        retryAfterSeconds: 3,
      });
      const stale = await clickStale();
      expect(stale.message?.content).toContain('moved on');
      await limited.served;
      const clicked = performance.now();
      const rerolled = await table.click(alice, 'reroll');
      const answeredMs = performance.now() - clicked;
      expect(rerolled.ack).toBe('update');
      // respond() waits at most RESPONSE_WAIT_MS (1 s) for an edit; here there was none on its way.
      expect(answeredMs).toBeLessThan(800);
      const newest = rerolled.message ? drawnVersion(rerolled.message) : Number.NaN;
      // After the hold the queued redraw's turn comes, and it is dropped: a newer drawing landed.
      const edits = world.discord.restCount('PATCH', '/channels/:channelId/messages/:messageId');
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      expect(world.discord.restCount('PATCH', '/channels/:channelId/messages/:messageId')).toBe(edits);
      expect(drawn.at(-1)).toBe(newest);
      expect(world.bot.errors()).toEqual([]);
    } finally {
      world.discord.off('messageUpdate', record);
    }
    await table.command(alice, 'end');
  });
});
