/**
 * Two duplicate tournaments at once in one server through the real bot and the emulator, with two
 * people in both: each tournament's options (round bounds, its rule set, an announcements channel),
 * the organiser's Remove, each round on its own deal and closed on its own, another entrant's
 * round game kept out of /crag history while the round is open and listed by its tournament once
 * it has closed, no tournament game counted in the channel's series, and `npm run ratings:rebuild`'s
 * check finding the stored ratings exact (the channel game rated, no round game).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, currentPlayerId, texts } from '../../harness/board.js';
import { queryRows } from '../../harness/bot-database.js';
import { ROOT } from '../../harness/node-process.js';
import type { EmulatedMessage } from '../../src/emulator/index.js';
import { STANDER, Table } from './support/table.js';
import { TestWorld } from './support/world.js';

/** A turn-timer minute of 500 ms: a round of one hour lasts 30 s; these rounds close once everyone has played. */
const UNIT_MS = 500;

describe('two tournaments at once', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;
  /** The sign-up messages of the two tournaments. */
  let cupA: string;
  let cupB: string;

  beforeAll(async () => {
    world = await TestWorld.create({ people: 4, channels: ['results'], env: { TURN_TIMER_UNIT_MS: String(UNIT_MS) } });
    [alice, bob, carol, dave] = [0, 1, 2, 3].map((i) => world.person(i).id) as [string, string, string, string];
  });
  afterAll(async () => {
    await world?.stop();
  });

  const crag = () => world.channel().id;
  const text = (message: EmulatedMessage) => texts(message).join('\n');
  const press = (user: string, message: string, label: string) => world.discord.clickButton({ user, message, label });
  const create = (user: string, options: Record<string, string | number>) =>
    world.discord.runCommand({
      user,
      channel: crag(),
      name: 'crag',
      subcommandGroup: 'tournament',
      subcommand: 'create',
      options,
    });
  const waitFor = <T>(description: string, condition: () => T | undefined) =>
    world.discord.waitFor(condition, { description, timeoutMs: 60_000 });
  /** The bot's own posts in a channel that name `heading` (round boards and final standings). */
  const postsIn = (channelId: string, heading: string) =>
    world.discord
      .messagesSeenBy(alice, channelId)
      .filter((message) => message.webhook_id === undefined && text(message).includes(heading));

  /** Plays the entrant's round game of a tournament to its end; returns each turn's opening dice. */
  async function playRound(user: string, signup: string): Promise<string[]> {
    const opened = await press(user, signup, 'Play');
    expect(opened.ack, opened.error ?? '').toBe('reply');
    expect(opened.ephemeral).toBe(true);
    const table = new Table(world);
    table.boardId = opened.message!.id;
    const openings: string[] = [];
    while (control(table.board(), 'score')) {
      await table.playTurn(user, {
        keep: (dice) => {
          openings.push(dice.join(''));
          return null;
        },
        row: STANDER.row,
      });
    }
    return openings;
  }

  /** The private /crag history of the whole server, as `user` sees it. */
  async function serverHistory(user: string): Promise<string> {
    const shown = await world.discord.runCommand({
      user,
      channel: crag(),
      name: 'crag',
      subcommand: 'history',
      options: { scope: 'server' },
    });
    expect(shown.ephemeral).toBe(true);
    return shown.message ? text(shown.message) : '';
  }

  it('a channel game first, of two people (so rated): the series the tournaments must leave alone', async () => {
    const table = new Table(world);
    await table.open(bob);
    await table.act(carol, 'join');
    await table.act(bob, 'start');
    while (!table.isFinished()) await table.playTurn(currentPlayerId(table.board())!, STANDER);
  });

  it("takes each tournament's options: rounds and hours within bounds, the rule set, the announcements channel", async () => {
    // Discord itself refuses values out of the options' bounds: a round lasts 1 to 168 hours, 1 to 10 rounds.
    const outOfBounds: Record<string, number>[] = [{ hours: 0 }, { hours: 169 }, { rounds: 0 }, { rounds: 11 }];
    for (const options of outOfBounds) {
      await expect(create(alice, { name: 'Out of bounds', ...options })).rejects.toThrow(/out of range/);
    }
    const a = await create(alice, {
      name: 'Cup A',
      rounds: 1,
      hours: 1,
      rerolls: 2,
      thirteen: 'no-pair',
      announcements: world.channel('results').id,
    });
    expect(a.ack, a.error ?? '').toBe('reply');
    cupA = a.message!.id;
    expect(text(a.message!)).toContain('Rules: 2 rerolls a turn · Thirteen: only without a pair');
    const b = await create(alice, { name: 'Cup B', rounds: 1, hours: 168 });
    expect(b.ack, b.error ?? '').toBe('reply');
    cupB = b.message!.id;
    expect(text(b.message!)).toContain('1 round of 168 h');
    expect(text(b.message!)).toContain('Rules: 1 reroll a turn · Thirteen: any total of 13');
  });

  it('lets bob and carol into both, and only the organiser removes an entrant', async () => {
    for (const user of [alice, bob, carol]) expect((await press(user, cupA, 'Join')).ack).toBe('update');
    for (const user of [bob, carol, dave]) expect((await press(user, cupB, 'Join')).ack).toBe('update');
    expect(text(world.discord.message(cupA)!)).toContain('Entrants: 3');
    expect(text(world.discord.message(cupB)!)).toContain('Entrants: 3');

    const notTheirs = await press(bob, cupA, 'Remove…');
    expect(notTheirs.ephemeral).toBe(true);
    expect(text(notTheirs.message!)).toContain('Only the organiser');
    const picker = await press(alice, cupA, 'Remove…');
    expect(picker.ephemeral).toBe(true);
    const picked = /"custom_id":"([^"]+:drop)"/.exec(JSON.stringify(picker.message!.components))?.[1];
    expect(picked).toBeDefined();
    const removed = await world.discord.chooseOption({
      user: alice,
      message: picker.message!.id,
      customId: picked!,
      values: [carol],
    });
    expect(removed.ack, removed.error ?? '').toBe('update');
    expect(text(removed.message!)).toContain(`${world.nameOf(carol)} is out of the tournament.`);
    await waitFor('Cup A to count two entrants', () =>
      text(world.discord.message(cupA)!).includes('Entrants: 2') ? true : undefined,
    );
    // Removed from one tournament, carol is still in the other.
    expect(text(world.discord.message(cupB)!)).toContain(world.nameOf(carol));

    for (const signup of [cupA, cupB]) expect((await press(alice, signup, 'Start')).ack).toBe('update');
    expect(text(world.discord.message(cupA)!)).toContain('Round 1 of 1');
    expect(text(world.discord.message(cupB)!)).toContain('Round 1 of 1');
  });

  it("plays each round on its own deal, keeps another entrant's open round out of /crag history, and closes each apart", async () => {
    const inA = await playRound(bob, cupA);
    const inB = await playRound(bob, cupB);
    expect(inA).toHaveLength(13);
    expect(inB).toHaveLength(13);
    // Each tournament's round is a keyed stream of its own.
    expect(inB).not.toEqual(inA);

    // Dave has not played Cup B yet: bob's finished game on the same dice is not his to see.
    expect(await serverHistory(dave)).not.toContain('tournament #');
    // Bob sees his own.
    expect(await serverHistory(bob)).toContain('tournament #');

    // Alice's game is Cup A's last: it closes at once, and posts in its announcements channel.
    await playRound(alice, cupA);
    const results = world.channel('results').id;
    await waitFor('Cup A’s final standings in #results', () => postsIn(results, 'final standings')[0]);
    expect(postsIn(results, 'Cup A')).toHaveLength(2);
    // The round's board: each total with the points lost against the optimum on the same dice.
    const board = text(postsIn(results, 'round 1 of 1: results')[0]!);
    for (const user of [alice, bob]) {
      expect(board).toMatch(
        new RegExp(`${world.nameOf(user)}: \\*\\*\\d+\\*\\* · [\\d.]+ lost to the optimum · [\\d.]+ pts`),
      );
    }
    expect(board).toMatch(/The optimum scored \d+ on these dice/);
    expect(postsIn(crag(), 'Cup A').filter((message) => message.id !== cupA)).toEqual([]);
    // Cup B is still open: bob's, carol's and dave's game are the round's.
    expect(text(world.discord.message(cupB)!)).toContain('Round 1 of 1');

    for (const user of [carol, dave]) await playRound(user, cupB);
    await waitFor('Cup B’s final standings in #crag', () => postsIn(crag(), 'final standings')[0]);
    await waitFor('both tournaments to be over', () =>
      [cupA, cupB].every((id) => text(world.discord.message(id)!).includes('The tournament is over'))
        ? true
        : undefined,
    );
    const points = await queryRows<{ tournament_id: number; n: number; sum: number }>(
      world.database,
      'SELECT tournament_id, COUNT(*) AS n, SUM(points) AS sum FROM tournament_points GROUP BY tournament_id ORDER BY tournament_id',
    );
    expect(points.map((row) => [Number(row.n), Number(row.sum)])).toEqual([
      [2, 1],
      [3, 3],
    ]);
  });

  it('lists the closed rounds by their tournament in history, and counts none in the channel’s series', async () => {
    const history = await serverHistory(dave);
    expect(history.match(/🏆 tournament #\d+, round 1/g)).toHaveLength(5);

    const series = await world.discord.runCommand({
      user: bob,
      channel: crag(),
      name: 'crag',
      subcommand: 'leaderboard',
    });
    expect(text(series.message!)).toContain('this channel’s series');
    expect(text(series.message!)).toMatch(new RegExp(`${world.nameOf(bob)} \\*\\*\\d+\\*\\* · 1 game`));
    // No round game wrote a line of any series.
    const inSeries = await queryRows<{ n: number }>(
      world.database,
      `SELECT COUNT(*) AS n FROM series_players s JOIN games g ON g.series_id = s.series_id WHERE g.channel_id LIKE 'tournament-%'`,
    );
    expect(Number(inSeries[0]!.n)).toBe(0);
    expect(world.discord.problems).toEqual([]);
  });

  it('`npm run ratings:rebuild -- --check` finds the stored ratings exact: the channel game rated, no round game', async () => {
    // The script's own entry (npm run adds a build first), on the bot's database while the bot runs.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(ROOT, 'dist/src/ratings/rebuild-cli.js'), '--check'],
      { cwd: world.dir, env: { PATH: process.env.PATH ?? '', DATABASE_PATH: world.dbPath } },
    );
    expect(stdout).toMatch(/^checked 2 ratings from 1 games in [\d.]+ s; 0 stored ratings differed\n$/);
  });
});
