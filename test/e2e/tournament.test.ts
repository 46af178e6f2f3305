/**
 * A duplicate tournament through the real bot and the emulator: twelve entrants over three rounds,
 * two who never play, one who leaves after the first round, one who stops halfway through a round;
 * the bot killed in the middle of a round, and down across a round's close. Everyone who keeps the
 * same dice sees the same dice, nobody's private answer shows another entrant's game, every round's
 * board is posted once, and the points add up to exactly one per pair of entrants in every round.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, texts } from '../../harness/board.js';
import { queryRows } from '../../harness/bot-database.js';
import type { EmulatedMessage } from '../../src/emulator/index.js';
import { BOT_ENTRY } from './support/bot-process.js';
import { SharedClock } from './support/shared-clock.js';
import { STANDER, Table, type TurnPolicy } from './support/table.js';
import { TestWorld } from './support/world.js';

/** A turn-timer minute of 500 ms: a round of one hour lasts 30 s, three times what its games take on a busy machine. */
const UNIT_MS = 500;
const ROUND_MS = 60 * UNIT_MS;
/** Discord's EPHEMERAL message flag: a message only the interaction's user sees. */
const EPHEMERAL = 1 << 6;

/** Keeps the highest die and rerolls the others once, then takes the best row on offer. */
const KEEP_HIGH: TurnPolicy = {
  keep: (dice) => {
    const high = Math.max(...dice);
    const at = dice.indexOf(high);
    return dice.map((_, i) => i === at);
  },
  row: (choices) => [...choices].sort((a, b) => b.points - a.points)[0]!.value,
};

describe('a duplicate tournament', () => {
  const clock = new SharedClock();
  let world: TestWorld;
  let ids: string[];
  let signupId: string;
  const name = (i: number) => world.person(i).id;

  beforeAll(async () => {
    world = await TestWorld.create({
      people: 12,
      env: { TURN_TIMER_UNIT_MS: String(UNIT_MS), ...clock.env },
      botEntry: { entry: BOT_ENTRY, nodeArgs: clock.nodeArgs },
    });
    ids = Array.from({ length: 12 }, (_, i) => name(i));
  });
  afterAll(async () => {
    await world?.stop();
    clock.remove();
  });

  const channel = () => world.channel().id;
  const signup = () => world.discord.message(signupId)!;
  const press = (user: string, label: string, message = signupId) =>
    world.discord.clickButton({ user, message, label });
  /** The messages the bot posted in the channel itself (not interaction replies): the round boards. */
  const posted = () =>
    world.discord
      .messagesSeenBy(ids[0]!, channel())
      .filter(
        (message) =>
          message.webhook_id === undefined &&
          message.id !== signupId &&
          texts(message).join('\n').includes('Winter Cup'),
      );

  /** The emulator's wait: re-checked on every change in its world. */
  const waitFor = <T>(description: string, condition: () => T | undefined) =>
    world.discord.waitFor(condition, { description, timeoutMs: 3 * ROUND_MS });

  /** Play: the entrant's private board (or their total once done). */
  async function open(user: string): Promise<EmulatedMessage> {
    const outcome = await press(user, 'Play');
    expect(outcome.ack, outcome.error ?? '').toBe('reply');
    expect(outcome.ephemeral).toBe(true);
    return outcome.message!;
  }

  /** Plays `turns` turns of the entrant's round board; returns every opening roll they saw. */
  async function play(user: string, policy: TurnPolicy, turns = 13, board?: EmulatedMessage): Promise<string[]> {
    const table = new Table(world);
    table.boardId = (board ?? (await open(user))).id;
    const openings: string[] = [];
    for (let turn = 0; turn < turns && control(table.board(), 'score'); turn += 1) {
      let first = true;
      await table.playTurn(user, {
        keep: (dice) => {
          if (first) openings.push(dice.join(''));
          first = false;
          return policy.keep(dice);
        },
        row: (choices) => {
          if (first) openings.push('?');
          return policy.row(choices);
        },
      });
    }
    return openings;
  }

  /** No private answer an entrant got names another entrant's game: only their own board and total. */
  function expectPrivate(user: string, message: EmulatedMessage) {
    const shown = texts(message).join('\n');
    for (const other of ids) if (other !== user) expect(shown).not.toMatch(new RegExp(`\\b${world.nameOf(other)}\\b`));
  }

  /** Every private answer the entrant holds in the channel now (boards, totals, refusals), each as last drawn. */
  const privateAnswers = (user: string) =>
    world.discord.messagesSeenBy(user, channel()).filter((message) => (message.flags & EPHEMERAL) !== 0);

  it('signs twelve people up; only the organiser starts it', async () => {
    const created = await world.discord.runCommand({
      user: ids[0]!,
      channel: channel(),
      name: 'crag',
      subcommandGroup: 'tournament',
      subcommand: 'create',
      options: { name: 'Winter Cup', rounds: 3, hours: 1 },
    });
    expect(created.ack, created.error ?? '').toBe('reply');
    signupId = created.message!.id;
    for (const id of ids) expect((await press(id, 'Join')).ack).toBe('update');
    expect((await press(ids[3]!, 'Join')).ephemeral).toBe(true);
    expect(texts(signup()).join('\n')).toContain('Entrants: 12');
    const notTheirs = await press(ids[5]!, 'Start');
    expect(notTheirs.ephemeral).toBe(true);
    expect(texts(notTheirs.message!).join('\n')).toContain('Only the organiser');
    expect((await press(ids[0]!, 'Start')).ack).toBe('update');
    expect(texts(signup()).join('\n')).toContain('Round 1 of 3');
  });

  /** Who plays how. 10 and 11 never press Play; 9 stops after four turns in round 1; 8 leaves after round 1. */
  const standers = [0, 1, 2, 3, 4];
  const keepers = [5, 6, 7, 8];

  it('round 1: the same dice for the same keeps, a restart mid-round, a game left unfinished', async () => {
    const seen = new Map<number, string[]>();
    for (const i of [0, 1, 5]) seen.set(i, await play(ids[i]!, i < 5 ? STANDER : KEEP_HIGH));
    // Halfway through their game, 2 sees the bot die; the same private board carries on after the restart.
    const board = await open(ids[2]!);
    expectPrivate(ids[2]!, board);
    const firstHalf = await play(ids[2]!, STANDER, 6, board);
    await world.bot.kill('SIGKILL');
    await world.startBot();
    seen.set(2, [...firstHalf, ...(await play(ids[2]!, STANDER, 13, board))]);
    for (const i of [3, 4, 6, 7, 8]) seen.set(i, await play(ids[i]!, i < 5 ? STANDER : KEEP_HIGH));
    await play(ids[9]!, STANDER, 4);
    // Nothing is posted before the round closes, and no entrant's private answers show another's game.
    expect(posted()).toEqual([]);
    for (const user of ids) {
      const answers = privateAnswers(user);
      if (![10, 11].includes(ids.indexOf(user))) expect(answers.length, world.nameOf(user)).toBeGreaterThan(0);
      for (const answer of answers) expectPrivate(user, answer);
    }
    // Every turn opens on the same three dice for everyone, whatever they kept before.
    const reference = seen.get(0)!;
    for (const [i, openings] of seen) expect(openings, `entrant ${i}`).toEqual(reference);
    // Those who never rerolled saw exactly the same game, so scored the same.
    const done = await open(ids[0]!);
    expectPrivate(ids[0]!, done);
    const totalOf = (m: EmulatedMessage) => /\*\*(\d+)\*\*/.exec(texts(m).join('\n'))?.[1];
    for (const i of standers) expect(totalOf(await open(ids[i]!)), `entrant ${i}`).toBe(totalOf(done));
    void keepers;
    const board1 = await waitFor('round 1 board', () => posted()[0]);
    expect(texts(board1).join('\n')).toContain('round 1 of 3');
    expect(texts(board1).join('\n')).toContain('did not play');
    await waitFor('the message to say "Round 2 of 3"', () =>
      texts(signup()).join('\n').includes('Round 2 of 3') ? true : undefined,
    );
  });

  it('round 2: one leaves, the bot is down across the close, and the board is posted once', async () => {
    expect((await press(ids[8]!, 'Leave')).ack).toBe('update');
    for (const i of [0, 1, 2, 3, 4, 5, 6, 7, 9]) await play(ids[i]!, i < 5 || i === 9 ? STANDER : KEEP_HIGH);
    await world.bot.kill('SIGKILL');
    // Past the round's deadline while the bot is down, on its own clock (the test does not wait it out).
    clock.advanceWhileDown(world, ROUND_MS + 1000);
    await world.startBot();
    const board2 = await waitFor('round 2 board', () => posted()[1]);
    expect(texts(board2).join('\n')).toContain('round 2 of 3');
    expect(texts(board2).join('\n')).not.toContain(world.nameOf(ids[8]!));
    await waitFor('the message to say "Round 3 of 3"', () =>
      texts(signup()).join('\n').includes('Round 3 of 3') ? true : undefined,
    );
  });

  it('round 3 closes at its deadline; the final standings add up, and nothing was counted twice', async () => {
    for (const i of [0, 1, 2, 3, 4, 5, 6, 7, 9]) await play(ids[i]!, i < 5 ? STANDER : KEEP_HIGH);
    const final = await waitFor('final standings', () =>
      posted().find((message) => texts(message).join('\n').includes('final standings')),
    );
    expect(posted()).toHaveLength(4);
    await waitFor('the message to say "The tournament is over"', () =>
      texts(signup()).join('\n').includes('The tournament is over') ? true : undefined,
    );
    const rows = await queryRows<{ round: number; player_id: string; points: number; played: number }>(
      world.database,
      'SELECT round, player_id, points, played FROM tournament_points ORDER BY round, player_id',
    );
    // Round 1 had all twelve; 8 was out of rounds 2 and 3.
    const field = new Map([
      [1, 12],
      [2, 11],
      [3, 11],
    ]);
    for (const [round, n] of field) {
      const ofRound = rows.filter((row) => row.round === round);
      expect(ofRound, `round ${round}`).toHaveLength(n);
      expect(ofRound.reduce((sum, row) => sum + row.points, 0)).toBe((n * (n - 1)) / 2);
      for (const absent of [10, 11]) expect(ofRound.find((row) => row.player_id === ids[absent])?.played).toBe(0);
    }
    // The one who never finished round 1 still played it: ranked above those who never pressed Play.
    const round1 = rows.filter((row) => row.round === 1);
    expect(round1.find((row) => row.player_id === ids[9])!.points).toBeGreaterThan(
      round1.find((row) => row.player_id === ids[10])!.points,
    );
    const standings = await world.discord.runCommand({
      user: ids[4]!,
      channel: channel(),
      name: 'crag',
      subcommandGroup: 'tournament',
      subcommand: 'standings',
    });
    expect(texts(standings.message!).join('\n')).toEqual(texts(final).join('\n'));
    expect(texts(final).join('\n')).toContain(`${world.nameOf(ids[8]!)} (left)`);
  });
});
