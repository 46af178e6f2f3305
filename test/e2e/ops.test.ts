import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../src/game/index.js';
import { BotProcess } from './support/bot-process.js';
import { freePort, readyStatus, readyz, scrape } from './support/ops-listener.js';
import { playToTheEnd } from './support/play.js';
import { total } from './support/prometheus-text.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

/**
 * What a stock Node.js dashboard (Grafana's "Node.js Application Dashboard", 11159) and the usual
 * alerts query: prom-client's default metrics under their standard names (docs/operating.md).
 */
const STOCK_DASHBOARD_SERIES = [
  'process_cpu_user_seconds_total',
  'process_cpu_system_seconds_total',
  'process_cpu_seconds_total',
  'process_start_time_seconds',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p50_seconds',
  'nodejs_eventloop_lag_p90_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_heap_size_total_bytes',
  'nodejs_heap_size_used_bytes',
  'nodejs_external_memory_bytes',
  'nodejs_heap_space_size_total_bytes',
  'nodejs_heap_space_size_used_bytes',
  'nodejs_heap_space_size_available_bytes',
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_version_info',
];

describe('the operators listener: /healthz, /readyz, /metrics', () => {
  let world: TestWorld;
  let port: number;
  let table: Table;
  beforeAll(async () => {
    port = await freePort();
    world = await TestWorld.create({ people: 3, env: { OPS_PORT: String(port) } });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('is ready once connected, and /healthz answers', async () => {
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const ready = await readyz(port);
    expect(ready.status).toBe(200);
    expect(ready.body.checks.gateway?.ok).toBe(true);
    expect(ready.body.checks.database?.ok).toBe(true);
  });

  it('refuses anything but GET and HEAD, and shows no token', async () => {
    const post = await fetch(`http://127.0.0.1:${port}/readyz`, { method: 'POST' });
    expect(post.status).toBe(405);
    const { text } = await scrape(port);
    expect(text).not.toContain(world.app.token);
    for (const person of world.people) expect(text).not.toContain(person.id);
  });

  it('counts exactly the interactions made, by kind and outcome', async () => {
    const before = (await scrape(port)).samples;
    table = new Table(world);
    const [alice, bob, carol] = [0, 1, 2].map((i) => world.person(i).id) as [string, string, string];
    await table.open(alice);
    await table.act(bob, 'join');
    // carol is not in the game: a refusal, answered privately.
    const refused = await table.click(carol, 'start');
    expect(refused.ephemeral).toBe(true);
    await table.act(alice, 'start');
    const expected = { command: 1, accepted: 3, refused: 1 };
    await expect
      .poll(async () => {
        const after = (await scrape(port)).samples;
        const grew = (labels: Record<string, string>) =>
          total(after, 'crag_interactions_total', labels) - total(before, 'crag_interactions_total', labels);
        return {
          command: grew({ kind: 'command' }),
          accepted: grew({ outcome: 'accepted' }),
          refused: grew({ outcome: 'refused' }),
        };
      })
      .toEqual(expected);
    const after = (await scrape(port)).samples;
    expect(total(after, 'crag_interactions_total', { outcome: 'failed' })).toBe(0);
    // Every one of the four was answered, and timed from its arrival to its callback.
    expect(total(after, 'crag_interaction_callback_seconds_count')).toBe(4);
    expect(total(after, 'crag_store_save_seconds_count')).toBeGreaterThan(0);
    expect(total(after, 'crag_games', { status: 'playing' })).toBe(1);
    expect(total(after, 'crag_turn_timers_armed')).toBe(1);
    expect(total(after, 'crag_gateway_shard_ready', { shard: '0' })).toBe(1);
  });

  it('serves the series a stock Node.js dashboard queries, under their standard names', async () => {
    const { samples } = await scrape(port);
    const names = new Set(samples.map((sample) => sample.name));
    expect(STOCK_DASHBOARD_SERIES.filter((name) => !names.has(name))).toEqual([]);
    // Only the bot's own metrics carry crag_.
    expect([...names].filter((name) => /^crag_(process|nodejs)_/.test(name))).toEqual([]);
  });

  it('counts a 429, global or not, apart', async () => {
    const before = (await scrape(port)).samples;
    const routeLimit = world.discord.failNextRest({
      status: 429,
      pathPattern: /^\/(channels|webhooks)\//,
      retryAfterSeconds: 1,
    });
    const globalLimit = world.discord.failNextRest({
      status: 429,
      global: true,
      pathPattern: /^\/(channels|webhooks)\//,
      retryAfterSeconds: 1,
    });
    await playToTheEnd(table, DEFAULT_RULES);
    await Promise.all([routeLimit.served, globalLimit.served]);
    await expect
      .poll(async () => {
        const after = (await scrape(port)).samples;
        return ['false', 'true'].map(
          (global) =>
            total(after, 'crag_rest_429_total', { global }) - total(before, 'crag_rest_429_total', { global }),
        );
      })
      .toEqual([1, 1]);
    const after = (await scrape(port)).samples;
    expect(total(after, 'crag_games', { status: 'finished' })).toBe(1);
    expect(total(after, 'crag_score_cards_drawn_total')).toBeGreaterThan(0);
  });

  it('is 503 before READY, 200 after, and 503 while the gateway is down', async () => {
    await world.bot.kill('SIGTERM');
    world.discord.takeGatewayDown();
    const bot = new BotProcess(world.env, world.dir);
    world.botHistory.push(bot);
    await expect.poll(() => readyStatus(port), { timeout: 20_000 }).toBe(503);
    const waiting = await readyz(port);
    expect(waiting.body.checks.gateway?.ok).toBe(false);
    expect(waiting.body.checks.database?.ok).toBe(true);

    world.discord.bringGatewayUp();
    await expect.poll(() => readyStatus(port), { timeout: 30_000 }).toBe(200);

    world.discord.takeGatewayDown();
    await expect.poll(() => readyStatus(port), { timeout: 10_000 }).toBe(503);
    expect((await readyz(port)).body.checks.gateway?.detail).toMatch(/shard 0/);
    world.discord.bringGatewayUp();
    await expect.poll(() => readyStatus(port), { timeout: 60_000 }).toBe(200);
    expect(bot.errors()).toEqual([]);
  });
});
