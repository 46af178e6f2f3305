import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controls, currentPlayerId, rowChoices, title, version } from '../../harness/board.js';
import { integrityCheck, readDatabase, storedStates, totalsAgainstSheets } from '../../harness/bot-database.js';
import { seededRandom } from '../../src/game/index.js';
import { createDatabase } from '../support/postgres-databases.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

const GAMES = 6;
const KILLS = 20;

interface Committed {
  readonly gameId: number;
  readonly player: string;
  readonly row: string;
  readonly points: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(['sqlite', 'postgres'] as const)('restarts on %s: SIGKILL at random moments during play', (backend) => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await TestWorld.create({
      people: 4,
      channels: Array.from({ length: GAMES }, (_, i) => `table-${i}`),
      ...(backend === 'postgres' ? { databaseUrl: await createDatabase() } : {}),
    });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it(`survives ${KILLS} kills across ${GAMES} games, losing and repeating nothing`, { timeout: 600_000 }, async () => {
    const random = seededRandom(20261129);
    const people = [0, 1, 2, 3].map((i) => world.person(i).id);
    const tables: Table[] = [];
    for (let i = 0; i < GAMES; i += 1) {
      const table = new Table(world, world.channel(`table-${i}`).id);
      const [host = '', guest = ''] = [people[i % 4], people[(i + 1) % 4]];
      await table.open(host, i % 3 === 0 ? { computers: 1, level: 'easy' } : {});
      await table.act(guest, 'join');
      await table.act(host, 'start');
      tables.push(table);
    }

    const committed: Committed[] = [];
    const stats = { updates: 0, failed: 0, refused: 0 };
    let botDown = false;
    // Clicks allowed before the next kill: play is paced by the kills, not by the machine's speed, so
    // every kill lands while games are still being played (at most 3 × 50 clicks before the last
    // kill, fewer than the 156 rows the humans alone must choose). After the last kill, no limit.
    const MOST_CLICKS_BETWEEN_KILLS = 3;
    let clicksLeft = 1 + random(MOST_CLICKS_BETWEEN_KILLS);

    const drive = async (table: Table): Promise<void> => {
      while (title(table.board()) !== 'Crag · final standings') {
        const board = table.board();
        const player = currentPlayerId(board);
        if (!player || botDown || clicksLeft <= 0) {
          await sleep(20); // A computer is moving, the bot is restarting, or the next kill is due first.
          continue;
        }
        clicksLeft -= 1;
        const before = version(board) ?? 0;
        const reroll = controls(board).find((c) => c.kind === 'reroll');
        const keeps = controls(board).filter((c) => c.kind === 'keep' && !c.disabled);
        const roll = random(3);
        let outcome: Awaited<ReturnType<Table['chooseRow']>>;
        let choice: { value: string; points: number } | undefined;
        if (reroll && !reroll.disabled && roll === 0) {
          outcome = await world.discord.clickButton({
            user: player,
            message: table.boardId,
            customId: reroll.customId,
          });
        } else if (keeps.length > 0 && roll === 1) {
          const keep = keeps[random(keeps.length)]!;
          outcome = await world.discord.clickButton({ user: player, message: table.boardId, customId: keep.customId });
        } else {
          const choices = rowChoices(board);
          choice = choices.reduce((best, next) => (next.points > best.points ? next : best), choices[0]!);
          outcome = await table.chooseRow(player, choice.value);
        }
        if (outcome.ack === 'update') {
          stats.updates += 1;
          // Exactly one state change per acknowledged click.
          const after = version(outcome.message!);
          if (after !== undefined) expect(after).toBe(before + 1);
          if (choice)
            committed.push({ gameId: controls(board)[0]!.gameId!, player, row: choice.value, points: choice.points });
        } else if (outcome.ack === 'failed') {
          stats.failed += 1;
        } else {
          stats.refused += 1;
          expect(outcome.ephemeral).toBe(true);
          await sleep(10);
        }
      }
    };

    let kills = 0;
    let killsDuringPlay = 0;
    const unfinished = () => tables.some((table) => title(table.board()) !== 'Crag · final standings');
    const killer = async (): Promise<void> => {
      while (kills < KILLS) {
        await sleep(50 + random(250));
        botDown = true;
        if (unfinished()) killsDuringPlay += 1;
        await world.bot.kill('SIGKILL');
        kills += 1;
        await world.startBot();
        clicksLeft = kills < KILLS ? 1 + random(MOST_CLICKS_BETWEEN_KILLS) : Number.POSITIVE_INFINITY;
        botDown = false;
      }
    };

    await Promise.all([killer(), ...tables.map(drive)]);
    expect(killsDuringPlay).toBe(KILLS);

    for (const row of await totalsAgainstSheets(world.database)) expect(row.total).toBe(row.sheetSum);
    // Finished games keep their sheets in their packed state: every committed row is there.
    const games = await storedStates(world.database);
    const scored: Committed[] = games.flatMap((game) =>
      Object.entries(game.state.sheets).flatMap(([player, sheet]) =>
        Object.entries(sheet).map(([row, entry]) => ({ gameId: game.id, player, row, points: entry?.points ?? -1 })),
      ),
    );
    for (const action of committed) {
      expect(scored).toContainEqual(action);
    }
    expect(games).toHaveLength(GAMES);
    for (const game of games) {
      expect(game.status).toBe('finished');
      const filled = Object.values(game.state.sheets).reduce((sum, sheet) => sum + Object.keys(sheet).length, 0);
      expect(filled).toBe(13 * game.state.seats.length);
    }
    if (backend === 'sqlite') expect(integrityCheck(world.dbPath)).toBe('ok');
    // A kill between deleting a turn ping and recording that it is gone makes the restarted bot
    // delete it again: Unknown Message, once, harmless (a 404 does not count towards Discord's limit
    // on invalid requests). Anything else is a fault.
    const pingDeletedTwice = (problem: (typeof world.discord.problems)[number]) =>
      problem.method === 'DELETE' && problem.code === 10008;
    const unexpected = world.discord.problems.filter(
      (problem) => problem.kind !== 'interaction-failed' && !pingDeletedTwice(problem),
    );
    expect(unexpected).toEqual([]);
    console.log(
      `restarts on ${backend}: ${killsDuringPlay} SIGKILLs during play survived across ${GAMES} games; ${stats.updates} clicks applied, ` +
        `${stats.failed} lost with the process (never committed twice), ${stats.refused} refused as stale; ` +
        `${committed.length} scored rows all found in the database`,
    );
  });
});

describe('restarts: a board edit cut off by a crash', () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 1, channels: ['cut-off'] });
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** Polls until `condition` holds; fails the test after `timeoutMs`. */
  const until = async (what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await sleep(20);
    }
  };

  it('redraws, on restart, a board that still shows a computer move the game has moved past', async () => {
    const alice = world.person(0).id;
    const table = new Table(world, world.channel('cut-off').id);
    await table.open(alice, { computers: 1, level: 'easy' });
    await table.act(alice, 'start');
    const stored = () =>
      readDatabase(world.dbPath, (db) =>
        db.prepare('SELECT state_version AS version, state FROM games ORDER BY id DESC LIMIT 1').get(),
      ) as { version: number; state: string };
    const storedMover = () => {
      const state = JSON.parse(stored().state) as { seats: { playerId: string }[]; currentSeat: number; round: number };
      return { player: state.seats[state.currentSeat]?.playerId, round: state.round };
    };

    // Every edit the bot makes with its own token fails (Discord erring, past the client's retries),
    // as if the bot died before sending it; the interaction answers (Alice's clicks) still land.
    const edits = world.discord.failNextRest({
      method: 'PATCH',
      pathPattern: /^\/channels\/\d+\/messages\/\d+$/,
      status: 500,
      times: 1_000,
    });
    await table.playTurn(alice);
    expect(currentPlayerId(table.board())).toBeUndefined();
    await until('the computer has played its turn', () => storedMover().player === alice);
    expect(storedMover().round).toBe(2);
    // The board's edit follows the commit of the move.
    await until('the bot tried to redraw the board', () => edits.hits > 0);
    // The board still shows the computer to move: Alice has no control to click.
    expect(currentPlayerId(table.board())).toBeUndefined();

    await world.bot.kill('SIGKILL');
    edits.cancel();
    await world.startBot();
    await until('the board shows the game as stored', () => currentPlayerId(table.board()) === alice);
    expect(version(table.board())).toBe(stored().version);
    expect(world.bot.logs.find((line) => line.message === 'ready')).toMatchObject({ boardsRedrawn: 1 });
  });
});
