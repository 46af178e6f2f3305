import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  /** Microseconds on the monotonic clock, like process.hrtime. */
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** A span of the monotonic clock in microseconds (process.hrtime.bigint() / 1000). */
export interface Span {
  readonly from: number;
  readonly to: number;
}

export interface HotSpot {
  readonly name: string;
  /** CPU milliseconds spent there, in the spans asked for. */
  readonly ms: number;
}

export function monotonicMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** Where a function lives, in a few words: our code, a library, or V8/Node itself. */
function area(url: string): string {
  if (!url) return 'v8/native';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  const ours = /dist\/((?:src|bench)\/[^/]+(?:\/[^/]+)?)/.exec(url);
  if (ours) return ours[1]!.replace(/\.js$/, '');
  if (url.startsWith('node:')) return 'node';
  return path.basename(url);
}

/**
 * Self time by function and by area (a package, a folder of ours, or V8) over the given spans of
 * the process's life (every sample when none are given); idle time left out.
 */
export function summarizeCpuProfile(
  file: string,
  spans: readonly Span[] = [],
  top = 15,
): { functions: HotSpot[]; areas: HotSpot[]; totalMs: number } {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let totalMicros = 0;
  let at = profile.startTime;
  profile.samples.forEach((nodeId, i) => {
    at += profile.timeDeltas[i] ?? 0;
    // A sample stands for the time until the next one.
    const weight = profile.timeDeltas[i + 1] ?? 0;
    if (spans.length > 0 && !spans.some((span) => at >= span.from && at <= span.to)) return;
    const node = nodes.get(nodeId);
    if (!node || node.callFrame.functionName === '(idle)') return;
    const { functionName, url, lineNumber } = node.callFrame;
    totalMicros += weight;
    const name = `${functionName || '(anonymous)'} ${area(url)}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + weight);
    const where = functionName.startsWith('(') ? functionName : area(url);
    byArea.set(where, (byArea.get(where) ?? 0) + weight);
  });
  const ranked = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, ms: micros / 1000 }));
  return { functions: ranked(byFunction), areas: ranked(byArea), totalMs: totalMicros / 1000 };
}

/**
 * The newest main-thread .cpuprofile in a folder. node --cpu-prof writes one per thread on exit,
 * named CPU.<date>.<time>.<pid>.<thread id>.<sequence>.cpuprofile; the main thread's id is 0, and
 * the bot's workers (the score card's, the WAL checkpointer's) write theirs beside it.
 */
export function mainThreadProfile(dir: string): string | undefined {
  if (!fs.existsSync(dir)) return undefined;
  const files = fs
    .readdirSync(dir)
    .filter((name) => /\.\d+\.0\.\d+\.cpuprofile$/.test(name))
    .map((name) => path.join(dir, name));
  return files.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
}
