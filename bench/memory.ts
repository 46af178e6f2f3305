import fs from 'node:fs';

const MB = 1024 * 1024;

/** A field of /proc/<pid>/status in MB (VmRSS: resident now; VmHWM: the peak so far), or NaN once gone. */
export function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? (Number(match[1]) * 1024) / MB : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Samples a process's resident memory every `everyMs` and keeps the peak of the current window. */
export class RssSampler {
  private peak = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    everyMs = 100,
  ) {
    this.timer = setInterval(() => this.sample(), everyMs);
    this.timer.unref();
  }

  sample(): number {
    const rss = procStatusMb(this.pid, 'VmRSS');
    if (rss > this.peak) this.peak = rss;
    return rss;
  }

  /** The highest sample since the last reset, then starts a new window. */
  takePeak(): number {
    this.sample();
    const peak = this.peak;
    this.peak = 0;
    return peak;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
