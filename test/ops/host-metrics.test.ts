import { AggregatorRegistry, Counter, collectDefaultMetrics, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { hostMetrics, LAUNCHER_LABELS } from '../../src/ops/host-metrics.js';
import { parsePrometheusText, type Sample } from '../e2e/support/prometheus-text.js';

/** A registry as a shard's process or the launcher keeps one: Node's metrics, and one counter of the bot's. */
function processRegistry(clicks: number, labels?: Record<string, string>): Registry {
  const registry = new Registry();
  if (labels) registry.setDefaultLabels(labels);
  collectDefaultMetrics({ register: registry });
  new Counter({ name: 'crag_interactions_total', help: 'Interactions routed.', registers: [registry] }).inc(clicks);
  return registry;
}

const series = (samples: readonly Sample[], name: string) => samples.filter((sample) => sample.name === name);

describe('the launcher’s /metrics: the shards’ series with its own beside them', () => {
  it('keeps the standard names, sums the shards, and sets the launcher’s series apart by role="launcher"', async () => {
    const shards = [processRegistry(3), processRegistry(4)];
    const launcher = processRegistry(0, LAUNCHER_LABELS);
    const merged = await hostMetrics(
      await Promise.all(shards.map((shard) => shard.getMetricsAsJSON())),
      await launcher.getMetricsAsJSON(),
    );
    const samples = parsePrometheusText(await merged.metrics());

    expect(series(samples, 'crag_interactions_total').map(({ labels, value }) => ({ labels, value }))).toEqual([
      { labels: {}, value: 7 },
      { labels: { role: 'launcher' }, value: 0 },
    ]);
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds']) {
      expect(
        series(samples, name).map((sample) => sample.labels),
        name,
      ).toEqual([{}, { role: 'launcher' }]);
    }
    // prom-client omits the shards' start times (a sum of them means nothing); the launcher's stays.
    expect(series(samples, 'process_start_time_seconds').map((sample) => sample.labels)).toEqual([
      { role: 'launcher' },
    ]);
    expect(samples.some((sample) => sample.name.startsWith('crag_process_'))).toBe(false);
  });

  it('needs the join: aggregated with the shards, prom-client would drop the launcher’s start time', async () => {
    // Aggregated together, the launcher's metrics take the shards' aggregators: its start time is dropped.
    const together = AggregatorRegistry.aggregate([
      await processRegistry(1).getMetricsAsJSON(),
      await processRegistry(0, LAUNCHER_LABELS).getMetricsAsJSON(),
    ]);
    const samples = parsePrometheusText(await together.metrics());
    expect(series(samples, 'process_start_time_seconds')).toEqual([]);
  });

  it('answers with the launcher’s own series alone while no shard answers', async () => {
    const merged = await hostMetrics([], await processRegistry(0, LAUNCHER_LABELS).getMetricsAsJSON());
    const samples = parsePrometheusText(await merged.metrics());
    expect(series(samples, 'process_cpu_seconds_total').map((sample) => sample.labels)).toEqual([{ role: 'launcher' }]);
  });
});
