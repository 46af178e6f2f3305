import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPlayerId, description, title } from '../../harness/board.js';
import { readDatabase } from '../../harness/bot-database.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

/** One "minute" of the turn timer lasts this long in these tests. */
const MINUTE_MS = 250;
const EDIT_ROUTE = '/channels/:channelId/messages/:messageId';

describe('turn timers', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    world = await TestWorld.create({
      people: 2,
      channels: ['rearm', 'stale', 'busy'],
      env: { TURN_TIMER_UNIT_MS: String(MINUTE_MS) },
    });
    [alice, bob] = [world.person(0).id, world.person(1).id];
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('takes the best row for an absent player, edits the board with the bot token, and removes them after 3', async () => {
    const table = new Table(world);
    await table.open(alice, { 'turn-timer': 1 });
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    // Interaction tokens die after 15 minutes; the timer's edits must not need them.
    world.discord.advanceClock(16 * 60 * 1000);
    const editsBefore = world.discord.restCount('PATCH', EDIT_ROUTE);

    for (let missed = 1; missed <= 3; missed += 1) {
      // Alice never acts: her turn runs out and the board moves on to bob by itself.
      await world.discord.waitFor(() => currentPlayerId(table.board()) === bob, { timeoutMs: 10 * MINUTE_MS });
      expect(description(table.board())).toContain('(time ran out)');
      if (missed < 3) await table.chooseRow(bob, 'ones').catch(() => undefined);
      else break;
      await world.discord.waitFor(() => currentPlayerId(table.board()) !== bob, { timeoutMs: 10 * MINUTE_MS });
    }
    expect(world.discord.restCount('PATCH', EDIT_ROUTE)).toBeGreaterThanOrEqual(editsBefore + 3);
    expect(description(table.board())).toMatch(/alice \*\*\d+\*\*\s*\(left\)/);
    const aliceRows = readDatabase(world.dbPath, (db) =>
      db.prepare('SELECT COUNT(*) AS n FROM sheet_rows WHERE player_id = ?').get(alice),
    ) as { n: number };
    expect(aliceRows.n).toBe(13);

    // Bob plays on alone; alice's clicks are refused.
    await world.discord.waitFor(() => currentPlayerId(table.board()) === bob);
    const refused = await table.click(alice, 'reroll');
    expect(refused).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(refused.message?.content).toContain('not playing');
    await table.command(bob, 'end');
    expect(world.discord.problems).toEqual([]);
  });

  it('stores deadlines and re-arms them after a restart', async () => {
    const table = new Table(world, world.channel('rearm').id);
    await table.open(alice, { 'turn-timer': 4 });
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    const deadline = readDatabase(world.dbPath, (db) =>
      db.prepare('SELECT turn_deadline AS deadline FROM games WHERE board_message_id = ?').get(table.boardId),
    ) as { deadline: number | null };
    expect(deadline.deadline).toBeGreaterThan(Date.now());

    await world.bot.kill('SIGKILL');
    await world.startBot();
    await world.discord.waitFor(() => currentPlayerId(table.board()) === bob, { timeoutMs: 20 * MINUTE_MS });
    expect(description(table.board())).toContain('(time ran out)');
    expect(world.bot.logs.some((line) => line.message === 'turn timed out')).toBe(true);
    await table.command(alice, 'end');
  });

  it('ends a game nobody has touched for a day', async () => {
    const table = new Table(world, world.channel('stale').id);
    await table.open(alice);
    expect(await world.bot.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(world.dbPath);
    db.prepare('UPDATE games SET last_action_at = ? WHERE board_message_id = ?').run(
      Date.now() - 25 * 60 * 60 * 1000,
      table.boardId,
    );
    db.close();
    await world.startBot();
    await world.discord.waitFor(() => title(table.board()) === 'Crag · game ended');
    expect(description(table.board())).toContain('nobody played for a day');
    const fresh = await table.command(bob, 'start');
    expect(fresh).toMatchObject({ ack: 'reply', ephemeral: false });
    expect(world.discord.problems).toEqual([]);
  });

  it('survives a due turn that fails on a busy database: logged, tried again later, the bot answering meanwhile', async () => {
    const table = new Table(world, world.channel('busy').id);
    await table.open(alice, { 'turn-timer': 1 });
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    // Another program takes the database's write lock before Alice's turn runs out, and holds it
    // longer than the bot waits for it (5 s): the time-out cannot be saved.
    const Database = (await import('better-sqlite3')).default;
    const holder = new Database(world.dbPath);
    holder.exec('BEGIN EXCLUSIVE');
    try {
      const failures = () =>
        world.bot.logs.filter((line) => line.message === 'a due turn failed; it will be tried again');
      await world.discord.waitFor(() => failures().length > 0, { timeoutMs: 15_000 });
      expect(failures()[0]).toMatchObject({ retryInMs: 5_000, error: { name: 'SqliteError' } });
      // The process is alive and answers what needs no write.
      const rules = await table.command(bob, 'rules');
      expect(rules).toMatchObject({ ack: 'reply', ephemeral: true });
      expect(currentPlayerId(table.board())).toBe(alice);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    // Once the lock is gone, the retry takes Alice's row for her and the board moves on to Bob.
    await world.discord.waitFor(() => currentPlayerId(table.board()) === bob, { timeoutMs: 15_000 });
    expect(description(table.board())).toContain('(time ran out)');
    expect(world.bot.running).toBe(true);
  });
});
