import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue, type Registry } from 'prom-client';

/** One registry's metrics, as `getMetricsAsJSON` gives them (and a shard sends them over IPC). */
export type RegistryMetrics = MetricObjectWithValues<MetricValue<string>>[];

/** The label the launcher's registry puts on each of its own series (a default label there). */
export const LAUNCHER_LABELS = { role: 'launcher' } as const;

/**
 * The host's one /metrics under the sharded launcher. The shards' series are aggregated across
 * their processes as prom-client's AggregatorRegistry does (counters summed, each metric by its own
 * aggregator); the launcher's own series then stand beside them under the same standard names
 * (`process_cpu_seconds_total`), told apart by `role="launcher"`, never summed into the shards'.
 * Two registries cannot simply be joined, since one registry refuses a second metric of a name it
 * holds, and aggregating the launcher's with the shards' would apply the shards' aggregators to it
 * (`process_start_time_seconds` is omitted then). So the two lists are joined name by name and
 * each series kept as it is: a label set appears once in each (the shards' after aggregating,
 * the launcher's by its role label), so summing what shares a name and a label set keeps each.
 */
export async function hostMetrics(
  fromShards: readonly RegistryMetrics[],
  launcher: RegistryMetrics,
): Promise<Registry> {
  const acrossShards = await AggregatorRegistry.aggregate([...fromShards]).getMetricsAsJSON();
  const keptAsTheyAre = (metrics: RegistryMetrics) => metrics.map((metric) => ({ ...metric, aggregator: 'sum' }));
  return AggregatorRegistry.aggregate([keptAsTheyAre(acrossShards), keptAsTheyAre(launcher)]);
}
