import { type RandomInt, seededRandom } from '../src/game/index.js';

/** Every kind of fault the soak injects (docs/reliability.md, "The soak test"). */
export const FAULT_KINDS = [
  'shard-kill',
  'launcher-restart',
  'rate-limit-storm',
  'gateway-drop',
  'failed-edits',
  'view-channel',
  'thread-archive',
  'database-stall',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface ScheduledFault {
  /** From the start of the load. */
  readonly atMs: number;
  readonly kind: FaultKind;
  /** A random number for the fault to pick its target with (a shard, a channel), so the run repeats. */
  readonly pick: number;
}

const MINUTE = 60_000;
/** Discord's hosts restart, and our shards crash, every 2–4 minutes in this run. */
const KILL_GAP_MS = { min: 2 * MINUTE, max: 4 * MINUTE };
/** Runs shorter than this squeeze the kill gaps in proportion, so a 3-minute run still sees kills. */
const FULL_SCALE_MINUTES = 10;
/** The other kinds come about every six minutes each, and at least once in any run. */
const MINUTES_PER_FAULT = 6;
/** Faults fall between these fractions of the run: a calm start, and a calm end to settle before the check. */
const FIRST = 0.05;
const LAST = 0.85;

const uniform = (random: RandomInt, min: number, max: number) => min + (random(1_000_000) / 1_000_000) * (max - min);

/**
 * The run's faults, in order, from its seed alone: the same seed and length give the same schedule,
 * so a run that found something can be repeated. Shard kills every 2–4 minutes (scaled down for
 * short runs), one SIGTERM of the whole launcher near the middle, and each other kind at random
 * moments; they may overlap, as real faults do. The kinds in `without` are left out.
 */
export function faultSchedule(seed: number, minutes: number, without: readonly FaultKind[] = []): ScheduledFault[] {
  const random = seededRandom(seed);
  const runMs = minutes * MINUTE;
  const scale = Math.min(1, minutes / FULL_SCALE_MINUTES);
  const from = runMs * FIRST;
  const to = runMs * LAST;
  const faults: ScheduledFault[] = [];
  const pick = () => random(1_000_000);
  for (let at = from + uniform(random, KILL_GAP_MS.min, KILL_GAP_MS.max) * scale * 0.5; at < to; ) {
    faults.push({ atMs: Math.round(at), kind: 'shard-kill', pick: pick() });
    at += uniform(random, KILL_GAP_MS.min, KILL_GAP_MS.max) * scale;
  }
  faults.push({ atMs: Math.round(uniform(random, runMs * 0.4, runMs * 0.6)), kind: 'launcher-restart', pick: pick() });
  const each = Math.max(1, Math.round(minutes / MINUTES_PER_FAULT));
  for (const kind of FAULT_KINDS.filter((k) => k !== 'shard-kill' && k !== 'launcher-restart')) {
    for (let i = 0; i < each; i += 1) faults.push({ atMs: Math.round(uniform(random, from, to)), kind, pick: pick() });
  }
  // Drawn first and left out after, so the kinds that stay fall where they fall with every kind.
  return faults.filter((fault) => !without.includes(fault.kind)).sort((a, b) => a.atMs - b.atMs);
}

/** One line per fault, `mm:ss kind`, to print before the run. */
export function describeSchedule(faults: readonly ScheduledFault[]): string[] {
  return faults.map((fault) => `${clock(fault.atMs)} ${fault.kind}`);
}

export function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
