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
    world = await TestWorld.create({ people: 2 });
    [alice, bob] = [0, 1].map((i) => world.person(i).id) as [string, string];
  });
  afterAll(async () => {
    await world?.stop();
  });

  // The race test once saw the acting player's pick refused as "moved on": a redraw with the bot's
  // token, drawn just before a click changed the game, reached Discord after that click's update and
  // showed the older board, whose controls the players then used.
  it("never lets the bot's own redraw land after a newer click's update", async () => {
    const table = new Table(world);
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    const staleReroll = requireControl(table.board(), 'reroll').customId;
    await table.toggleKeep(alice, 0);
    const drawn: number[] = [];
    const record = (message: EmulatedMessage) => {
      if (message.id === table.boardId) drawn.push(drawnVersion(message));
    };
    world.discord.on('messageUpdate', record);
    try {
      // A click on the board as it was: refused, and the board redrawn with the bot's token, an
      // edit that is slow on its way to Discord.
      const held = world.discord.holdNextRest({ method: 'PATCH', pathPattern: EDIT });
      const stale = await world.discord.sendRawInteraction({
        user: alice,
        type: 3,
        message: table.boardId,
        data: { custom_id: staleReroll, component_type: 2 },
      });
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
});
