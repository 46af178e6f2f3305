/**
 * A tables tournament through the real bot and the emulator: seven entrants over two rounds, at a
 * table of four and a table of three in threads of their own, one entrant who never plays (their
 * seat times out three turns running and leaves, and the table plays on), the second round seated
 * by the standings of the first, and the standings' tiebreak by the opponents' points.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPlayerId, isFinalStandings, texts } from '../../harness/board.js';
import { queryRows } from '../../harness/bot-database.js';
import type { EmulatedMessage } from '../../src/emulator/index.js';
import { PAIR_HUNTER, STANDER, Table, type TurnPolicy } from './support/table.js';
import { TestWorld } from './support/world.js';

/**
 * Stands on every first roll and takes the best row: quick, and better than three timed-out turns
 * (whose best rows the bot takes) before a forfeit.
 */
const STAND_ON_BEST: TurnPolicy = { keep: STANDER.keep, row: PAIR_HUNTER.row };

/**
 * A turn-timer minute of 5 s: a table's two-minute turn times out in 10 s, an hour's round lasts
 * 300 s. At 1 s, and again at 2.5 s in a full run, a present player's turns timed out three times
 * running while the two tables played at once, so they left too and the absent seat outscored them.
 */
const UNIT_MS = 5000;

describe('a tables tournament', () => {
  let world: TestWorld;
  let ids: string[];
  let signupId: string;
  /** Never plays a turn: their seat times out and leaves. */
  let absent: string;

  beforeAll(async () => {
    world = await TestWorld.create({ people: 7, env: { TURN_TIMER_UNIT_MS: String(UNIT_MS) } });
    ids = Array.from({ length: 7 }, (_, i) => world.person(i).id);
    absent = ids[6]!;
  });
  afterAll(async () => {
    await world?.stop();
  });

  const signup = () => world.discord.message(signupId)!;
  const press = (user: string, label: string) => world.discord.clickButton({ user, message: signupId, label });

  /** The emulator's wait: re-checked on every change in its world. */
  const waitFor = <T>(description: string, condition: () => T | undefined) =>
    world.discord.waitFor(condition, { description, timeoutMs: 60_000 });

  /** The threads of the round open now, as the tournament's message links them. */
  function threadsOfRound(): string[] {
    return [
      ...texts(signup())
        .join('\n')
        .matchAll(/<#(\d+)>/g),
    ].map((match) => match[1]!);
  }

  /** The game's board in a table's thread: the bot's own message with the game's controls. */
  function boardIn(threadId: string): EmulatedMessage | undefined {
    return world.discord
      .messagesSeenBy(ids[0]!, threadId)
      .find((message) => message.webhook_id === undefined && message.components.length > 0 && currentPlayerId(message));
  }

  /** Plays a table to its end: each present player takes their turn; the absent one's seat is left to time out. */
  async function playTable(threadId: string): Promise<void> {
    const table = new Table(world, threadId);
    table.boardId = (await waitFor(`the board in ${threadId}`, () => boardIn(threadId))).id;
    while (!table.isFinished()) {
      const current = currentPlayerId(table.board());
      if (current === undefined) break;
      if (current === absent) {
        await waitFor('the absent seat to time out', () =>
          currentPlayerId(table.board()) !== absent || table.isFinished() ? true : undefined,
        );
        continue;
      }
      await table.playTurn(current, STAND_ON_BEST);
    }
  }

  it('is created by Manage Server or by the organiser role of /crag-settings, and refused to anyone else', async () => {
    const create = (user: string) =>
      world.discord.runCommand({
        user,
        channel: world.channel().id,
        name: 'crag',
        subcommandGroup: 'tournament',
        subcommand: 'create',
        options: { name: 'Not yet' },
      });
    const refusedToBob = await create(ids[1]!);
    expect(refusedToBob.ephemeral).toBe(true);
    expect(refusedToBob.message?.content).toContain('needs the Manage Server permission');
    const organisers = world.discord.createRole(world.guild.id, { name: 'Organisers', permissions: 0n });
    const set = await world.discord.runCommand({
      user: ids[0]!,
      channel: world.channel().id,
      name: 'crag-settings',
      subcommand: 'organiser-role',
      options: { role: organisers.id },
    });
    expect(texts(set.message!).join('\n')).toContain(
      `Who runs tournaments: members with Manage Server → <@&${organisers.id}>`,
    );
    expect((await create(ids[1]!)).message?.content).toContain(`or the <@&${organisers.id}> role`);
    world.discord.assignRole(world.guild.id, ids[1]!, organisers.id);
    const created = await create(ids[1]!);
    expect(created.ephemeral).toBe(false);
    // The organiser cancels it; another member may not.
    expect(
      (await world.discord.clickButton({ user: ids[2]!, message: created.message!.id, label: 'Cancel' })).ephemeral,
    ).toBe(true);
    expect(
      (await world.discord.clickButton({ user: ids[1]!, message: created.message!.id, label: 'Cancel' })).ack,
    ).toBe('update');
  });

  it('seats seven at a table of four and a table of three, each in its own thread', async () => {
    const created = await world.discord.runCommand({
      user: ids[0]!,
      channel: world.channel().id,
      name: 'crag',
      subcommandGroup: 'tournament',
      subcommand: 'create',
      options: { name: 'Spring Tables', rounds: 2, hours: 1, format: 'tables' },
    });
    expect(created.ack, created.error ?? '').toBe('reply');
    signupId = created.message!.id;
    for (const id of ids) expect((await press(id, 'Join')).ack).toBe('update');
    const started = await press(ids[0]!, 'Start');
    expect(started.ack, started.error ?? '').toMatch(/update/);
    const threads = await waitFor('two tables', () => (threadsOfRound().length === 2 ? threadsOfRound() : undefined));
    const seated = texts(signup()).join('\n');
    expect(seated).toContain('Round 1 of 2');
    const sizes = seated
      .split('\n')
      .filter((line) => line.startsWith('Table '))
      .map((line) => line.split(', ').length);
    expect(sizes.sort()).toEqual([3, 4]);
    for (const thread of threads) expect(world.discord.thread(thread).parentId).toBe(world.channel().id);
  });

  it('round 1: the absent seat times out and leaves, the tables play on, and the round closes when both are done', async () => {
    await Promise.all(threadsOfRound().map((thread) => playTable(thread)));
    await waitFor('round 2', () => (texts(signup()).join('\n').includes('Round 2 of 2') ? true : undefined));
    const rows = await queryRows<{ player_id: string; points: number; total: number }>(
      world.database,
      'SELECT player_id, points, total FROM tournament_points WHERE round = 1',
    );
    expect(rows).toHaveLength(7);
    // Points are shared out table by table: 4·3/2 + 3·2/2.
    expect(rows.reduce((sum, row) => sum + row.points, 0)).toBe(6 + 3);
    expect(rows.find((row) => row.player_id === absent)?.points).toBe(0);
  });

  it('round 2 is seated by the standings, and the final standings break ties by the opponents', async () => {
    const round1 = await queryRows<{ player_id: string; points: number; total: number }>(
      world.database,
      'SELECT player_id, points, total FROM tournament_points WHERE round = 1 ORDER BY points DESC, total DESC',
    );
    const threads = await waitFor('the round 2 tables', () => {
      const found = threadsOfRound();
      return found.length === 2 && texts(signup()).join('\n').includes('Round 2 of 2') ? found : undefined;
    });
    // The four best of round 1 share the first table.
    const firstTable = texts(signup())
      .join('\n')
      .split('\n')
      .find((line) => line.startsWith('Table 1'))!;
    for (const row of round1.slice(0, 3)) expect(firstTable).toContain(world.nameOf(row.player_id));
    await Promise.all(threads.map((thread) => playTable(thread)));
    const final = await waitFor('final standings', () =>
      world.discord
        .messagesSeenBy(ids[0]!, world.channel().id)
        .find((message) => message.webhook_id === undefined && texts(message).join('\n').includes('final standings')),
    );
    expect(texts(final).join('\n')).toContain('opponents');
    // With a picture of the leaders in the score card's style.
    expect(final.attachments.map((file) => (file as { filename: string }).filename)).toEqual(['tournament.png']);
    await waitFor('the message to say the tournament is over', () =>
      texts(signup()).join('\n').includes('The tournament is over') ? true : undefined,
    );
    const points = await queryRows<{ n: number }>(world.database, 'SELECT COUNT(*) AS n FROM tournament_points');
    expect(Number(points[0]!.n)).toBe(14);
    // The table's game offers no next game, and a Play again made up from its ids is refused: a next
    // game would start a series from a tournament's game (the Activity's Play again takes the same way).
    const board = world.discord.messagesSeenBy(ids[0]!, threads[0]!).find(isFinalStandings)!;
    expect(JSON.stringify(board.components)).not.toContain(':again');
    const [, gameId, version] = /"custom_id":"crag:(\d+):(\d+):/.exec(JSON.stringify(board.components)) ?? [];
    const seated = ids.find((id) => id !== absent && texts(board).join('\n').includes(world.nameOf(id)))!;
    const again = await world.discord.sendRawInteraction({
      user: seated,
      channel: threads[0]!,
      type: 3,
      message: board.id,
      data: { custom_id: `crag:${gameId}:${version}:again`, component_type: 2 },
    });
    expect(again.ephemeral).toBe(true);
    expect(again.message?.content).toBe('This table was a round of a tournament: there is no next game here.');
    const games = await queryRows<{ n: number }>(
      world.database,
      'SELECT COUNT(*) AS n FROM games WHERE channel_id = ?',
      threads[0]!,
    );
    expect(Number(games[0]!.n)).toBe(1);
  });
});
