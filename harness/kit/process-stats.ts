/**
 * What /proc says of the processes the bench and the soak start: CPU (whole, and by group of threads),
 * memory, children and shards, and the CPU other programs took meanwhile. Linux only, as both are.
 */
import fs from 'node:fs';

/**
 * The fields after the command name of a /proc stat line (the name sits in parentheses and may
 * contain spaces); undefined once the process or thread is gone.
 */
function statFields(path: string): string[] | undefined {
  try {
    const stat = fs.readFileSync(path, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** User + system CPU time from a stat line's fields, in clock ticks of 1/100 s (Linux's USER_HZ). */
function ticksOf(fields: readonly string[] | undefined): number {
  return fields ? Number(fields[11]) + Number(fields[12]) : Number.NaN;
}

/** CPU ticks a process has used so far, all its threads together. NaN once gone. */
function cpuTicks(pid: number): number {
  return ticksOf(statFields(`/proc/${pid}/stat`));
}

/**
 * Resolves once the process has used no CPU for `quietMs` (e.g. the bot finished building its
 * solver tables after "ready"), or after `timeoutMs`. Returns how long it waited.
 */
export async function waitUntilIdle(pid: number, quietMs = 300, timeoutMs = 15_000): Promise<number> {
  const started = performance.now();
  let last = cpuTicks(pid);
  let quietSince = performance.now();
  while (performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = cpuTicks(pid);
    if (Number.isNaN(now)) break;
    if (now !== last) {
      last = now;
      quietSince = performance.now();
    } else if (performance.now() - quietSince >= quietMs) {
      break;
    }
  }
  return performance.now() - started;
}

/** CPU seconds the process has used so far (user + system), all its threads together. */
export function cpuSeconds(pid: number): number {
  return cpuTicks(pid) / 100;
}

export const THREAD_GROUPS = ['main', 'runtime', 'workers'] as const;
export type ThreadGroup = (typeof THREAD_GROUPS)[number];

/** Clock ticks (USER_HZ) after boot at which a thread started; field 22 of its stat line. */
const START_TIME_FIELD = 19;
/** Threads that started within this long of the process are its runtime's own (see below). */
const STARTED_WITH_PROCESS_TICKS = 100;

/**
 * CPU seconds the process's threads have used so far, in three groups. Node names none of its
 * threads (every one is `node`), so they are told apart by when they started:
 * - `main`: the thread that answers Discord (its id is the pid);
 * - `runtime`: those started with the process (within 1 s): V8's platform threads, which run the
 *   garbage collector's parallel and concurrent work and the optimizing compiler, and libuv's pool;
 * - `workers`: those started later: the bot's worker_threads (the score card's, the WAL
 *   checkpointer's). A worker that ended meanwhile takes its time with it.
 */
export function cpuSecondsByThreadGroup(pid: number): Record<ThreadGroup, number> {
  const groups: Record<ThreadGroup, number> = { main: 0, runtime: 0, workers: 0 };
  let threads: string[];
  try {
    threads = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return groups;
  }
  const stats = threads.map((thread) => ({ thread, fields: statFields(`/proc/${pid}/task/${thread}/stat`) }));
  const processStart = Number(stats.find(({ thread }) => thread === String(pid))?.fields?.[START_TIME_FIELD]);
  for (const { thread, fields } of stats) {
    if (!fields) continue; // Gone meanwhile.
    const seconds = ticksOf(fields) / 100;
    const group =
      thread === String(pid)
        ? 'main'
        : Number(fields[START_TIME_FIELD]) - processStart <= STARTED_WITH_PROCESS_TICKS
          ? 'runtime'
          : 'workers';
    groups[group] += seconds;
  }
  return groups;
}

/** The processes whose parent is `parent`, from /proc. */
export function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent pid is the second field after the command name, which sits in parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

/** Every process below `root` (children, their children, …), from /proc. */
export function descendantsOf(root: number): number[] {
  const found: number[] = [];
  for (let next = [root]; next.length > 0; ) {
    next = next.flatMap(childrenOf);
    found.push(...next);
  }
  return found;
}

/** A field of /proc/<pid>/status in MB (VmRSS: resident now; VmHWM: the peak so far), or NaN once gone. */
export function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) / 1024 : Number.NaN;
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

/** The shard processes of a launcher: its children, each told its shard by the SHARDS ShardingManager sets. */
export function shardProcesses(launcherPid: number): Map<number, number> {
  const found = new Map<number, number>();
  for (const child of childrenOf(launcherPid)) {
    try {
      const environ = fs.readFileSync(`/proc/${child}/environ`, 'utf8').split('\0');
      const shards = environ.find((entry) => entry.startsWith('SHARDS='))?.slice('SHARDS='.length);
      const shard = shards === undefined ? Number.NaN : Number(shards);
      if (Number.isInteger(shard)) found.set(shard, child);
    } catch {
      // The child went away meanwhile.
    }
  }
  return found;
}
