import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPlayerId, part } from '../../harness/board.js';
import { readDatabase } from '../../harness/bot-database.js';
import { PART } from '../../src/bot/render/parts.js';
import { type InjectedFault, Permission, type RestRequestView } from '../../src/emulator/index.js';
import { ExtraMessages } from './support/pings.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

const POST_MESSAGE = '/channels/:channelId/messages';

describe('turn pings', () => {
  let world: TestWorld;
  let people: string[];
  beforeAll(async () => {
    world = await TestWorld.create({
      people: 5,
      channels: ['computers', 'solo', 'quiet', 'muted', 'restart', 'held'],
      // These players click as fast as the bot answers, a turn every few milliseconds: at Discord's
      // 40 a second the budget would rightly skip pings (test/e2e/request-budget.test.ts shows that).
      // Here every ping must go out, so the budget is out of the way.
      env: { REST_REQUESTS_PER_SECOND: '100000' },
    });
    people = [0, 1, 2, 3, 4].map((i) => world.person(i).id);
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** The turn ping the game in the table's channel has stored. */
  const storedPing = (table: Table) =>
    readDatabase(world.dbPath, (db) =>
      db
        .prepare("SELECT ping_message_id AS ping FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')")
        .pluck()
        .get(table.channelId),
    ) as string | null | undefined;

  it('ping the player whose turn begins and nobody else, one message at a time, none left after five players’ game', async () => {
    const [host = '', ...guests] = people;
    const table = new Table(world);
    await table.open(host);
    for (const guest of guests) await table.act(guest, 'join');
    const extras = new ExtraMessages(world, table);
    const pingsBefore = new Map(people.map((person) => [person, world.discord.pingsOf(person).length]));
    await table.act(host, 'start');

    const turnsOf = new Map(people.map((person) => [person, 0]));
    for (let turn = 0; !table.isFinished(); turn += 1) {
      const player = currentPlayerId(table.board()) ?? '';
      expect(player).toBe(people[turn % 5]);
      turnsOf.set(player, (turnsOf.get(player) ?? 0) + 1);
      // The host pressed Start: their own first turn needs no ping. Every later turn gets one.
      if (turn === 0) expect(extras.visible()).toEqual([]);
      else {
        const ping = await extras.pingFor(player);
        expect(ping.content).toContain(`<@${player}>, your turn in Crag: `);
        expect(ping.content).toContain(
          `[to the board](https://discord.com/channels/${world.guild.id}/${table.channelId}/${table.boardId})`,
        );
      }
      await table.playTurn(player);
    }
    // The last turn's ping goes with the game's end: nothing of the bot's is left but the standings.
    await world.discord.waitFor(() => extras.visible().length === 0);

    expect(extras.posted).toHaveLength(64);
    for (const posted of extras.posted) {
      expect(posted.delivered).toHaveLength(1);
      expect(posted.visibleThen).toBe(1);
    }
    for (const person of people) {
      const pinged = world.discord.pingsOf(person).length - (pingsBefore.get(person) ?? 0);
      expect(pinged, person).toBe((turnsOf.get(person) ?? 0) - (person === host ? 1 : 0));
    }
    // Boards are posted pinging nobody, and edits never ping, though the turn line holds a mention.
    expect(world.discord.messageInfo(table.boardId)?.mentionsDelivered).toEqual([]);
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });

  it('never ping for a computer’s turn, and ping the person a computer hands the turn to', async () => {
    const [alice = '', bob = ''] = people;
    const table = new Table(world, world.channel('computers').id);
    await table.open(alice, { computers: 1, level: 'easy' });
    await table.act(bob, 'join');
    const extras = new ExtraMessages(world, table);
    await table.act(alice, 'start');
    // Seats: alice, the computer, bob. Alice's turn ends; the computer plays; then bob, then alice.
    const order: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      await table.playTurn(alice);
      await world.discord.waitFor(() => currentPlayerId(table.board()) === bob);
      await extras.pingFor(bob);
      order.push(bob);
      await table.playTurn(bob);
      await world.discord.waitFor(() => currentPlayerId(table.board()) === alice);
      await extras.pingFor(alice);
      order.push(alice);
    }
    expect(extras.posted.map((posted) => posted.delivered)).toEqual(order.map((person) => [person]));
    expect(world.discord.problems).toEqual([]);
  });

  it('never ping a solo player at a table of computers, nor anyone when the host turned pings off', async () => {
    const [alice = '', bob = '', carol = ''] = people;
    const solo = new Table(world, world.channel('solo').id);
    await solo.open(alice, { computers: 2, level: 'easy' });
    const soloExtras = new ExtraMessages(world, solo);
    await solo.act(alice, 'start');
    const quiet = new Table(world, world.channel('quiet').id);
    const lobby = await quiet.open(bob, { pings: false });
    expect(part(lobby, PART.footer)).toContain('pings off');
    await quiet.act(carol, 'join');
    const quietExtras = new ExtraMessages(world, quiet);
    const pingsBefore = [alice, bob, carol].map((person) => world.discord.pingsOf(person).length);
    await quiet.act(bob, 'start');
    for (let turn = 0; turn < 3; turn += 1) {
      await solo.playTurn(alice);
      await world.discord.waitFor(() => currentPlayerId(solo.board()) === alice);
      await quiet.playTurn(currentPlayerId(quiet.board()) ?? '');
    }
    // Turns moved on in both games; nothing was posted besides the boards, nobody was notified.
    expect(soloExtras.posted).toEqual([]);
    expect(quietExtras.posted).toEqual([]);
    expect([alice, bob, carol].map((person) => world.discord.pingsOf(person).length)).toEqual(pingsBefore);
    expect(storedPing(quiet)).toBeNull();
  });

  it('stop at one refused ping where the bot may no longer post, and ping again once a board is brought back', async () => {
    const [alice = '', bob = ''] = people;
    const table = new Table(world, world.channel('muted').id);
    await table.open(alice);
    await table.act(bob, 'join');
    const extras = new ExtraMessages(world, table);
    await table.act(alice, 'start');
    await table.playTurn(alice);
    await extras.pingFor(bob);
    // The bot may still see the channel and edit its board, but no longer post in it.
    world.discord.setChannelPermissions(table.channelId, world.app.botUser.id, { deny: Permission.SendMessages });
    world.discord.clearProblems();
    const posts = world.discord.restCount('POST', POST_MESSAGE);
    await table.playTurn(bob);
    await world.discord.waitFor(() =>
      world.bot.logs.some((line) => line.message.startsWith('turn pings are out of reach')),
    );
    for (let turn = 0; turn < 4; turn += 1) await table.playTurn(currentPlayerId(table.board()) ?? '');
    expect(world.discord.restCount('POST', POST_MESSAGE)).toBe(posts + 1);
    expect(world.discord.problems.map((problem) => [problem.method, problem.code])).toEqual([['POST', 50013]]);
    expect(extras.visible()).toEqual([]);
    world.discord.clearProblems();

    world.discord.setChannelPermissions(table.channelId, world.app.botUser.id, {});
    const moved = await table.command(alice, 'board');
    table.boardId = moved.message?.id ?? '';
    // The bot records its new board once the reply's response is back.
    await world.discord.waitFor(() =>
      readDatabase(world.dbPath, (db) =>
        db.prepare('SELECT 1 FROM games WHERE board_message_id = ?').get(table.boardId),
      ),
    );
    const player = currentPlayerId(table.board()) ?? '';
    await table.playTurn(player);
    await extras.pingFor(player === alice ? bob : alice);
    expect(world.discord.problems).toEqual([]);
  });

  it('delete a ping posted before a restart once its turn ends', async () => {
    const [alice = '', bob = ''] = people;
    const table = new Table(world, world.channel('restart').id);
    await table.open(alice);
    await table.act(bob, 'join');
    const extras = new ExtraMessages(world, table);
    await table.act(alice, 'start');
    await table.playTurn(alice);
    const before = await extras.pingFor(bob);
    await world.discord.waitFor(() => storedPing(table) === before.id);
    await world.bot.kill('SIGKILL');
    await world.startBot();
    await table.playTurn(bob);
    const after = await extras.pingFor(alice);
    expect(after.id).not.toBe(before.id);
    expect(world.discord.message(before.id)).toBeUndefined();
    expect(world.discord.problems).toEqual([]);
  });

  it('hold the bot-token requests after a global 429 on a ping, never the answers: Play again’s next board comes at once', async () => {
    const [alice = '', bob = ''] = people;
    const table = new Table(world, world.channel('held').id);
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    const webhookArrivals: number[] = [];
    const arrived = (request: RestRequestView) => {
      if (request.route.startsWith('/webhooks/')) webhookArrivals.push(performance.now());
    };
    world.discord.on('restRequest', arrived);
    let limited: InjectedFault | undefined;
    let bobsTurns = 0;
    while (!table.isFinished()) {
      const player = currentPlayerId(table.board()) ?? '';
      if (player === bob) bobsTurns += 1;
      // Bob's 13th turn ends the game, and the end deletes his ping: the delete meets a global 429 of 4 s.
      if (bobsTurns === 13 && !limited) {
        limited = world.discord.failNextRest({
          status: 429,
          global: true,
          method: 'DELETE',
          pathPattern: new RegExp(`^/channels/${table.channelId}/messages/\\d+$`),
          retryAfterSeconds: 4,
        });
      }
      await table.playTurn(player);
    }
    if (!limited) throw new Error('the last turn was never bob’s');
    await limited.served;
    const refusedAt = performance.now();
    const again = await table.click(alice, 'again');
    expect(again.ack, again.error ?? '').toBe('update');
    // The next board is the click's follow-up, an interaction webhook: discord.js alone held it with
    // every other request of the process until the Retry-After had passed.
    await world.discord.waitFor(() => world.discord.interaction(again.interactionId)?.followUpIds[0], {
      timeoutMs: 15_000,
      description: 'the next board after Play again',
    });
    world.discord.off('restRequest', arrived);
    const followUpAt = webhookArrivals.find((at) => at > refusedAt) ?? Number.POSITIVE_INFINITY;
    expect(followUpAt - refusedAt).toBeLessThan(2_000);
    expect(world.bot.errors()).toEqual([]);
  });
});
