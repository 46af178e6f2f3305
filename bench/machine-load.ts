import fs from 'node:fs';
import { cpuSeconds } from './process-stats.js';

/** Busy CPU seconds of the whole machine so far (all cores; idle and iowait left out). */
function machineBusySeconds(): number {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
  return (user + nice + system + irq + softirq + steal) / 100;
}

/**
 * How much CPU other programs took while the bench measured: the machine's busy time minus that of
 * the bench process and its bots. Anything well above 0 means the figures shared the machine.
 */
export class ForeignCpu {
  private busy = 0;
  private ours = 0;
  private elapsed = 0;
  private startedAt: { busy: number; ours: number; at: number } | undefined;

  constructor(private readonly pids: () => readonly number[]) {}

  private oursNow(): number {
    return this.pids().reduce((sum, pid) => sum + (cpuSeconds(pid) || 0), 0);
  }

  start(): void {
    this.startedAt = { busy: machineBusySeconds(), ours: this.oursNow(), at: performance.now() };
  }

  stop(): void {
    if (!this.startedAt) return;
    this.busy += machineBusySeconds() - this.startedAt.busy;
    this.ours += this.oursNow() - this.startedAt.ours;
    this.elapsed += (performance.now() - this.startedAt.at) / 1000;
    this.startedAt = undefined;
  }

  /** Average cores used by other programs over the measured spans. */
  cores(): number {
    return this.elapsed > 0 ? Math.max(0, this.busy - this.ours) / this.elapsed : Number.NaN;
  }
}
