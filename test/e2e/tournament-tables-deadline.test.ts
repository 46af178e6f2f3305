/**
 * A tables round closed by its deadline, not by its tables: two entrants at one table play a turn
 * each, the bot is killed and stays down past the round's deadline, and at the next start the
 * round closes at once. The table still playing ends where it stands (its game abandoned, each
 * seat's open rows scoring 0), the round's point is shared out once, and the boards are posted once.
 * The bot is down for the round's remaining minutes on its own clock (SharedClock), not the test's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPlayerId, texts } from '../../harness/board.js';
import { queryRows } from '../../harness/bot-database.js';
import type { EmulatedMessage } from '../../src/emulator/index.js';
import { BOT_ENTRY } from './support/bot-process.js';
import { SharedClock } from './support/shared-clock.js';
import { PAIR_HUNTER, STANDER, Table, type TurnPolicy } from './support/table.js';
import { TestWorld } from './support/world.js';

/** A turn-timer minute of 5 s: a round of one hour lasts 300 s, a table's turn 10 s. */
const UNIT_MS = 5000;
const ROUND_MS = 60 * UNIT_MS;
const STAND_ON_BEST: TurnPolicy = { keep: STANDER.keep, row: PAIR_HUNTER.row };

describe('a tables round at its deadline', () => {
  const clock = new SharedClock();
  let world: TestWorld;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    world = await TestWorld.create({
      people: 2,
      env: { TURN_TIMER_UNIT_MS: String(UNIT_MS), ...clock.env },
      botEntry: { entry: BOT_ENTRY, nodeArgs: clock.nodeArgs },
    });
    [alice, bob] = [world.person(0).id, world.person(1).id];
  });
  afterAll(async () => {
    await world?.stop();
    clock.remove();
  });

  const text = (message: EmulatedMessage) => texts(message).join('\n');
  const waitFor = <T>(description: string, condition: () => T | undefined) =>
    world.discord.waitFor(condition, { description, timeoutMs: 60_000 });
  const posts = (heading: string) =>
    world.discord
      .messagesSeenBy(alice, world.channel().id)
      .filter((message) => message.webhook_id === undefined && text(message).includes(heading));

  it('closes with the bot down for its close: the table ends where it stands, counted once', async () => {
    const created = await world.discord.runCommand({
      user: alice,
      channel: world.channel().id,
      name: 'crag',
      subcommandGroup: 'tournament',
      subcommand: 'create',
      options: { name: 'Late Tables', rounds: 1, hours: 1, format: 'tables' },
    });
    expect(created.ack, created.error ?? '').toBe('reply');
    const signup = created.message!.id;
    for (const user of [alice, bob]) {
      expect((await world.discord.clickButton({ user, message: signup, label: 'Join' })).ack).toBe('update');
    }
    const startedAt = Date.now();
    expect((await world.discord.clickButton({ user: alice, message: signup, label: 'Start' })).ack).toMatch(/update/);
    const thread = await waitFor('the table', () => /<#(\d+)>/.exec(text(world.discord.message(signup)!))?.[1]);
    const table = new Table(world, thread);
    table.boardId = (
      await waitFor('the board', () =>
        world.discord
          .messagesSeenBy(alice, thread)
          .find((message) => message.webhook_id === undefined && currentPlayerId(message) !== undefined),
      )
    ).id;
    const scored = new Map<string, number>();
    const order: string[] = [];
    for (let turn = 0; turn < 2; turn += 1) {
      const player = currentPlayerId(table.board())!;
      order.push(player);
      scored.set(player, (await table.playTurn(player, STAND_ON_BEST)).points);
    }
    const [first, second] = order as [string, string];

    await world.bot.kill('SIGKILL');
    clock.advanceWhileDown(world, Math.max(0, startedAt + ROUND_MS + 1000 - Date.now()));
    await world.startBot();

    await waitFor('the final standings', () => posts('final standings')[0]);
    await waitFor('the tournament to be over', () =>
      text(world.discord.message(signup)!).includes('The tournament is over') ? true : undefined,
    );
    // The table's game did not reach its end: the close abandoned it (counted in no statistics).
    const [game] = await queryRows<{ status: string }>(
      world.database,
      'SELECT status FROM games WHERE channel_id = ?',
      thread,
    );
    expect(game?.status).toBe('cancelled');
    const points = await queryRows<{ player_id: string; points: number; total: number }>(
      world.database,
      'SELECT player_id, points, total FROM tournament_points ORDER BY player_id',
    );
    expect(points).toHaveLength(2);
    expect(points.reduce((sum, row) => sum + Number(row.points), 0)).toBe(1);
    // Each seat kept what it scored and its twelve open rows counted 0. The first player's second
    // turn was running when the bot died: its timer, due at the start as the close is, may have
    // taken that turn's best row first; the second player's next turn never began.
    const totalOf = (player: string) => Number(points.find((row) => row.player_id === player)?.total);
    expect(totalOf(second)).toBe(scored.get(second));
    expect(totalOf(first)).toBeGreaterThanOrEqual(scored.get(first)!);
    expect(posts('round 1 of 1: results')).toHaveLength(1);
    expect(posts('final standings')).toHaveLength(1);
  });
});
