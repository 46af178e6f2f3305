/**
 * The daily deal through the real bot and the emulator: two people in two servers who keep the same
 * dice get the same dice and totals; a third who plays otherwise is placed right on the board and
 * in the world; a second attempt shows the result; a restart in the middle loses nothing; the share
 * line holds no dice; and the deal flips at midnight UTC on the emulator's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, part, texts } from '../../harness/board.js';
import { queryRows } from '../../harness/bot-database.js';
import { PART } from '../../src/bot/render/index.js';
import type { EmulatedMessage } from '../../src/emulator/index.js';
import { dailyNumber, dayOf } from '../../src/game/index.js';
import { createDatabase } from '../support/postgres-databases.js';
import { runDeploy } from './support/bot-process.js';
import { PAIR_HUNTER, STANDER, Table, type TurnPolicy } from './support/table.js';
import { TestWorld } from './support/world.js';

interface Played {
  /** The dice of every roll, turn by turn, as the board showed them. */
  readonly rolls: number[][];
  readonly result: EmulatedMessage;
}

describe.each(['sqlite', 'postgres'] as const)('the daily deal on %s', (backend) => {
  let world: TestWorld;
  let otherChannel: string;
  let alice: string;
  let bob: string;
  let carol: string;
  let today: number;

  beforeAll(async () => {
    world = await TestWorld.create({
      people: 3,
      ...(backend === 'postgres' ? { databaseUrl: await createDatabase() } : {}),
    });
    [alice, bob, carol] = [0, 1, 2].map((i) => world.person(i).id) as [string, string, string];
    // A second server with the same people; the bot joins it and its commands are deployed there.
    const other = world.discord.createGuild({
      name: 'Other dice',
      ownerId: bob,
      members: [alice, bob, carol],
      bots: [world.app.id],
    });
    otherChannel = world.discord.createChannel(other.id, { name: 'crag' }).id;
    const deployed = await runDeploy({ ...world.env, DISCORD_GUILD_ID: other.id }, world.dir);
    expect(deployed.code, deployed.stderr).toBe(0);
    // The tests play on the emulator's clock, moving it 16 minutes on, and cross midnight only where
    // they mean to: they start at the next noon UTC, whatever time of day the suite runs at.
    const now = world.discord.now();
    world.discord.advanceClock((dayOf(now) + 1.5) * 86_400_000 - now);
    await world.bot.kill('SIGTERM');
    await world.startBot();
  });
  afterAll(async () => {
    await world?.stop();
  });

  const daily = (user: string, subcommand: 'play' | 'board', channel = world.channel().id, options = {}) =>
    world.discord.runCommand({ user, channel, name: 'crag', subcommandGroup: 'daily', subcommand, options });

  /** `/crag daily play`: the ephemeral board (or result) it answers with. */
  async function play(user: string, channel?: string): Promise<EmulatedMessage> {
    const outcome = await daily(user, 'play', channel);
    expect(outcome.ack, outcome.error ?? '').toBe('reply');
    expect(outcome.ephemeral).toBe(true);
    if (!outcome.message) throw new Error('no reply');
    return outcome.message;
  }

  /** Plays the board on `message` to the end (or for `turns` turns) with `policy`, recording every roll. */
  async function playOn(
    message: EmulatedMessage,
    user: string,
    policy: TurnPolicy,
    turns = 13,
    rolls: number[][] = [],
  ): Promise<Played> {
    const table = new Table(world);
    table.boardId = message.id;
    for (let turn = 0; turn < turns && control(table.board(), 'score'); turn += 1) {
      const wrapped: TurnPolicy = {
        keep: (dice) => {
          rolls.push([...dice]);
          return policy.keep(dice);
        },
        row: policy.row,
      };
      const { dice } = await table.playTurn(user, wrapped);
      if (rolls.at(-1)?.join() !== dice.join()) rolls.push(dice);
    }
    return { rolls, result: table.board() };
  }

  const resultText = (message: EmulatedMessage) => part(message, PART.standings);
  const totalOf = (message: EmulatedMessage) => Number(/\*\*(\d+)\*\*/.exec(resultText(message))?.[1]);
  const optimumOf = (message: EmulatedMessage) =>
    Number(/\*\*\d+\*\*[^*]+\*\*(\d+)\*\*/.exec(resultText(message))?.[1]);

  let alicePlayed: Played;
  let bobPlayed: Played;

  it('deals a private board; a restart and an expired token in the middle lose nothing', async () => {
    today = dayOf(world.discord.now());
    const first = await play(alice);
    expect(texts(first).join('\n')).toContain(`#${dailyNumber(today)}`);
    const rolls: number[][] = [];
    await playOn(first, alice, PAIR_HUNTER, 4, rolls);
    // The bot dies between two clicks; the same ephemeral board carries on after the restart.
    await world.bot.kill('SIGKILL');
    await world.startBot();
    await playOn(first, alice, PAIR_HUNTER, 3, rolls);
    // Fifteen minutes later the board's token is gone: /crag daily play brings it back where it was.
    world.discord.advanceClock(16 * 60 * 1000);
    const again = await play(alice);
    expect(part(again, PART.title)).toBe(part(world.discord.message(first.id)!, PART.title));
    alicePlayed = await playOn(again, alice, PAIR_HUNTER, 13, rolls);
    expect(control(alicePlayed.result, 'score')).toBeUndefined();
    expect(totalOf(alicePlayed.result)).toBeGreaterThan(0);
    const [games] = await queryRows<{ n: number }>(
      world.database,
      "SELECT COUNT(*) AS n FROM games WHERE channel_id LIKE 'daily-%'",
    );
    expect(Number(games!.n)).toBe(1);
  });

  it('gives the same dice and the same total to someone in another server who keeps the same dice', async () => {
    bobPlayed = await playOn(await play(bob, otherChannel), bob, PAIR_HUNTER);
    expect(bobPlayed.rolls).toEqual(alicePlayed.rolls);
    expect(totalOf(bobPlayed.result)).toBe(totalOf(alicePlayed.result));
    expect(optimumOf(bobPlayed.result)).toBe(optimumOf(alicePlayed.result));
  });

  it('places a player who plays otherwise right, in the server and in the world', async () => {
    const carolPlayed = await playOn(await play(carol), carol, STANDER);
    const carolTotal = totalOf(carolPlayed.result);
    const aliceTotal = totalOf(alicePlayed.result);
    // The first roll of each turn is the same for everyone, whatever they kept before.
    expect(carolPlayed.rolls[0]).toEqual(alicePlayed.rolls[0]);
    // The deal comes from this database's own secret, so carol, who never rerolls, may still tie or
    // even beat alice (and bob, who played as alice did): places follow the totals as played.
    const medal = (place: number) => (place === 1 ? '🥇' : '🥈');
    const alicePlace = carolTotal > aliceTotal ? 2 : 1;
    const carolPlace = aliceTotal > carolTotal ? 2 : 1;
    const better = [aliceTotal, totalOf(bobPlayed.result)].filter((total) => total > carolTotal).length;
    const text = resultText(carolPlayed.result);
    expect(text).toContain(`place **${carolPlace}** of 2`);
    expect(text).toContain(`3 finished today, ${better} scored more`);
    expect(text).toContain(`**${Math.floor((100 * (3 - better)) / 3)}%**`);
    const board = await daily(bob, 'board');
    expect(board.ephemeral).toBe(false);
    const lines = part(board.message!, PART.body).split('\n');
    const expected = [
      { place: alicePlace, line: `${medal(alicePlace)} alice **${aliceTotal}**` },
      { place: carolPlace, line: `${medal(carolPlace)} carol **${carolTotal}**` },
    ].sort((a, b) => a.place - b.place);
    // Tied players share a place, in an order the test does not fix.
    if (alicePlace === carolPlace) expect([...lines].sort()).toEqual(expected.map((e) => e.line).sort());
    else expect(lines).toEqual(expected.map((e) => e.line));
    // Bob finished in the other server: named on its board only.
    const otherBoard = await daily(alice, 'board', otherChannel);
    expect(part(otherBoard.message!, PART.body)).toBe(`🥇 bob **${totalOf(bobPlayed.result)}**`);
  });

  it('refuses a second attempt: /crag daily play shows the result again', async () => {
    const again = await play(alice);
    expect(control(again, 'score')).toBeUndefined();
    expect(totalOf(again)).toBe(totalOf(alicePlayed.result));
    const elsewhere = await play(alice, otherChannel);
    expect(totalOf(elsewhere)).toBe(totalOf(alicePlayed.result));
    const [rows] = await queryRows<{ n: number }>(
      world.database,
      'SELECT COUNT(*) AS n FROM daily_results WHERE player_id = ?',
      alice,
    );
    expect(Number(rows!.n)).toBe(1);
  });

  it('shares one line with the total, the optimum and the streak, and no dice', async () => {
    const shared = await world.discord.clickButton({
      user: alice,
      message: alicePlayed.result.id,
      customId: control(alicePlayed.result, 'share')!.customId,
    });
    expect(shared.ack, shared.error ?? '').toBe('reply');
    expect(shared.ephemeral).toBe(false);
    const line = shared.message!.content as string;
    expect(line.split('\n')).toHaveLength(1);
    const total = totalOf(alicePlayed.result);
    const optimum = optimumOf(alicePlayed.result);
    expect(line).toContain(`#${dailyNumber(today)}`);
    expect(line).toContain(`${total}`);
    expect(line).toContain(`${optimum}`);
    // Take away the day's number, the total, the optimum and the streak: not one digit is left.
    const rest = line
      .replace(`#${dailyNumber(today)}`, '')
      .replace(`${total}`, '')
      .replace(`(optimum ${optimum})`, '')
      .replace('streak 1', '');
    expect(rest).not.toMatch(/\d/);
    expect(line).not.toMatch(/[⚀-⚅]|crag_d/);
    expect([...line.matchAll(/🟩|🟨|🟧|🟥/gu)]).toHaveLength(13);
  });

  it('ranks by skill the people of this server only, daily games included', async () => {
    const ranking = await world.discord.runCommand({
      user: alice,
      channel: world.channel().id,
      name: 'crag',
      subcommand: 'leaderboard',
      options: { 'rank-by': 'skill', 'min-games': 1, period: 'all' },
    });
    expect(ranking.ack, ranking.error ?? '').toBe('reply');
    const ranked = part(ranking.message!, PART.body)
      .split('\n')
      .flatMap((line) => {
        const row = /^\*\*(\d+)\.\*\* (\w+) \*\*(\d+(?:\.\d+)?)\*\*/.exec(line);
        return row ? [{ rank: Number(row[1]), name: row[2], skill: Number(row[3]) }] : [];
      });
    // Alice and Carol played here (Bob in the other server). Which of them gave away less per
    // decision depends on the day's dice, so the ranking is held to its own order: fewest lost first.
    expect(ranked.map((row) => row.name).sort()).toEqual(['alice', 'carol']);
    expect(ranked.map((row) => row.rank)).toEqual([1, 2]);
    expect(ranked[0]!.skill).toBeLessThanOrEqual(ranked[1]!.skill);
  });

  it('deals a new game after midnight UTC, on the emulator clock', async () => {
    const now = world.discord.now();
    const midnight = (dayOf(now) + 1) * 86_400_000;
    world.discord.advanceClock(midnight - now + 60_000);
    const next = await play(alice);
    expect(control(next, 'score')).toBeDefined();
    expect(texts(next).join('\n')).toContain(`#${dailyNumber(today + 1)}`);
    const board = await daily(alice, 'board');
    expect(part(board.message!, PART.body)).toContain(`#${dailyNumber(today + 1)}`);
    const yesterday = await daily(alice, 'board', world.channel().id, { day: dailyNumber(today) });
    expect(part(yesterday.message!, PART.body).split('\n')).toHaveLength(2);
  });
});
