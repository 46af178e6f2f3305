import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runDeploy as deploy, type LogLine, ROOT, readLines, spawnNode } from '../node-process.js';

/**
 * The one way the bench and the soak run a bot, the baseline, a sharded launcher or the proxy: a
 * child process whose JSON log lines are collected, asked for its memory, stopped, and killed with
 * every other child if the tool is interrupted.
 */

export { BOT_ENTRY, ROOT, SHARDED_ENTRY } from '../node-process.js';
/** `npm run proxy` from the build. */
export const PROXY_ENTRY = path.join(ROOT, 'dist/src/proxy.js');
/** Node flags that let a tool ask a bot for its memory after a full GC (see memory-probe.ts). */
export const MEMORY_PROBE_ARGS = ['--expose-gc', '--import', path.join(ROOT, 'dist/harness/kit/memory-probe.js')];

/** A bot's memory after a full garbage collection, in MB. */
export interface MemoryAfterGc {
  readonly rssMb: number;
  readonly heapUsedMb: number;
  /** What V8 has committed for its heap: used plus the pages it grew into and keeps. */
  readonly heapTotalMb: number;
  readonly externalMb: number;
  /** Each V8 space's resident size (new_space: the young generation). */
  readonly spacesMb: Readonly<Record<string, number>>;
}

/** Every child the tool started, so that an error or Ctrl-C anywhere still kills them all. */
const children = new Set<ChildProcess>();

export function killAllChildren(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** A bot (or the baseline) as a child process, with its JSON log lines collected from stderr. */
export class BotProcess {
  readonly logs: LogLine[] = [];
  /** The last 200 lines of stderr, for error messages. */
  readonly otherOutput: string[] = [];
  readonly spawnedAt = performance.now();
  readonly exited: Promise<void>;
  private readonly child: ChildProcess;
  private readonly readyWaiters: (() => void)[] = [];
  /** Each takes the memory line meant for it and says so. */
  private memoryWaiters: ((line: LogLine) => boolean)[] = [];
  private readyAt: number | undefined;

  /** `cwd` is a temp folder, so a developer's own `.env` never leaks into the tool. */
  constructor(entry: string, env: Readonly<Record<string, string>>, cwd: string, nodeArgs: readonly string[] = []) {
    this.child = spawnNode(entry, env, cwd, nodeArgs);
    children.add(this.child);
    readLines(this.child.stderr, (text, log) => this.collect(text, log));
    this.child.stdout?.resume();
    this.exited = new Promise((resolve) =>
      this.child.once('exit', () => {
        children.delete(this.child);
        resolve();
      }),
    );
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error('the process did not start');
    return this.child.pid;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Milliseconds from spawn to the "ready" log line; rejects if the process exits or takes too long. */
  ready(timeoutMs: number): Promise<number> {
    const spawnedAt = this.spawnedAt;
    if (this.readyAt !== undefined) return Promise.resolve(this.readyAt - spawnedAt);
    return new Promise((resolve, reject) => {
      const fail = (why: string) => reject(new Error(`${why}:\n${this.otherOutput.slice(-20).join('\n')}`));
      const timer = setTimeout(() => fail(`not ready after ${timeoutMs} ms`), timeoutMs);
      void this.exited.then(() => {
        clearTimeout(timer);
        fail('the process exited before it was ready');
      });
      this.readyWaiters.push(() => {
        clearTimeout(timer);
        resolve((this.readyAt ?? Number.NaN) - spawnedAt);
      });
    });
  }

  /**
   * Has the process collect its garbage and report its memory (it must run with MEMORY_PROBE_ARGS).
   * `pid`: one of its children that writes to its stderr and runs the probe too (a launcher's shard).
   */
  memoryAfterGc(timeoutMs = 10_000, pid?: number): Promise<MemoryAfterGc> {
    const mb = (value: unknown) => (typeof value === 'number' ? value / 1024 ** 2 : Number.NaN);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the process did not report its memory')), timeoutMs);
      this.memoryWaiters.push((line) => {
        if (pid !== undefined && line.pid !== pid) return false;
        clearTimeout(timer);
        resolve({
          rssMb: mb(line.rss),
          heapUsedMb: mb(line.heapUsed),
          heapTotalMb: mb(line.heapTotal),
          externalMb: mb(line.external),
          spacesMb: Object.fromEntries(
            Object.entries((line.spaces ?? {}) as Record<string, unknown>).map(([name, bytes]) => [name, mb(bytes)]),
          ),
        });
        return true;
      });
      if (pid === undefined) this.child.kill('SIGUSR2');
      else process.kill(pid, 'SIGUSR2');
    });
  }

  /**
   * The first log line from `from` on (an index into `logs`) that `wanted` accepts; rejects when the
   * process exits first or `timeoutMs` passes, with its last lines of output.
   */
  async waitForLog(wanted: (line: LogLine) => boolean, timeoutMs: number, from = 0): Promise<LogLine> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.logs.slice(from).find(wanted);
      if (found) return found;
      const why = !this.running ? 'the process exited' : performance.now() > deadline ? 'timed out' : undefined;
      if (why) throw new Error(`${why} waiting for a log line:\n${this.otherOutput.slice(-20).join('\n')}`);
      await sleep(50);
    }
  }

  /** Asks for a clean stop (SIGTERM), then kills after `graceMs`. */
  async stop(graceMs = 5_000): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  linesAt(level: 'warn' | 'error'): LogLine[] {
    return this.logs.filter((line) => line.level === level);
  }

  private collect(text: string, log: LogLine | undefined): void {
    // The last lines, whatever they are, explain a process that died.
    this.otherOutput.push(text);
    if (this.otherOutput.length > 200) this.otherOutput.shift();
    if (!log) return;
    if (log.level === 'bench') {
      this.memoryWaiters = this.memoryWaiters.filter((wake) => !wake(log));
      return;
    }
    this.logs.push(log);
    if (log.message === 'ready' && this.readyAt === undefined) {
      this.readyAt = performance.now();
      for (const wake of this.readyWaiters.splice(0)) wake();
    }
  }
}

/** Runs the deploy script the way `npm run deploy-commands` does; rejects when it fails. */
export async function runDeploy(env: Readonly<Record<string, string>>, cwd: string): Promise<void> {
  const result = await deploy(env, cwd, {
    started: (child) => {
      children.add(child);
      child.once('exit', () => children.delete(child));
    },
  });
  if (result.code !== 0) throw new Error(`deploy-commands exited with ${result.code}: ${result.stderr}`);
}
