import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controls, currentPlayerId, description, requireControl, rowChoices, version } from '../../harness/board.js';
import { integrityCheck, readDatabase } from '../../harness/bot-database.js';
import type { InteractionOutcome } from '../../src/emulator/index.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

const TABLES = 6;
const RESTARTING = 'Crag is restarting; nothing was changed.';
const EDIT = /^\/channels\/\d+\/messages\/\d+$/;
const CALLBACK = /^\/interactions\/\d+\/[^/]+\/callback$/;

interface Stored {
  version: number;
  state: string;
}

describe('shutdown: SIGTERM and SIGINT during play', () => {
  let world: TestWorld;
  let people: string[];
  const tables: Table[] = [];
  beforeAll(async () => {
    world = await TestWorld.create({
      people: 4,
      channels: Array.from({ length: TABLES }, (_, i) => `table-${i}`),
    });
    people = [0, 1, 2, 3].map((i) => world.person(i).id);
    for (let i = 0; i < TABLES; i += 1) {
      const table = new Table(world, world.channel(`table-${i}`).id);
      const host = people[i % 4] ?? '';
      await table.open(host);
      await table.act(people[(i + 1) % 4] ?? '', 'join');
      await table.act(host, 'start');
      tables.push(table);
    }
  });
  afterAll(async () => {
    await world?.stop();
  });

  const stored = (table: Table): Stored => {
    const gameId = requireControl(table.board(), 'sheet').gameId;
    return readDatabase(
      world.dbPath,
      (db) => db.prepare('SELECT state_version AS version, state FROM games WHERE id = ?').get(gameId) as Stored,
    );
  };

  /** One legal click per table, all dispatched at once: a reroll where one is left, else the best row. */
  const clickEverywhere = (): {
    table: Table;
    before: number;
    row: string | null;
    outcome: Promise<InteractionOutcome>;
  }[] =>
    tables.map((table) => {
      const board = table.board();
      const player = currentPlayerId(board) ?? '';
      const before = version(board) ?? 0;
      const reroll = requireControl(board, 'reroll');
      if (!reroll.disabled) {
        return {
          table,
          before,
          row: null,
          outcome: world.discord.clickButton({ user: player, message: table.boardId, customId: reroll.customId }),
        };
      }
      const row = rowChoices(board).reduce((best, next) => (next.points > best.points ? next : best)).value;
      return { table, before, row, outcome: table.chooseRow(player, row) };
    });

  it.each([
    ['SIGTERM', 2],
    ['SIGINT', 2],
  ] as const)(
    'on %s finishes the clicks in flight, exits 0 and resumes every board (%i times)',
    async (signal, times) => {
      const tally = { applied: 0, restarting: 0 };
      for (let round = 0; round < times; round += 1) {
        const bot = world.bot;
        const clicks = clickEverywhere();
        // The signal follows the clicks at once: some are being handled, some are still on the wire.
        const exited = bot.kill(signal);
        const outcomes = await Promise.all(clicks.map((click) => click.outcome));
        const exit = await exited;

        expect(exit).toEqual({ code: 0, signal: null });
        expect(bot.logs.find((line) => line.message === 'shutting down')).toMatchObject({ signal });
        expect(bot.logs.at(-1)?.message).toBe('stopped cleanly');
        expect(bot.errors()).toEqual([]);
        expect(world.discord.problems).toEqual([]);
        expect(integrityCheck(world.dbPath)).toBe('ok');

        clicks.forEach(({ table, before, row }, i) => {
          const outcome = outcomes[i];
          expect(outcome?.ack, outcome?.error ?? '').not.toBe('failed');
          const now = stored(table);
          if (outcome?.ack === 'update') {
            // Acknowledged: the click is in the database, exactly once, and the board shows it.
            tally.applied += 1;
            expect(version(outcome.message!)).toBe(before + 1);
            expect(now.version).toBe(before + 1);
            if (row) {
              const gameId = requireControl(table.board(), 'sheet').gameId;
              const rows = readDatabase(world.dbPath, (db) =>
                db.prepare('SELECT row FROM sheet_rows WHERE game_id = ?').pluck().all(gameId),
              );
              expect(rows).toContain(row);
            }
          } else {
            // Arrived after the bot stopped taking work: told so, and nothing changed.
            tally.restarting += 1;
            expect(outcome).toMatchObject({ ack: 'reply', ephemeral: true });
            expect(outcome?.message?.content).toContain(RESTARTING);
            expect(now.version).toBe(before);
          }
        });

        // A restart picks every game up from the same board message.
        const boards = tables.map((table) => table.boardId);
        await world.startBot();
        for (const table of tables) {
          expect(table.boardId).toBe(boards[tables.indexOf(table)]);
          expect(version(table.board())).toBe(stored(table).version);
          const player = currentPlayerId(table.board()) ?? '';
          await table.playTurn(player);
          expect(currentPlayerId(table.board())).not.toBe(player);
        }
      }
      console.log(
        `shutdown (${signal}): ${times} stops with ${TABLES} clicks each in flight; ${tally.applied} applied and saved, ` +
          `${tally.restarting} answered "restarting", 0 failed; exit 0 and "stopped cleanly" each time`,
      );
    },
  );

  it('tells clicks that arrive while it stops that it is restarting, and waits for those answers too', async () => {
    const [held, ...later] = tables;
    if (!held) throw new Error('no tables');
    const heldBefore = version(held.board()) ?? 0;
    const laterBefore = later.map((table) => version(table.board()) ?? 0);
    // The answer to the first click is held back a second by a 429: the click is in flight.
    const firstHeld = world.discord.failNextRest({
      method: 'POST',
      pathPattern: CALLBACK,
      status: 429,
      retryAfterSeconds: 1,
    });
    const heldClick = world.discord.clickButton({
      user: currentPlayerId(held.board()) ?? '',
      message: held.boardId,
      customId: requireControl(held.board(), 'reroll').customId,
    });
    await firstHeld.served;
    const bot = world.bot;
    const exited = bot.kill('SIGTERM');
    await world.discord.waitFor(() => bot.logs.some((line) => line.message === 'shutting down'));
    // Clicks after the signal, while the first is still in flight: the first "restarting" answer is
    // held back two seconds, so it is still on its way when the held click's answer lands.
    const secondHeld = world.discord.failNextRest({
      method: 'POST',
      pathPattern: CALLBACK,
      status: 429,
      retryAfterSeconds: 2,
    });
    const laterClicks = later.map((table) =>
      world.discord.clickButton({
        user: currentPlayerId(table.board()) ?? '',
        message: table.boardId,
        customId: requireControl(table.board(), 'reroll').customId,
      }),
    );
    const [first, ...rest] = await Promise.all([heldClick, ...laterClicks]);
    const exit = await exited;
    expect(secondHeld.hits).toBe(1);

    expect(first?.ack, first?.error ?? '').toBe('update');
    expect(stored(held).version).toBe(heldBefore + 1);
    rest.forEach((outcome, i) => {
      expect(outcome).toMatchObject({ ack: 'reply', ephemeral: true });
      expect(outcome.message?.content).toContain(RESTARTING);
      expect(stored(later[i]!).version).toBe(laterBefore[i]);
    });
    expect(exit).toEqual({ code: 0, signal: null });
    expect(bot.logs.at(-1)?.message).toBe('stopped cleanly');
    expect(world.discord.problems).toEqual([]);
    console.log(
      `shutdown (in flight): 1 click held 1 s by a 429 across SIGTERM, applied; ${rest.length} clicks after the signal ` +
        'answered "restarting" (one held 2 s), none failed; exit 0',
    );
    await world.startBot();
  });

  it('waits for a board edit under way (held back by a 429) before exiting', async () => {
    const table = tables[0]!;
    const player = currentPlayerId(table.board()) ?? '';
    const waiting = people.find((p) => p !== player && description(table.board()).includes(world.nameOf(p))) ?? '';
    const limited = world.discord.failNextRest({
      method: 'PATCH',
      pathPattern: EDIT,
      status: 429,
      retryAfterSeconds: 1,
    });
    // The waiting player leaves: the answer comes at once, the board redraw after the 429's second.
    const left = await table.command(waiting, 'leave');
    expect(left).toMatchObject({ ack: 'reply', ephemeral: true });
    await limited.served;
    expect(description(table.board())).not.toContain('(left)');
    const bot = world.bot;
    const exit = await bot.kill('SIGTERM');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(bot.logs.at(-1)?.message).toBe('stopped cleanly');
    // The redraw landed before the process ended.
    expect(description(table.board())).toContain('(left)');
    expect(controls(table.board()).length).toBeGreaterThan(0);
    expect(world.discord.problems).toEqual([]);
    await world.startBot();
    expect(version(table.board())).toBe(stored(table).version);
  });
});
