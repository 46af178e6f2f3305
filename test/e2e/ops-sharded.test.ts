/**
 * `npm run start:sharded` with OPS_PORT: one /metrics and one /readyz for the host's two shard
 * processes. Counters are summed across the shards, per-shard gauges keep their label, and a dead
 * shard makes /readyz 503 until its launcher has it back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChannelHandle, type Emulator, startEmulator } from '../../src/emulator/index.js';
import { BotProcess, runDeploy, SHARDED_ENTRY } from './support/bot-process.js';
import { freePort, readyStatus, readyz, scrape, untilReadyStatus } from './support/ops-listener.js';
import { total } from './support/prometheus-text.js';
import { Table } from './support/table.js';

const SHARDS = 2;

describe('the sharded launcher serves one operators listener for all its shards', () => {
  let discord: Emulator;
  let launcher: BotProcess;
  let dir: string;
  let port: number;
  let people: string[];
  const channels: ChannelHandle[] = [];

  beforeAll(async () => {
    discord = await startEmulator();
    const app = discord.createApplication({ name: 'Crag' });
    people = ['alice', 'bob'].map((username) => discord.createUser({ username }).id);
    for (let shard = 0; shard < SHARDS; shard += 1) {
      const guild = discord.createGuild({
        name: `shard ${shard}`,
        ownerId: people[0] ?? '',
        members: people,
        bots: [app.id],
        shardOf: { shards: SHARDS, shard },
      });
      channels.push(discord.createChannel(guild.id, { name: 'crag' }));
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-ops-sharded-'));
    port = await freePort();
    const env = {
      DISCORD_TOKEN: app.token,
      DISCORD_CLIENT_ID: app.id,
      DISCORD_API_URL: discord.apiUrl,
      DATABASE_PATH: path.join(dir, 'crag.sqlite'),
      COOLDOWN_MS: '0',
      SHARD_COUNT: String(SHARDS),
      OPS_PORT: String(port),
    };
    const deployed = await runDeploy(env, dir);
    expect(deployed.code, deployed.stderr).toBe(0);
    launcher = new BotProcess(env, dir, SHARDED_ENTRY);
    await untilReadyStatus(port, 200);
  });

  afterAll(async () => {
    await launcher?.kill('SIGTERM');
    await discord?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sums the shards: each counts the interactions of its own guilds', async () => {
    const [alice, bob] = people as [string, string];
    for (const channel of channels) {
      const table = new Table({ discord, channel: () => channel }, channel.id);
      await table.open(alice);
      await table.act(bob, 'join');
    }
    await expect
      .poll(async () => total((await scrape(port)).samples, 'crag_interactions_total', { outcome: 'accepted' }))
      .toBe(2 * channels.length);
    const { samples } = await scrape(port);
    for (const shard of ['0', '1']) {
      expect(total(samples, 'crag_gateway_shard_ready', { shard })).toBe(1);
      expect(total(samples, 'crag_shard_process_up', { shard })).toBe(1);
    }
    // One database: its games are counted once, not once per shard.
    expect(total(samples, 'crag_games', { status: 'lobby' })).toBe(channels.length);
  });

  it('serves Node’s metrics under their standard names, the launcher’s own apart by role="launcher"', async () => {
    const { samples } = await scrape(port);
    const labelsOf = (name: string) => samples.filter((sample) => sample.name === name).map((sample) => sample.labels);
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes']) {
      // The shards' processes summed, and the launcher's beside them.
      expect(labelsOf(name), name).toEqual([{}, { role: 'launcher' }]);
    }
    expect(labelsOf('process_start_time_seconds')).toEqual([{ role: 'launcher' }]);
    expect(samples.filter((sample) => /^crag_(launcher_|process_|nodejs_)/.test(sample.name))).toEqual([]);
  });

  it('is 503 while a shard is dead, and 200 once it is back', async () => {
    const victim = launcher.logs.findLast((line) => line.message === 'shard process started' && line.shard === 1);
    process.kill(victim?.pid as number, 'SIGKILL');
    // One answer shows all three: on a loaded machine another check can fail for a moment first
    // (a 503 before the death was seen), and the shard can be back by a second request.
    const seen = async () => {
      const answer = await readyz(port).catch(() => undefined);
      return {
        status: answer?.status,
        shard0: answer?.body.checks['shard 0']?.ok,
        shard1: answer?.body.checks['shard 1']?.ok,
      };
    };
    await expect.poll(seen, { timeout: 10_000, interval: 50 }).toEqual({ status: 503, shard0: true, shard1: false });
    await expect.poll(() => readyStatus(port), { timeout: 60_000, interval: 200 }).toBe(200);
    expect(launcher.logs.some((line) => line.message === 'shard process died; respawning')).toBe(true);
  });
});
