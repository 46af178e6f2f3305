import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../harness/bot-database.js';
import type { ServerMessage } from '../../src/activity/protocol.js';
import { isAlive, rssMb, sendHostileFrames } from './support/attack.js';
import { BotProcess, ROOT } from './support/bot-process.js';
import { RawSocket, textFrame } from './support/raw-socket.js';
import { activityPort, TableSocket } from './support/table-socket.js';
import { TestWorld } from './support/world.js';

const PROXY_ENTRY = path.join(ROOT, 'dist/src/proxy.js');
const MEMBER_ROUTE = '/guilds/:guildId/members/:userId';

/** One regression test per finding of issue 40, on the real servers over real sockets. */
describe('the findings of issue 40, each over real sockets', () => {
  let world: TestWorld;
  let port: number;
  let alice: string;
  let bob: string;
  let voice: string;
  const sockets: TableSocket[] = [];

  beforeAll(async () => {
    world = await TestWorld.create({ people: 3, activities: true, rateLimits: { invalidRequestLimit: 300 } });
    port = activityPort(world.bot.logs);
    [alice, bob] = [0, 1].map((i) => world.person(i).id) as [string, string];
    voice = world.channel('table').id;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await world?.stop();
  });

  /** A voice channel of its own in the server, for a table nobody else uses. */
  const elsewhereVoice = () => world.discord.createChannel(world.guild.id, { name: 'Third table', type: 2 }).id;

  async function sit(userId: string, channelId = voice, appId = world.app.id): Promise<TableSocket> {
    const instance = world.discord.launchActivity(appId, channelId, userId);
    const socket = await TableSocket.open(port, world.discord.accessToken(appId, userId), instance.instanceId);
    sockets.push(socket);
    return socket;
  }

  it('1: no frame a stranger sends ends more than its own socket; a seated player plays on', async () => {
    const seated = await sit(alice);
    await seated.tableWhere(() => true);
    // The frame that stopped every game: 5,000 bytes before any hello.
    const first = await RawSocket.open(port, '/.proxy/ws');
    if (!(first instanceof RawSocket)) throw new Error(`refused: ${first.refused}`);
    first.write(textFrame('x'.repeat(5_000)));
    expect(await first.ended).toBe(1009);
    const target = {
      name: 'the Activity',
      port,
      pid: world.bot.pid ?? 0,
      healthyPath: '/.proxy/api/client',
      bodyPath: '/.proxy/api/token',
      bodyRefusals: [413],
      socket: { path: '/.proxy/ws', maxMessageBytes: 4096 },
    };
    expect(await sendHostileFrames(target)).toEqual([]);
    expect(isAlive(target.pid)).toBe(true);
    const before = seated.messages.length;
    seated.send({ kind: 'new-game' });
    await seated.next(
      (message): message is ServerMessage => message.type === 'table' && message.table.status === 'lobby',
      before,
    );
  });

  it('3: intents at full speed ask Discord for the member at most once per game', async () => {
    const regulars = world.discord.createRole(world.guild.id, { name: 'Regulars', permissions: 0n });
    world.discord.assignRole(world.guild.id, bob, regulars.id);
    const set = await world.discord.runCommand({
      user: alice,
      channel: world.channel().id,
      name: 'crag-settings',
      subcommand: 'starter-role',
      options: { role: regulars.id },
    });
    expect(set.ack, set.error ?? '').toBe('reply');
    const channel = world.discord.createChannel(world.guild.id, { name: 'Second table', type: 2 }).id;
    const atTable = await Promise.all([0, 1, 2, 3, 4].map(() => sit(bob, channel)));
    await Promise.all(atTable.map((socket) => socket.tableWhere((table) => table.status === 'none')));
    world.discord.resetRestCounts();
    for (let i = 0; i < 300; i += 1) atTable[i % atTable.length]?.send({ kind: i % 2 ? 'again' : 'new-game' });
    await atTable[0]?.tableWhere((table) => table.status === 'lobby');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(world.discord.restCount('GET', MEMBER_ROUTE)).toBeLessThanOrEqual(1);
    const lobbies = await queryRows<{ n: number }>(
      world.database,
      "SELECT COUNT(*) AS n FROM games WHERE channel_id = ? AND status = 'lobby'",
      channel,
    );
    expect(Number(lobbies[0]?.n)).toBe(1);

    // Someone without the role, at full speed: refused each time, and asked of Discord only a few times.
    const carol = world.person(2).id;
    const third = elsewhereVoice();
    const barred = await Promise.all([0, 1, 2].map(() => sit(carol, third)));
    await Promise.all(barred.map((socket) => socket.tableWhere((table) => table.status === 'none')));
    world.discord.resetRestCounts();
    for (let i = 0; i < 60; i += 1) barred[i % barred.length]?.send({ kind: 'new-game' });
    await barred[0]?.next((message): message is ServerMessage => message.type === 'refused');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(world.discord.restCount('GET', MEMBER_ROUTE)).toBeLessThanOrEqual(6);
  });

  it('4: no table opens, and nothing is stored, in a guild the bot is not in', async () => {
    const elsewhere = world.discord.createGuild({ name: 'No bot here', ownerId: alice, members: [alice, bob] });
    const channel = world.discord.createChannel(elsewhere.id, { name: 'Voice', type: 2 }).id;
    const socket = await sit(alice, channel);
    const denied = await socket.next((message): message is ServerMessage => message.type === 'denied');
    expect(denied).toMatchObject({ text: expect.stringContaining('Crag is not in this server') });
    expect(await socket.closed).toBe(4403);
    const stored = await queryRows<{ n: number }>(
      world.database,
      'SELECT COUNT(*) AS n FROM games WHERE channel_id = ?',
      channel,
    );
    expect(Number(stored[0]?.n)).toBe(0);
  });

  it('5: a token minted for another application names nobody here', async () => {
    const other = world.discord.createApplication({ name: 'Someone else', activities: true });
    const instance = world.discord.launchActivity(world.app.id, voice, bob);
    const socket = await TableSocket.open(port, world.discord.accessToken(other.id, bob), instance.instanceId);
    sockets.push(socket);
    expect(await socket.next((message): message is ServerMessage => message.type === 'denied')).toMatchObject({
      type: 'denied',
    });
    expect(await socket.closed).toBe(4403);
    expect(socket.table).toBeUndefined();
  });

  it('6: the Activity listens on 127.0.0.1 unless told otherwise, and says where', async () => {
    const line = world.bot.logs.find((entry) => entry.message === 'the Activity listening');
    expect(line).toMatchObject({ host: '127.0.0.1', port, url: `http://127.0.0.1:${port}` });
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
    // A machine with no other address has nothing to try it on; CI's has one.
    if (!outside) return;
    const reached = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, outside);
      socket.once('connect', () => resolve(true));
      socket.once('error', () => resolve(false));
    });
    expect(reached).toBe(false);
  });

  // Last: it spends this address's refusals, and a sign-in from it then waits for them to refill.
  it('2: a flood of bogus hellos costs a bounded number of Discord refusals, and one bad token costs one', async () => {
    world.discord.resetRestCounts();
    const invalidBefore = world.discord.invalidRequests();
    /** Sends one hello on each of `count` new sockets and waits for each to be ended. */
    async function hellos(count: number, token: (i: number) => string): Promise<void> {
      const batch = await Promise.all(Array.from({ length: count }, () => RawSocket.open(port, '/.proxy/ws')));
      batch.forEach((socket, i) => {
        if (socket instanceof RawSocket)
          socket.write(textFrame(JSON.stringify({ type: 'hello', accessToken: token(i), instanceId: 'i-0' })));
      });
      const endings = await Promise.all(
        batch.map((socket) => (socket instanceof RawSocket ? socket.endingWithin(10_000) : 'refused')),
      );
      // Refused (4403) or told to come back later (1013): never left waiting.
      for (const ending of endings) expect([4403, 1013, 'refused']).toContain(ending);
      for (const socket of batch) if (socket instanceof RawSocket) socket.destroy();
    }
    // One bad token, fifty times at once and fifty times more: Discord is asked once, then it is remembered.
    const sameToken = crypto.randomBytes(24).toString('base64url');
    await hellos(50, () => sameToken);
    await hellos(50, () => sameToken);
    expect(world.discord.restCount('GET', '/oauth2/@me')).toBe(1);
    for (let round = 0; round < 10; round += 1) await hellos(100, () => crypto.randomBytes(24).toString('base64url'));
    const asked = world.discord.restCount('GET', '/oauth2/@me');
    // A burst of 20 refusals for the address, then one each 30 s.
    expect(asked).toBeLessThanOrEqual(22);
    expect(world.discord.invalidRequests() - invalidBefore).toBeLessThanOrEqual(22);
    expect(world.discord.bannedFor('127.0.0.1')).toBe(0);
    // Discord still answers the bot: nothing the strangers did cost its access.
    const outcome = await world.discord.runCommand({
      user: alice,
      channel: world.channel().id,
      name: 'crag',
      subcommand: 'rules',
    });
    expect(outcome.ack).toBe('reply');
  });
});

describe('finding 9: the REST proxy holds a bounded body', () => {
  let world: TestWorld;
  let proxy: BotProcess;
  let proxyPort: number;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 1 });
    proxy = new BotProcess({ DISCORD_API_URL: world.discord.apiUrl, PROXY_PORT: '0' }, world.dir, PROXY_ENTRY);
    proxyPort = await world.discord.waitFor(
      () => proxy.logs.find((line) => line.message === 'the REST proxy listening')?.port as number | undefined,
      { timeoutMs: 20_000, description: 'the REST proxy listening' },
    );
  });
  afterAll(async () => {
    await proxy?.kill();
    await world?.stop();
  });

  /** POSTs `megabytes` of body (announced or chunked) at the route, as fast as the socket takes it. */
  function post(route: string, megabytes: number, chunked: boolean): Promise<string> {
    return new Promise((resolve) => {
      const socket = net.connect(proxyPort, '127.0.0.1');
      let answer = '';
      let sent = 0;
      const piece = Buffer.alloc(256 * 1024, 0x20);
      socket.on('error', () => undefined);
      socket.on('data', (data: Buffer) => {
        answer += data.toString('latin1');
        if (answer.includes('\r\n\r\n') && /\r\n\r\n[\s\S]*\}/.test(answer)) socket.destroy();
      });
      socket.once('close', () => resolve(answer));
      const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${megabytes * 1024 * 1024}`;
      socket.write(
        `POST /api/v10${route} HTTP/1.1\r\nHost: proxy\r\nAuthorization: Bot ${world.app.token}\r\nContent-Type: application/json\r\n${length}\r\n\r\n`,
      );
      const pump = () => {
        while (sent < megabytes * 1024 * 1024 && !socket.destroyed) {
          sent += piece.length;
          const bytes = chunked
            ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
            : piece;
          if (!socket.write(bytes)) return void socket.once('drain', pump);
        }
      };
      pump();
    });
  }

  it('answers 413 / 40005 past Discord’s caps without holding the body, and still forwards a real request', async () => {
    const pid = proxy.pid ?? 0;
    const before = rssMb(pid);
    const channel = world.channel().id;
    for (const [route, megabytes, chunked] of [
      [`/channels/${channel}/messages`, 300, false],
      [`/channels/${channel}/messages`, 60, true],
      ['/applications/1/commands', 30, true],
    ] as const) {
      const answer = await post(route, megabytes, chunked);
      expect(answer, `${route} ${megabytes} MB`).toMatch(/^HTTP\/1\.1 413/);
      expect(answer).toContain('"code":40005');
      expect(rssMb(pid) - before, `${route} ${megabytes} MB`).toBeLessThan(64);
    }
    const sent = await fetch(`http://127.0.0.1:${proxyPort}/api/v10/channels/${channel}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bot ${world.app.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: 'through the proxy' }),
    });
    expect(sent.status).toBe(200);
    expect(proxy.running).toBe(true);
  });
});
