import fs from 'node:fs';

/**
 * CPU time (user + system, in clock ticks of 1/100 s, Linux's USER_HZ) a process has used so far,
 * all its threads together; with `thread`, that one thread's (the main thread's id is the pid).
 * NaN once gone.
 */
function cpuTicks(pid: number, thread?: number): number {
  try {
    const stat = fs.readFileSync(
      thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`,
      'utf8',
    );
    // Fields after the command name, which sits in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return Number.NaN;
  }
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

/** CPU seconds the process's main thread (the one answering Discord) has used so far. */
export function mainThreadCpuSeconds(pid: number): number {
  return cpuTicks(pid, pid) / 100;
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
