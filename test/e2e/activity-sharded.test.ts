/**
 * The Activity under `npm run start:sharded`, both shards on one host (SQLite): one port can be
 * held by one process, so the process of shard 0 serves it and the other says so in one line and
 * leaves the port alone. A lobby of either shard's guild offers the table; a socket for shard 1's
 * table is relayed over the launcher's IPC to shard 1's process, which runs it, and when that
 * process is killed the table says "reconnecting" and comes back once it is respawned.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controls } from '../../harness/board.js';
import type { ServerMessage } from '../../src/activity/protocol.js';
import { type ApplicationHandle, type Emulator, startEmulator, type UserHandle } from '../../src/emulator/index.js';
import { shardOfGuild } from '../../src/sharding/guild-ownership.js';
import { BotProcess, runDeploy, SHARDED_ENTRY } from './support/bot-process.js';
import { freePort } from './support/ops-listener.js';
import { exchangeAtTable, TableSocket } from './support/table-socket.js';

const SHARDS = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the Activity under npm run start:sharded', () => {
  let discord: Emulator;
  let app: ApplicationHandle;
  let alice: UserHandle;
  let dir: string;
  let launcher: BotProcess;
  let port: number;
  /** A voice channel in a guild of each shard. */
  const voiceOf = new Map<number, string>();

  beforeAll(async () => {
    discord = await startEmulator();
    app = discord.createApplication({ name: 'Crag', activities: true });
    alice = discord.createUser({ username: 'alice' });
    while (voiceOf.size < SHARDS) {
      const guild = discord.createGuild({ name: `server ${voiceOf.size}`, ownerId: alice.id, bots: [app.id] });
      const shard = shardOfGuild(guild.id, SHARDS);
      if (!voiceOf.has(shard)) voiceOf.set(shard, discord.createChannel(guild.id, { name: 'Crag table', type: 2 }).id);
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-activity-sharded-'));
    port = await freePort();
    const env = {
      DISCORD_TOKEN: app.token,
      DISCORD_CLIENT_ID: app.id,
      DISCORD_API_URL: discord.apiUrl,
      DATABASE_PATH: path.join(dir, 'data', 'crag.sqlite'),
      COOLDOWN_MS: '0',
    };
    const deployed = await runDeploy(env, dir);
    expect(deployed.code, deployed.stderr).toBe(0);
    launcher = new BotProcess(
      {
        ...env,
        SHARD_COUNT: String(SHARDS),
        ACTIVITY_PORT: String(port),
        DISCORD_CLIENT_SECRET: discord.clientSecret(app.id),
      },
      dir,
      SHARDED_ENTRY,
    );
    const deadline = Date.now() + 60_000;
    while (launcher.logs.filter((line) => line.message === 'ready').length < SHARDS) {
      if (!launcher.running || Date.now() > deadline) throw new Error(launcher.stderr.join('\n'));
      await sleep(50);
    }
  });

  afterAll(async () => {
    await launcher?.kill('SIGTERM');
    await discord?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is served by the process of shard 0 alone; the other says so once and leaves the port', () => {
    const served = launcher.logs.filter((line) => line.message === 'the Activity listening');
    expect(served).toEqual([expect.objectContaining({ port, shards: [0] })]);
    const left = launcher.logs.filter((line) =>
      line.message.startsWith('the Activity is served by the process of shard 0'),
    );
    expect(left).toEqual([expect.objectContaining({ level: 'info', port, shards: [1] })]);
    expect(left[0]?.message).toContain("runs its guilds' tables through it");
    expect(launcher.errors()).toEqual([]);
  });

  it("offers the table in both shards' guilds, runs shard 1's in its process, and survives its death", async () => {
    const lobbyIn = async (shard: number) => {
      const outcome = await discord.runCommand({
        user: alice.id,
        channel: voiceOf.get(shard) ?? '',
        name: 'crag',
        subcommand: 'start',
      });
      expect(outcome.ack, outcome.error ?? '').toBe('reply');
      return controls(outcome.message ?? {}).map((control) => control.kind);
    };
    expect(await lobbyIn(0)).toContain('table');
    expect(await lobbyIn(1)).toContain('table');

    const elsewhere = discord.launchActivity(app.id, voiceOf.get(1) ?? '', alice.id);
    const exchanged = await exchangeAtTable(port, discord.authorizeActivity(app.id, alice.id));
    const { access_token: token } = exchanged.body as { access_token: string };
    const socket = await TableSocket.open(port, token, elsewhere.instanceId);
    const lobby = await socket.tableWhere((table) => table.status === 'lobby');
    expect(lobby.seats.map((seat) => seat.playerId)).toEqual([alice.id]);

    const started = launcher.logs.findLast((line) => line.message === 'shard process started' && line.shard === 1);
    const seen = socket.messages.length;
    process.kill(started?.pid as number, 'SIGKILL');
    const reconnecting = await socket.next(
      (message): message is Extract<ServerMessage, { type: 'reconnecting' }> => message.type === 'reconnecting',
      seen,
      20_000,
    );
    const back = await socket.next(
      (message): message is Extract<ServerMessage, { type: 'table' }> => message.type === 'table',
      socket.messages.indexOf(reconnecting),
      60_000,
    );
    expect(back.table).toMatchObject({ gameId: lobby.gameId, status: 'lobby' });
    socket.close();
  });
});
