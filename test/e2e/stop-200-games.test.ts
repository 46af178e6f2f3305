/**
 * SIGTERM within Docker's default 10 s grace with 200 games in flight: every game has a click on
 * the wire or being handled when the signal comes. The figure is printed for docs/operating.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPlayerId, requireControl } from '../../harness/board.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

const GAMES = 200;
const requireControlOrNull = (table: Table) => {
  try {
    return requireControl(table.board(), 'reroll');
  } catch {
    return null;
  }
};
const GRACE_MS = 10_000;
/** Games opened at once while setting up. */
const BATCH = 20;

describe(`SIGTERM with ${GAMES} games in flight`, () => {
  let world: TestWorld;
  const tables: Table[] = [];
  beforeAll(async () => {
    world = await TestWorld.create({
      people: 2,
      channels: Array.from({ length: GAMES }, (_, i) => `game-${i}`),
    });
    const [alice, bob] = [world.person(0).id, world.person(1).id];
    for (let first = 0; first < GAMES; first += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, GAMES - first) }, (_, k) => {
        const table = new Table(world, world.channel(`game-${first + k}`).id);
        tables.push(table);
        return (async () => {
          await table.open(alice);
          await table.act(bob, 'join');
          await table.act(alice, 'start');
        })();
      });
      await Promise.all(batch);
    }
  }, 600_000);
  afterAll(async () => {
    await world?.stop();
  });

  it('has every game in play', () => {
    const lobbies = tables.filter((table) => !requireControlOrNull(table));
    expect(lobbies.map((table) => JSON.stringify(table.board().components).slice(0, 600))).toEqual([]);
  });

  it('stops within 10 s, exits 0, and no click is left unanswered', async () => {
    const bot = world.bot;
    const clicks = tables.map((table) => {
      const board = table.board();
      return world.discord.clickButton({
        user: currentPlayerId(board) ?? '',
        message: table.boardId,
        customId: requireControl(board, 'reroll').customId,
      });
    });
    const signalled = performance.now();
    const exited = bot.kill('SIGTERM');
    const outcomes = await Promise.all(clicks);
    const exit = await exited;
    const stoppedInMs = performance.now() - signalled;

    expect(exit).toEqual({ code: 0, signal: null });
    expect(outcomes.filter((outcome) => outcome.ack === 'failed')).toEqual([]);
    const applied = outcomes.filter((outcome) => outcome.ack === 'update').length;
    console.log(
      `SIGTERM with ${GAMES} games in flight: stopped in ${Math.round(stoppedInMs)} ms ` +
        `(${applied} clicks applied, ${GAMES - applied} answered "restarting"), exit 0`,
    );
    expect(stoppedInMs).toBeLessThan(GRACE_MS);
  });
});
