import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { projectPath } from '../src/project-path.js';

/**
 * The folder that holds `dist/`: the bench runs the bots from the production build (found from the
 * build and from the sources alike, as test/e2e/proxy.test.ts runs bench/rate-limit-load.ts).
 */
export const ROOT = projectPath();
export const BOT_ENTRY = path.join(ROOT, 'dist/src/main.js');
export const DEPLOY_ENTRY = path.join(ROOT, 'dist/src/deploy-commands.js');
export const BASELINE_ENTRY = path.join(ROOT, 'dist/bench/baseline-bot.js');
/** Node flags that let the bench ask a bot for its memory after a full GC (see memory-probe.ts). */
export const MEMORY_PROBE_ARGS = ['--expose-gc', '--import', path.join(ROOT, 'dist/bench/memory-probe.js')];

/** A bot's memory after a full garbage collection, in MB. */
export interface MemoryAfterGc {
  readonly rssMb: number;
  readonly heapUsedMb: number;
  /** What V8 has committed for its heap: used plus the pages it grew into and keeps. */
  readonly heapTotalMb: number;
  readonly externalMb: number;
}

export interface LogLine {
  readonly level: string;
  readonly message: string;
  readonly [key: string]: unknown;
}

/** Every child the bench started, so that an error or Ctrl-C anywhere still kills them all. */
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
  private pending = '';
  private readonly readyWaiters: (() => void)[] = [];
  private readonly memoryWaiters: ((line: LogLine) => void)[] = [];
  private readyAt: number | undefined;

  /** `cwd` is a temp folder, so a developer's own `.env` never leaks into the bench. */
  constructor(entry: string, env: Readonly<Record<string, string>>, cwd: string, nodeArgs: readonly string[] = []) {
    this.child = spawn(process.execPath, [...nodeArgs, entry], {
      cwd,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(this.child);
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => this.collect(chunk));
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

  /** Has the process collect its garbage and report its memory (it must run with MEMORY_PROBE_ARGS). */
  memoryAfterGc(timeoutMs = 10_000): Promise<MemoryAfterGc> {
    const mb = (value: unknown) => (typeof value === 'number' ? value / 1024 ** 2 : Number.NaN);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the process did not report its memory')), timeoutMs);
      this.memoryWaiters.push((line) => {
        clearTimeout(timer);
        resolve({
          rssMb: mb(line.rss),
          heapUsedMb: mb(line.heapUsed),
          heapTotalMb: mb(line.heapTotal),
          externalMb: mb(line.external),
        });
      });
      this.child.kill('SIGUSR2');
    });
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

  private collect(chunk: string): void {
    this.pending += chunk;
    const lines = this.pending.split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      // The last lines, whatever they are, explain a process that died.
      this.otherOutput.push(line);
      if (this.otherOutput.length > 200) this.otherOutput.shift();
      let parsed: LogLine;
      try {
        parsed = JSON.parse(line) as LogLine;
      } catch {
        continue;
      }
      if (parsed.level === 'bench') {
        for (const wake of this.memoryWaiters.splice(0)) wake(parsed);
        continue;
      }
      this.logs.push(parsed);
      if (parsed.message === 'ready' && this.readyAt === undefined) {
        this.readyAt = performance.now();
        for (const wake of this.readyWaiters.splice(0)) wake();
      }
    }
  }
}

/** Runs the deploy script the way `npm run deploy-commands` does. */
export function runDeploy(env: Readonly<Record<string, string>>, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [DEPLOY_ENTRY], { cwd, env: { PATH: process.env.PATH ?? '', ...env } });
    children.add(child);
    let stderr = '';
    child.stdout.resume();
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`deploy-commands exited with ${code}: ${stderr}`));
    });
  });
}
