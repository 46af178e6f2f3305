/**
 * The Activity on every shard (issue 45): two hosts of one sharded bot, shards 0 and 1 of 4 on one
 * and 2 and 3 on the other, sharing a PostgreSQL database. The process of shard 0 serves
 * ACTIVITY_PORT; a table in a guild of shard 3 is relayed to that shard's process on the other
 * host (PostgreSQL LISTEN/NOTIFY), and a game is played there to its end through the Activity's
 * socket. Mid-game shard 3's process is SIGKILLed: the table says "reconnecting", its launcher
 * respawns it, the table comes back, and the game goes on from where it was stored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../harness/bot-database.js';
import type { ServerMessage, TableView } from '../../src/activity/protocol.js';
import {
  type ApplicationHandle,
  type Emulator,
  type RestRequestView,
  startEmulator,
  type UserHandle,
} from '../../src/emulator/index.js';
import { shardOfGuild } from '../../src/sharding/guild-ownership.js';
import { createDatabase } from '../support/postgres-databases.js';
import { type BotProcess, runDeploy } from './support/bot-process.js';
import { freePort } from './support/ops-listener.js';
import { exchangeAtTable, TableSocket } from './support/table-socket.js';
import { killTwoHosts, readyOf, startTwoHosts, TOTAL_SHARDS, until } from './support/two-hosts.js';

const TABLE_SHARD = 3;
/** Turns played before the kill: the game is well under way, with rows on both sheets. */
const TURNS_BEFORE_KILL = 4;

/** The open row that scores most now (no rerolls). */
function bestRow(table: TableView): string {
  const open = table.rows.filter((row) => row.preview !== null);
  const best = open.reduce<(typeof open)[number] | undefined>(
    (top, row) => ((row.preview ?? 0) > (top?.preview ?? -1) ? row : top),
    undefined,
  );
  if (!best) throw new Error('no open row');
  return best.id;
}

describe('the Activity on every shard: 4 shards on 2 hosts', () => {
  let discord: Emulator;
  let app: ApplicationHandle;
  let alice: UserHandle;
  let bob: UserHandle;
  let dir: string;
  let port: number;
  let voice: string;
  let guildId: string;
  let databaseUrl: string;
  const hosts: BotProcess[] = [];
  const sockets: TableSocket[] = [];
  const requests: RestRequestView[] = [];

  beforeAll(async () => {
    databaseUrl = await createDatabase();
    discord = await startEmulator();
    app = discord.createApplication({ name: 'Crag', activities: true });
    alice = discord.createUser({ username: 'alice' });
    bob = discord.createUser({ username: 'bob' });
    const guild = discord.createGuild({
      name: 'shard 3',
      ownerId: alice.id,
      members: [alice.id, bob.id],
      bots: [app.id],
      shardOf: { shards: TOTAL_SHARDS, shard: TABLE_SHARD },
    });
    expect(shardOfGuild(guild.id, TOTAL_SHARDS)).toBe(TABLE_SHARD);
    guildId = guild.id;
    voice = discord.createChannel(guild.id, { name: 'Crag table', type: 2 }).id;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-activity-every-shard-'));
    port = await freePort();
    const env = {
      DISCORD_TOKEN: app.token,
      DISCORD_CLIENT_ID: app.id,
      DISCORD_API_URL: discord.apiUrl,
      DATABASE_URL: databaseUrl,
      COOLDOWN_MS: '0',
    };
    const deployed = await runDeploy(env, dir);
    expect(deployed.code, deployed.stderr).toBe(0);
    discord.on('restRequest', (request) => requests.push(request));
    // Each host is given the same settings, as a deployment would: only shard 0's process serves the port.
    hosts.push(
      ...(await startTwoHosts(
        { ...env, ACTIVITY_PORT: String(port), DISCORD_CLIENT_SECRET: discord.clientSecret(app.id) },
        dir,
      )),
    );
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await killTwoHosts(hosts);
    await discord?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function sitDown(userId: string, instanceId: string): Promise<TableSocket> {
    const exchanged = await exchangeAtTable(port, discord.authorizeActivity(app.id, userId));
    expect(exchanged.status).toBe(200);
    const { access_token: token } = exchanged.body as { access_token: string };
    const socket = await TableSocket.open(port, token, instanceId);
    sockets.push(socket);
    return socket;
  }

  /** One turn: whoever's turn it is takes their best row; resolves with the next table. */
  async function playTurn(players: ReadonlyMap<string, TableSocket>, watcher: TableSocket): Promise<TableView> {
    const now = watcher.table;
    if (now?.status !== 'playing') throw new Error(`not playing: ${now?.status}`);
    const current = now.seats.find((seat) => seat.current)?.playerId ?? '';
    const socket = players.get(current);
    if (!socket) throw new Error(`nobody to play: ${JSON.stringify(now.seats)}`);
    const mine = await socket.tableWhere((view) => view.gameId === now.gameId && view.version === now.version);
    socket.send({ kind: 'choose', row: bestRow(mine) }, mine.version);
    return watcher.tableWhere((view) => view.gameId === now.gameId && view.version > now.version, 20_000);
  }

  it('serves the port from shard 0 only, and runs a table of shard 3 on the other host, through its death', async () => {
    const [hostA, hostB] = hosts as [BotProcess, BotProcess];
    expect(hostA.logs.filter((line) => line.message === 'the Activity listening')).toEqual([
      expect.objectContaining({ port, shards: [0] }),
    ]);
    expect(hostB.logs.filter((line) => line.message === 'the Activity listening')).toEqual([]);

    const instance = discord.launchActivity(app.id, voice, alice.id);
    discord.launchActivity(app.id, voice, bob.id);
    const atAlice = await sitDown(alice.id, instance.instanceId);
    const atBob = await sitDown(bob.id, instance.instanceId);
    await atAlice.tableWhere((table) => table.status === 'none', 20_000);
    atAlice.send({ kind: 'new-game' });
    await atBob.tableWhere((table) => table.status === 'lobby');
    atBob.send({ kind: 'join' });
    await atAlice.tableWhere((table) => table.seats.length === 2);
    atAlice.send({ kind: 'start' });
    await atAlice.tableWhere((table) => table.status === 'playing');
    const players = new Map([
      [alice.id, atAlice],
      [bob.id, atBob],
    ]);
    for (let turn = 0; turn < TURNS_BEFORE_KILL; turn += 1) await playTurn(players, atAlice);
    const before = atAlice.table as TableView;

    // The game's board in the voice chat was posted by shard 3's process (it runs the table).
    const started = hostB.logs.findLast(
      (line) => line.message === 'shard process started' && line.shard === TABLE_SHARD,
    );
    expect(readyOf(hostB, TABLE_SHARD)).toHaveLength(1);
    const seen = atAlice.messages.length;
    process.kill(started?.pid as number, 'SIGKILL');
    const reconnecting = await atAlice.next(
      (message): message is Extract<ServerMessage, { type: 'reconnecting' }> => message.type === 'reconnecting',
      seen,
      20_000,
    );
    expect(reconnecting.text).toBe('The server running this table is restarting: reconnecting…');
    await until('shard 3 to be respawned and ready', () => readyOf(hostB, TABLE_SHARD).at(1), 60_000);
    // Back: the table as stored, where it was.
    const back = await atAlice.next(
      (message): message is Extract<ServerMessage, { type: 'table' }> => message.type === 'table',
      atAlice.messages.indexOf(reconnecting),
      30_000,
    );
    expect(back.table).toMatchObject({ gameId: before.gameId, version: before.version, status: 'playing' });
    for (let turn = 0; turn < 30 && atAlice.table?.status === 'playing'; turn += 1) await playTurn(players, atAlice);
    const finished = await atBob.tableWhere((view) => view.gameId === before.gameId && view.status === 'finished');
    expect(finished.standings).toHaveLength(2);
    expect(finished.seats.every((seat) => seat.total > 0)).toBe(true);
    expect(hostA.errors()).toEqual([]);
    // Stored as finished, and every request about the guild (its board in the voice chat) came from shard 3's process.
    const stored = await queryRows<{ status: string }>(
      { kind: 'postgres', url: databaseUrl },
      'SELECT status FROM games WHERE id = ?',
      before.gameId,
    );
    expect(stored).toEqual([{ status: 'finished' }]);
    const aboutTheGuild = requests.filter((request) => request.guildId === guildId);
    expect(aboutTheGuild.length).toBeGreaterThan(0);
    expect(aboutTheGuild.filter((request) => !/crag-bot shards 3 of 4$/.test(request.userAgent ?? ''))).toEqual([]);
  });
});
