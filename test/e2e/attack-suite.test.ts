import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFinalStandings, title } from '../../harness/board.js';
import { PlaygroundProcess } from '../browser/support/playground-process.js';
import { HTTP_ATTACKS, isAlive, rssMb, sendHostileFrames, type Target } from './support/attack.js';
import { BotProcess, ROOT, runDeploy } from './support/bot-process.js';
import { freePort } from './support/ops-listener.js';
import { playToTheEnd } from './support/play.js';
import { RawSocket, textFrame } from './support/raw-socket.js';
import { Table } from './support/table.js';
import { activityPort } from './support/table-socket.js';
import { TestWorld } from './support/world.js';

const PROXY_ENTRY = path.join(ROOT, 'dist/src/proxy.js');
/** The emulator bans an address at this many 401/403/429s in 10 minutes (Discord: 10,000), so a flood that would get the bot banned fails here. */
const INVALID_REQUEST_LIMIT = 300;
/** What a listener's process may grow by over the whole suite: every cap holds what it buffers to kilobytes. */
const MAX_GROWTH_MB = 120;
const BOGUS_HELLOS = 2_000;
const RULES = { rerolls: 1, thirteen: 'any' } as const;

/**
 * The attack suite (issue 40): every listener the project opens (the Activity, the operators'
 * listener, the REST proxy, the playground's page and live socket) meets the same hostile HTTP
 * and WebSocket inputs, and after each the process is alive, its memory bounded, and what it
 * asked of Discord within budget; meanwhile a game in another server plays on to its end.
 */
describe('strangers at every listener', () => {
  let world: TestWorld;
  let proxy: BotProcess;
  let playground: PlaygroundProcess;
  let targets: Target[];
  const startRss = new Map<string, number>();
  let otherChannel: string;

  beforeAll(async () => {
    const opsPort = await freePort();
    world = await TestWorld.create({
      people: 4,
      activities: true,
      env: { OPS_PORT: String(opsPort) },
      rateLimits: { invalidRequestLimit: INVALID_REQUEST_LIMIT },
    });
    const [alice, bob, carol] = [0, 1, 2].map((i) => world.person(i).id) as [string, string, string];
    const other = world.discord.createGuild({
      name: 'Another evening',
      ownerId: alice,
      members: [alice, bob, carol],
      bots: [world.app.id],
    });
    otherChannel = world.discord.createChannel(other.id, { name: 'crag' }).id;
    const deployed = await runDeploy({ ...world.env, DISCORD_GUILD_ID: other.id }, world.dir);
    expect(deployed.code, deployed.stderr).toBe(0);

    proxy = new BotProcess({ DISCORD_API_URL: world.discord.apiUrl, PROXY_PORT: '0' }, world.dir, PROXY_ENTRY);
    const proxyPort = await world.discord.waitFor(
      () => proxy.logs.find((line) => line.message === 'the REST proxy listening')?.port as number | undefined,
      { timeoutMs: 20_000, description: 'the REST proxy listening' },
    );
    playground = await PlaygroundProcess.start();
    const botPid = world.bot.pid ?? 0;
    const playgroundHeaders = { Host: `127.0.0.1:${playground.port}`, Origin: `http://127.0.0.1:${playground.port}` };
    targets = [
      {
        name: 'the Activity',
        port: activityPort(world.bot.logs),
        pid: botPid,
        healthyPath: '/.proxy/api/client',
        bodyPath: '/.proxy/api/token',
        bodyRefusals: [413],
        socket: { path: '/.proxy/ws', maxMessageBytes: 4096 },
      },
      {
        name: 'the operators’ listener',
        port: opsPort,
        pid: botPid,
        healthyPath: '/healthz',
        bodyPath: '/metrics',
        bodyRefusals: [405],
      },
      {
        name: 'the REST proxy',
        port: proxyPort,
        pid: proxy.pid ?? 0,
        headers: { Authorization: `Bot ${world.app.token}` },
        healthyPath: '/api/v10/gateway',
        bodyPath: '/api/v10/channels/1/messages',
        bodyRefusals: [413],
      },
      {
        name: 'the playground',
        port: playground.port,
        pid: playground.pid,
        headers: playgroundHeaders,
        healthyPath: '/',
        bodyPath: '/',
        bodyRefusals: [405, 413],
        socket: { path: '/live', maxMessageBytes: 64 * 1024 },
      },
    ];
    for (const target of targets) startRss.set(target.name, rssMb(target.pid));
  }, 90_000);

  afterAll(async () => {
    await playground?.kill();
    playground?.removeData();
    await proxy?.kill();
    await world?.stop();
  });

  /** After every attack: each listener's process alive, answering, and within its memory. */
  async function everyListenerStands(after: string): Promise<void> {
    for (const target of targets) {
      expect(isAlive(target.pid), `${target.name} after ${after}`).toBe(true);
      const grown = rssMb(target.pid) - (startRss.get(target.name) ?? 0);
      expect(grown, `${target.name}'s memory after ${after}`).toBeLessThan(MAX_GROWTH_MB);
    }
    expect(world.bot.running, `the bot after ${after}`).toBe(true);
    expect(proxy.running, `the proxy after ${after}`).toBe(true);
    expect(playground.running, `the playground after ${after}`).toBe(true);
    expect(world.discord.bannedFor('127.0.0.1'), `a ban after ${after}`).toBe(0);
  }

  /** Signs in with a made-up token on sockets of their own, `count` in all, a hundred at a time. */
  async function bogusHellos(count: number): Promise<void> {
    const activity = targets[0];
    if (!activity?.socket) throw new Error('no Activity');
    for (let sent = 0; sent < count; sent += 100) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(100, count - sent) }, () => RawSocket.open(activity.port, '/.proxy/ws')),
      );
      for (const socket of batch) {
        if (!(socket instanceof RawSocket)) continue;
        const accessToken = crypto.randomBytes(24).toString('base64url');
        socket.write(textFrame(JSON.stringify({ type: 'hello', accessToken, instanceId: 'i-0' })));
      }
      // Each hello is refused (the token is nobody's) or put off (over a bucket): either closes it.
      await Promise.all(batch.map((socket) => (socket instanceof RawSocket ? socket.endingWithin(10_000) : null)));
      for (const socket of batch) if (socket instanceof RawSocket) socket.destroy();
    }
  }

  it('holds against hostile HTTP, hostile frames and a flood of bogus hellos, while a game elsewhere plays to its end', async () => {
    const [alice, bob] = [0, 1].map((i) => world.person(i).id) as [string, string];
    const game = new Table(world, otherChannel);
    await game.open(alice, RULES);
    await game.act(bob, 'join');
    await game.act(alice, 'start');
    world.discord.resetRestCounts();
    const stranger = () => ({
      signIns: world.discord.restCount('GET', '/oauth2/@me'),
      members: world.discord.restCount('GET', '/guilds/:guildId/members/:userId'),
    });

    const attacks = (async () => {
      for (const target of targets) {
        for (const attack of HTTP_ATTACKS) {
          await attack.run(target);
          await everyListenerStands(`${attack.name} at ${target.name}`);
        }
        expect(await sendHostileFrames(target), target.name).toEqual([]);
        await everyListenerStands(`hostile frames at ${target.name}`);
      }
      await bogusHellos(BOGUS_HELLOS);
      await everyListenerStands(`${BOGUS_HELLOS} bogus hellos`);
    })();
    const played = (async () => {
      await playToTheEnd(game, RULES);
      return game.board();
    })();
    const [, standings] = await Promise.all([attacks, played]);

    expect(isFinalStandings(standings)).toBe(true);
    // Refusals per address: a burst of 20, then one each 30 s; nothing a stranger did asked for a member.
    const asked = stranger();
    expect(asked.signIns).toBeLessThanOrEqual(30);
    expect(asked.members).toBe(0);
    expect(world.discord.invalidRequests()).toBeLessThan(40);
    // Discord still answers the bot: a command anywhere works after it all.
    const rules = await new Table(world).command(alice, 'rules');
    expect(title(rules.message!)).toBe('How to play Crag');
    expect(world.discord.problems.filter((problem) => problem.kind !== 'rest-error')).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  }, 240_000);
});
