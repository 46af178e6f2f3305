import type { MetricObjectWithValues, MetricValue } from 'prom-client';
import type { ReadinessReport } from './readiness.js';

/**
 * The sharded launcher and its shards' processes talk over the ShardingManager's IPC channel: the
 * launcher asks, each shard answers from its own registry and checks (prom-client's
 * AggregatorRegistry does the same over the cluster module's channel).
 */
export type OpsQuestion = { readonly cragOps: 'ask'; readonly id: number; readonly what: 'metrics' | 'readiness' };

export type OpsAnswer =
  | { readonly cragOps: 'answer'; readonly id: number; readonly metrics: MetricObjectWithValues<MetricValue<string>>[] }
  | { readonly cragOps: 'answer'; readonly id: number; readonly readiness: ReadinessReport };

export function isOpsQuestion(message: unknown): message is OpsQuestion {
  return typeof message === 'object' && message !== null && (message as { cragOps?: unknown }).cragOps === 'ask';
}

export function isOpsAnswer(message: unknown): message is OpsAnswer {
  return typeof message === 'object' && message !== null && (message as { cragOps?: unknown }).cragOps === 'answer';
}
