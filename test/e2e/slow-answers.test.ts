/**
 * Answers that are slow to come: another connection (a backup, an operator's shell) holds SQLite's
 * write lock for longer than Discord's 3 s, while people click and start games. The bot defers each
 * interaction still unanswered after 2 s (src/bot/answer-in-time.ts), so the emulator, which fails
 * an interaction not acknowledged within 3 s, sees none fail; the answers follow once the lock is
 * gone, each applied once.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canReroll, currentPlayerId, requireControl, texts, version } from '../../harness/board.js';
import { boardGameVersion, readDatabase } from '../../harness/bot-database.js';
import type { InteractionOutcome } from '../../src/emulator/index.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

/** Past Discord's 3 s, within the bot's 5 s patience for a lock (LOCK_PATIENCE_MS). */
const HELD_MS = 3_500;

function holdWriteLock(dbPath: string, forMs: number): Promise<void> {
  const other = new Database(dbPath);
  other.exec('BEGIN IMMEDIATE');
  return new Promise((resolve) =>
    setTimeout(() => {
      other.exec('ROLLBACK');
      other.close();
      resolve();
    }, forMs),
  );
}

describe('answers slowed by a database lock', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 2, channels: ['click', 'starts'] });
    [alice, bob] = [0, 1].map((i) => world.person(i).id) as [string, string];
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('defers a click that waits for the lock, then shows its change on the board, applied once', async () => {
    const table = new Table(world, world.channel('click').id);
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    const before = boardGameVersion(world.dbPath, table.boardId);
    const reroll = requireControl(table.board(), 'reroll').customId;

    const released = holdWriteLock(world.dbPath, HELD_MS);
    const started = performance.now();
    const outcome = await world.discord.clickButton({ user: alice, message: table.boardId, customId: reroll });
    // Acknowledged in time, without an answer yet: the board is as it was.
    expect(outcome.ack, outcome.error ?? '').toBe('deferred-update');
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(boardGameVersion(world.dbPath, table.boardId)).toBe(before);

    await released;
    // The answer edits the clicked board once the write lands.
    await world.discord.waitFor(() => boardGameVersion(world.dbPath, table.boardId) === before + 1, {
      timeoutMs: 5_000,
    });
    await world.discord.waitFor(() => version(table.board()) === before + 1, {
      timeoutMs: 5_000,
      description: 'the board after the reroll',
    });
    expect(currentPlayerId(table.board())).toBe(alice);
    expect(canReroll(table.board())).toBe(false);
    // The interaction was never answered twice, nor failed.
    expect(
      world.discord.problems.filter((problem) => problem.kind === 'double-ack' || problem.kind === 'late-ack'),
    ).toEqual([]);
    await table.command(alice, 'end');
  });

  it('defers two starts in one channel: one becomes the lobby, the other a private refusal in its place', async () => {
    const channel = world.channel('starts').id;
    const released = holdWriteLock(world.dbPath, HELD_MS);
    const starts = await Promise.all(
      [alice, bob].map((user) => world.discord.runCommand({ user, channel, name: 'crag', subcommand: 'start' })),
    );
    // Both "thinking…", in public: a start's answer is usually the lobby.
    for (const outcome of starts) {
      expect(outcome.ack, outcome.error ?? '').toBe('deferred-reply');
      expect(outcome.ephemeral).toBe(false);
    }
    await released;

    const settled = async (outcome: InteractionOutcome) => {
      const id = outcome.interactionId;
      return world.discord.waitFor(
        () => {
          const record = world.discord.interaction(id);
          const original = record?.originalMessageId ? world.discord.message(record.originalMessageId) : undefined;
          if (original && !(original.flags & 128)) return { lobby: original };
          const followUp = record?.followUpIds[0];
          return !original && followUp ? { refusal: world.discord.message(followUp) } : undefined;
        },
        { timeoutMs: 8_000, description: `the answer to ${id}` },
      );
    };
    const answers = await Promise.all(starts.map(settled));
    const lobbies = answers.filter((answer) => 'lobby' in answer);
    const refusals = answers.filter((answer) => 'refusal' in answer);
    expect(lobbies).toHaveLength(1);
    expect(refusals).toHaveLength(1);
    const refusal = refusals[0]?.refusal;
    // The public placeholder was deleted, and the refusal is seen by its person only.
    expect(refusal?.flags ?? 0).toBe(64);
    expect(texts(refusal!).join(' ')).toMatch(/game/i);
    const games = readDatabase(world.dbPath, (db) =>
      db.prepare('SELECT COUNT(*) AS n FROM games WHERE channel_id = ?').get(channel),
    ) as { n: number };
    expect(games.n).toBe(1);
    expect(
      world.discord.problems.filter((problem) => problem.kind === 'double-ack' || problem.kind === 'late-ack'),
    ).toEqual([]);
  });
});
