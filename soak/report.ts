import type { SoakFigures } from './soak.js';

/** A stall of the driver's own process longer than this makes the run's latencies its own, not the bot's. */
const DRIVER_STALL_MS = 1_000;

/** The targets of the soak: what a run must show to pass (docs/reliability.md). */

export function targetsMissed(figures: SoakFigures): string[] {
  const missed: string[] = [];
  if (figures.lost_actions > 0) missed.push(`${figures.lost_actions} accepted actions lost`);
  if (figures.doubled_actions > 0) missed.push(`${figures.doubled_actions} actions applied twice`);
  if (figures.stuck_games > 0) missed.push(`${figures.stuck_games} games neither finished nor resumable`);
  if (figures.totals_off_their_sheets > 0)
    missed.push(`${figures.totals_off_their_sheets} totals differ from their sheets`);
  if (figures.leaderboard_rows_off > 0)
    missed.push(`${figures.leaderboard_rows_off} leaderboard rows differ from the results`);
  if (figures.failed_interactions_elsewhere > 0) {
    missed.push(`${figures.failed_interactions_elsewhere} interactions failed away from kills`);
  }
  if (figures.failing_rest_requests >= figures.rest_requests * 0.01) {
    missed.push(`${figures.failing_rest_requests} of ${figures.rest_requests} REST requests failed (1 % allowed)`);
  }
  if (figures.driver_errors > 0) missed.push(`${figures.driver_errors} errors of the driver itself`);
  if (figures.driver_loop_delay_ms.max > DRIVER_STALL_MS) {
    missed.push(
      `the driver (the emulator and the virtual people) stalled for ${figures.driver_loop_delay_ms.max.toFixed(0)} ms: answers then look late through no fault of the bot`,
    );
  }
  return missed;
}

const pad = (text: string | number, width: number) => String(text).padEnd(width);

/** The figures as a table for the terminal. */
export function printFigures(figures: SoakFigures): string[] {
  const rows: [string, string | number][] = [
    [
      'minutes / backend / shards / seed',
      `${figures.minutes} / ${figures.backend} / ${figures.shards} / ${figures.seed}`,
    ],
    ['faults left out', figures.faults_left_out.join(', ') || 'none'],
    ['interactions (deferred, then answered)', `${figures.interactions} (${figures.deferred_answers})`],
    ['accepted actions', figures.accepted_actions],
    ['lost / doubled actions', `${figures.lost_actions} / ${figures.doubled_actions}`],
    ['games (stuck)', `${figures.games} (${figures.stuck_games})`],
    ['tables asked again for the board after a cooldown', String(figures.end_boards_after_cooldown)],
    [
      'totals off sheets / leaderboard rows off',
      `${figures.totals_off_their_sheets} / ${figures.leaderboard_rows_off}`,
    ],
    [
      'failed interactions near kills / elsewhere',
      `${figures.failed_interactions_near_kills} / ${figures.failed_interactions_elsewhere}`,
    ],
    [
      'REST requests (failing)',
      `${figures.rest_requests} (${figures.failing_rest_requests}: ${JSON.stringify(figures.failing_rest_by_status)})`,
    ],
    [
      'RSS / heap slope, MB per hour',
      `${figures.rss_slope_mb_per_hour.toFixed(1)} / ${figures.heap_slope_mb_per_hour.toFixed(1)} (${figures.memory_samples} samples)`,
    ],
    ['load average of the machine (mean)', figures.load_average.toFixed(1)],
    [
      "the driver's event loop late by, ms (p99 / max)",
      `${figures.driver_loop_delay_ms.p99.toFixed(0)} / ${figures.driver_loop_delay_ms.max.toFixed(0)}`,
    ],
    ['moves the emulator refused / driver errors', `${figures.impossible_moves} / ${figures.driver_errors}`],
  ];
  const lines = rows.map(([name, value]) => `${pad(name, 44)} ${value}`);
  lines.push('refusals by code:');
  for (const [code, count] of Object.entries(figures.refusals).sort(([, a], [, b]) => b - a)) {
    lines.push(`  ${pad(code, 42)} ${count}`);
  }
  if (figures.failed_interactions_elsewhere > 0) {
    lines.push(`failed away from kills, by kind: ${JSON.stringify(figures.failed_elsewhere_by_kind)}`);
    lines.push(`  and by the faults under way: ${JSON.stringify(figures.failed_elsewhere_by_fault)}`);
  }
  lines.push('faults by kind:');
  for (const [kind, count] of Object.entries(figures.faults)) lines.push(`  ${pad(kind, 42)} ${count}`);
  lines.push('latency per 5 minutes (answered interactions):');
  lines.push(`  ${pad('from minute', 12)} ${pad('count', 8)} ${pad('p50 ms', 8)} p99 ms`);
  for (const window of figures.latency_windows) {
    lines.push(`  ${pad(window.from_min, 12)} ${pad(window.count, 8)} ${pad(window.p50_ms, 8)} ${window.p99_ms}`);
  }
  if (figures.ledger_details.length) {
    lines.push('ledger discrepancies (first ones):');
    for (const detail of figures.ledger_details) lines.push(`  ${detail}`);
  }
  return lines;
}
