/**
 * The Activity under `npm run start:sharded`: one port can be held by one process, so the process
 * of shard 0 serves it (for the guilds of its shards) and the other says so in one line and leaves
 * the port alone. A lobby in a voice channel of shard 0's guild offers the table; one of shard 1's
 * does not, and a socket for a table there is refused with a reason, never served by a process
 * that does not run that guild's games.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controls } from '../../harness/board.js';
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
    expect(launcher.errors()).toEqual([]);
  });

  it("offers the table in shard 0's guild only, and refuses a socket for a table of shard 1's", async () => {
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
    expect(await lobbyIn(1)).not.toContain('table');

    const elsewhere = discord.launchActivity(app.id, voiceOf.get(1) ?? '', alice.id);
    const exchanged = await exchangeAtTable(port, discord.authorizeActivity(app.id, alice.id));
    const { access_token: token } = exchanged.body as { access_token: string };
    const socket = await TableSocket.open(port, token, elsewhere.instanceId);
    const denied = await socket.next((message) => message.type === 'denied');
    expect(denied).toMatchObject({
      text: "The table is not open for this server yet: its games are run by another of the bot's processes.",
    });
    expect(await socket.closed).toBe(4403);
    discord.clearProblems();
  });
});
