import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The bot's Prometheus metrics, one registry per process. Counters are module-level (prom-client's
 * usual shape), so the places that count need one line and no wiring; the gauges that read live
 * state (shards, timers, games) are fed by `watch`, once the bot has them.
 *
 * Labels never carry a token, a user id or message content: routes are templated (see rest-route.ts)
 * and refusals are message codes.
 */
export const registry = new Registry();
const registers = [registry];

/** What the live gauges read at each scrape. */
export interface MetricSources {
  /** Each shard's last heartbeat round trip in ms (-1 before the first). */
  shardPings(): readonly { shard: number; ms: number }[];
  /** Each shard this process runs, and whether it is READY on the gateway. */
  shardsReady(): readonly { shard: number; ready: boolean }[];
  armedTimers(): number;
  gamesByStatus(): Promise<readonly { status: string; count: number }[]>;
}

let sources: MetricSources | undefined;

export const metrics = {
  interactions: new Counter({
    name: 'crag_interactions_total',
    help: 'Interactions routed, by kind (command, component, entry-point) and outcome (accepted, refused, failed); refusal is the message code.',
    labelNames: ['kind', 'outcome', 'refusal'] as const,
    registers,
  }),
  interactionCallback: new Histogram({
    name: 'crag_interaction_callback_seconds',
    help: 'From receiving an interaction to Discord answering its callback (Discord allows 3 s).',
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5],
    registers,
  }),
  restRequests: new Counter({
    name: 'crag_rest_requests_total',
    help: 'REST responses from Discord, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  }),
  rest429: new Counter({
    name: 'crag_rest_429_total',
    help: 'REST responses with status 429, by route template and whether the limit was global.',
    labelNames: ['route', 'global'] as const,
    registers,
  }),
  restRateLimitWaits: new Counter({
    name: 'crag_rest_rate_limit_waits_total',
    help: 'Times requests were held back for a rate limit: by discord.js for a route (global=false), by the request budget after a global 429 (global=true).',
    labelNames: ['global'] as const,
    registers,
  }),
  storeSave: new Histogram({
    name: 'crag_store_save_seconds',
    help: 'How long saving a game state took, by result (saved, stale, missing).',
    labelNames: ['result'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers,
  }),
  storeConflicts: new Counter({
    name: 'crag_store_version_conflicts_total',
    help: 'Saves refused because another change to the same game was committed first.',
    registers,
  }),
  turnPings: new Counter({
    name: 'crag_turn_pings_total',
    help: 'Turn pings posted, or skipped (turn over, board out of reach, ping not allowed or not delivered).',
    labelNames: ['outcome'] as const,
    registers,
  }),
  slowAnswers: new Counter({
    name: 'crag_answers_deferred_total',
    help: 'Interactions acknowledged without their answer, which took over 2 s (a store waiting for a lock): the answer followed as an edit.',
    registers,
  }),
  tableLaunches: new Counter({
    name: 'crag_table_launches_total',
    help: "The Activity opened with LAUNCH_ACTIVITY, by what asked for it (entry-point: the App Launcher; button: a lobby's Play at the table) and outcome (launched, refused by Discord, late: the click was deferred for being slow, so no launch could follow; failed).",
    labelNames: ['via', 'outcome'] as const,
    registers,
  }),
  scoreCards: new Counter({
    name: 'crag_score_cards_drawn_total',
    help: 'Score card images drawn.',
    registers,
  }),
  backups: new Counter({
    name: 'crag_backups_total',
    help: 'Scheduled backups, by outcome (ok, failed).',
    labelNames: ['outcome'] as const,
    registers,
  }),
  lastBackup: new Gauge({
    name: 'crag_last_backup_timestamp_seconds',
    help: 'When the last scheduled backup succeeded (Unix time).',
    // The sharded launcher's sum would add up one database's figure once per shard.
    aggregator: 'max',
    registers,
  }),
  gatewayPing: new Gauge({
    name: 'crag_gateway_ping_seconds',
    help: "Each shard's last gateway heartbeat round trip (absent before the first).",
    labelNames: ['shard'] as const,
    registers,
    collect() {
      this.reset();
      for (const { shard, ms } of sources?.shardPings() ?? []) {
        if (ms >= 0) this.set({ shard: String(shard) }, ms / 1000);
      }
    },
  }),
  shardReady: new Gauge({
    name: 'crag_gateway_shard_ready',
    help: 'Whether each shard is READY on the gateway (1) or not (0).',
    labelNames: ['shard'] as const,
    registers,
    collect() {
      this.reset();
      for (const { shard, ready } of sources?.shardsReady() ?? []) this.set({ shard: String(shard) }, ready ? 1 : 0);
    },
  }),
  armedTimers: new Gauge({
    name: 'crag_turn_timers_armed',
    help: 'Turn timers armed: computer moves and turn deadlines waiting.',
    registers,
    collect() {
      this.set(sources?.armedTimers() ?? 0);
    },
  }),
  games: new Gauge({
    name: 'crag_games',
    help: 'Games in the database by status (lobby, playing, finished, cancelled).',
    labelNames: ['status'] as const,
    aggregator: 'max',
    registers,
    async collect() {
      this.reset();
      for (const { status, count } of (await sources?.gamesByStatus()) ?? []) this.set({ status }, count);
    },
  }),
};

/** Feeds the live gauges from the running bot. */
export function watch(live: MetricSources): void {
  sources = live;
}

let defaultsOn = false;

/**
 * Node's process metrics (CPU, memory, event loop lag, handles), once per process, under their
 * standard names (`process_cpu_seconds_total`, `nodejs_eventloop_lag_seconds`): stock Node.js
 * dashboards and alerts look for those. Only the bot's own metrics carry `crag_`.
 */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: registry });
}
