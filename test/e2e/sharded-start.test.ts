/**
 * `npm run start:sharded` from the build against the emulator, for a bot in 2,501 servers: more
 * than one shard may hold (2,500), so Discord recommends 3. The launcher asks the emulator (not
 * discord.com) for that count; a process told to run one shard for them all is closed with 4011 and
 * stops with one line instead of trying again; SIGTERM stops every shard cleanly; shards whose
 * launcher is killed stop by themselves; a gateway closed for good later stops the host.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApplicationHandle, type Emulator, startEmulator } from '../../src/emulator/index.js';
import { shardOfGuild } from '../../src/sharding/guild-ownership.js';
import { BotProcess, type Exit, runDeploy, SHARDED_ENTRY } from './support/bot-process.js';

const SERVERS = 2_501;
const RECOMMENDED = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lines that are not JSON log lines: what a person reads when something is refused. */
function plainLines(run: BotProcess): string[] {
  return run.stderr.filter((line) => !line.startsWith('{'));
}

/** Whether the process `pid` still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm run start:sharded for a bot in 2,501 servers', () => {
  let discord: Emulator;
  let app: ApplicationHandle;
  let dir: string;
  let env: Record<string, string>;
  const runs: BotProcess[] = [];
  const guildIds: string[] = [];

  beforeAll(async () => {
    discord = await startEmulator();
    app = discord.createApplication({ name: 'Crag' });
    const owner = discord.createUser({ username: 'owner' });
    for (let i = 0; i < SERVERS; i += 1) {
      guildIds.push(discord.createGuild({ name: `server ${i}`, ownerId: owner.id, bots: [app.id] }).id);
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-sharded-start-'));
    // Several shard processes of one host may share one SQLite file.
    env = {
      DISCORD_TOKEN: app.token,
      DISCORD_CLIENT_ID: app.id,
      DISCORD_API_URL: discord.apiUrl,
      DATABASE_PATH: path.join(dir, 'data', 'crag.sqlite'),
    };
    const deployed = await runDeploy(env, dir);
    expect(deployed.code, deployed.stderr).toBe(0);
  });

  afterAll(async () => {
    for (const run of runs) await run.kill('SIGKILL');
    await discord?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const start = (settings: Record<string, string>, entry?: string) => {
    const run = new BotProcess({ ...env, ...settings }, dir, entry);
    runs.push(run);
    return run;
  };
  const untilLogged = async (run: BotProcess, message: string, count = 1) => {
    const deadline = Date.now() + 60_000;
    while (run.logs.filter((line) => line.message === message).length < count) {
      if (!run.running) throw new Error(`exited before "${message}":\n${run.stderr.join('\n')}`);
      if (Date.now() > deadline) throw new Error(`no "${message}" within a minute:\n${run.stderr.join('\n')}`);
      await sleep(20);
    }
  };
  const closes4011 = () => discord.problems.filter((problem) => problem.detail.includes('4011')).length;

  it('one process for every server is closed with 4011 and exits with one line, never trying again', async () => {
    const bot = start({});
    const exit: Exit = await bot.exited;
    expect(exit).toEqual({ code: 78, signal: null });
    expect(bot.stderr).toEqual([
      'crag-bot: Discord requires more shards (4011): a shard holds at most 2,500 servers. Run npm run start:sharded (SHARD_COUNT=auto takes Discord’s recommendation), or raise SHARD_COUNT.',
    ]);
    expect(closes4011()).toBe(1);
  });

  it('a launcher told SHARD_COUNT=1 stops with that shard, without respawning it', async () => {
    const before = closes4011();
    const launcher = start({ SHARD_COUNT: '1' }, SHARDED_ENTRY);
    expect(await launcher.exited).toEqual({ code: 78, signal: null });
    expect(plainLines(launcher)).toEqual([expect.stringContaining('Discord requires more shards (4011)')]);
    expect(launcher.logs.filter((line) => line.message === 'shard process started')).toHaveLength(1);
    expect(launcher.logs).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'a shard cannot run: stopping this host', code: 78 }),
    );
    // Had it been respawned, it would have identified again by now.
    await sleep(1_500);
    expect(closes4011()).toBe(before + 1);
  });

  it("runs Discord's recommended count (asked of DISCORD_API_URL), and SIGTERM stops every shard cleanly", async () => {
    const launcher = start({}, SHARDED_ENTRY);
    await untilLogged(launcher, 'shards ready');
    expect(launcher.logs).toContainEqual(
      expect.objectContaining({
        message: 'starting shards',
        hostShards: [0, 1, 2],
        total: 3,
        recommended: RECOMMENDED,
      }),
    );
    expect(discord.readyShards(app.id, RECOMMENDED)).toEqual([0, 1, 2]);
    await untilLogged(launcher, 'ready', RECOMMENDED);
    const guilds = launcher.logs.filter((line) => line.message === 'ready').map((line) => line.guilds as number);
    expect(guilds.reduce((a, b) => a + b, 0)).toBe(SERVERS);
    expect(await launcher.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    const stopped = launcher.logs.filter((line) => line.message === 'stopped cleanly').map((line) => line.shards);
    // The shards' own lines say why one did not stop cleanly.
    expect(stopped.sort(), launcher.stderr.join('\n')).toEqual([[0], [1], [2]]);
    expect(launcher.errors()).toEqual([]);
  });

  it('runs some shards of a count in one process without the launcher (SHARDS=0,1 SHARD_COUNT=3)', async () => {
    const bot = start({ SHARDS: '0,1', SHARD_COUNT: '3' });
    await untilLogged(bot, 'ready');
    const mine = guildIds.filter((id) => shardOfGuild(id, 3) !== 2).length;
    expect(bot.logs.find((line) => line.message === 'ready')).toMatchObject({ shards: [0, 1], guilds: mine });
    expect(discord.readyShards(app.id, 3)).toEqual([0, 1]);
    expect(await bot.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('shards whose launcher is killed stop by themselves, rather than hold their shards beside its successor', async () => {
    const launcher = start({ SHARD_COUNT: '2' }, SHARDED_ENTRY);
    await untilLogged(launcher, 'shards ready');
    const pids = launcher.logs
      .filter((line) => line.message === 'shard process started')
      .map((line) => line.pid as number);
    expect(pids).toHaveLength(2);
    await launcher.kill('SIGKILL');
    const deadline = Date.now() + 30_000;
    while (pids.some(alive) && Date.now() < deadline) await sleep(50);
    expect(pids.filter(alive)).toEqual([]);
  });

  it('stops the host with one line per shard when Discord later closes the gateway for good', async () => {
    const launcher = start({ SHARD_COUNT: '3' }, SHARDED_ENTRY);
    await untilLogged(launcher, 'ready', RECOMMENDED);
    await discord.dropGateway({ closeCode: 4014 });
    expect(await launcher.exited).toEqual({ code: 78, signal: null });
    const lines = plainLines(launcher);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const line of lines) expect(line).toMatch(/^crag-bot: Discord refused a privileged intent .* \(4014\)/);
    expect(launcher.logs.filter((line) => line.message === 'shard process started')).toHaveLength(RECOMMENDED);
    expect(launcher.logs.some((line) => line.message === 'shard process died; respawning')).toBe(false);
  });
});
