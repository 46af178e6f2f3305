import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPlayerId } from '../../harness/board.js';
import type { RestRequestView } from '../../src/emulator/index.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

/** A budget this small is short with a handful of tables, so pings must give way. */
const BUDGET = 3;
const TABLES = 6;
const ROUNDS = 3;

/** Bot-token requests: everything but interaction callbacks and webhooks, which Discord exempts. */
const isBotToken = (request: RestRequestView) =>
  !request.route.startsWith('/interactions/') && !request.route.startsWith('/webhooks/');

/** The most requests that arrived within any `spanMs`. */
function busiest(arrivals: readonly number[], spanMs: number): number {
  let most = 0;
  for (let first = 0, last = 0; last < arrivals.length; last++) {
    while ((arrivals[last] as number) - (arrivals[first] as number) >= spanMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

describe('the request budget against Discord’s limits', () => {
  let world: TestWorld;
  const arrivals: number[] = [];
  beforeAll(async () => {
    world = await TestWorld.create({
      people: 2,
      channels: Array.from({ length: TABLES }, (_, index) => `table-${index}`),
      rateLimits: true,
      env: { REST_REQUESTS_PER_SECOND: String(BUDGET), COMPUTER_PAUSE_MS: '50' },
    });
    world.discord.on('restRequest', (request) => {
      if (isBotToken(request)) arrivals.push(Date.now());
    });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('keeps within its budget with no 429, redraws every computer move, and skips pings it has no room for', async () => {
    const alice = world.person(0).id;
    const bob = world.person(1).id;
    const play = async (channelName: string) => {
      const table = new Table(world, world.channel(channelName).id);
      await table.open(alice, { computers: 2, level: 'optimal' });
      await table.act(bob, 'join');
      await table.act(alice, 'start');
      // Each round: alice, bob, then the computers, whose moves only the bot's own board edits show.
      for (let turn = 0; turn < ROUNDS * 2; turn++) {
        const player = await world.discord.waitFor(
          () => {
            const current = currentPlayerId(table.board());
            return current === alice || current === bob ? current : undefined;
          },
          { timeoutMs: 30_000, description: `a person's turn in #${channelName}` },
        );
        await table.playTurn(player);
      }
    };
    await Promise.all(Array.from({ length: TABLES }, (_, index) => play(`table-${index}`)));

    expect(world.discord.rateLimitRefusals()).toEqual({ global: 0, route: 0 });
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
    // Counted where Discord counts, at arrival. The budget starts at most BUDGET in any second; on
    // a loaded machine a request can take up to a second more to arrive, so five seconds of
    // arrivals hold at most one second's worth more (without the budget: every edit at once).
    expect(arrivals.length).toBeGreaterThan(BUDGET * 5);
    expect(busiest(arrivals, 5000)).toBeLessThanOrEqual(6 * BUDGET);
    const skipped = world.bot.logs.filter((line) => line.message === 'turn ping skipped: the request budget is short');
    expect(skipped.length).toBeGreaterThan(0);
    expect(world.discord.invalidRequestsFromIp('127.0.0.1')).toBe(0);
  }, 180_000);
});
