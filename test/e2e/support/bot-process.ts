import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The production build: the tests start the bot exactly as `npm start` does. */
export const BOT_ENTRY = path.join(ROOT, 'dist/src/main.js');
export const DEPLOY_ENTRY = path.join(ROOT, 'dist/src/deploy-commands.js');
/** `npm run start:sharded`: discord.js's ShardingManager running BOT_ENTRY once per shard. */
export const SHARDED_ENTRY = path.join(ROOT, 'dist/src/sharded.js');

export interface LogLine {
  readonly level: string;
  readonly message: string;
  readonly [key: string]: unknown;
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/**
 * The bot as a child process, with its JSON log lines collected (under `SHARDED_ENTRY`, the
 * launcher's and every shard's: the shards write to the launcher's stderr).
 */
export class BotProcess {
  readonly logs: LogLine[] = [];
  readonly stderr: string[] = [];
  readonly exited: Promise<Exit>;
  private readonly child: ChildProcess;
  private pending = '';

  /** `cwd` is a temp folder, so a developer's own `.env` never leaks into a test. */
  constructor(env: Readonly<Record<string, string>>, cwd: string, entry = BOT_ENTRY) {
    this.child = spawn(process.execPath, [entry], {
      cwd,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => this.collect(chunk));
    this.child.stdout?.resume();
    // 'close', not 'exit': once every writer of its stderr (a launcher's shards too) is done, so no line is lost.
    this.exited = new Promise((resolve) => this.child.once('close', (code, signal) => resolve({ code, signal })));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<Exit> {
    if (this.running) this.child.kill(signal);
    return this.exited;
  }

  /** Log lines at error level, e.g. to assert a run had none. */
  errors(): LogLine[] {
    return this.logs.filter((line) => line.level === 'error');
  }

  private collect(chunk: string): void {
    this.pending += chunk;
    const lines = this.pending.split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      this.stderr.push(line);
      try {
        this.logs.push(JSON.parse(line) as LogLine);
      } catch {
        // Not a log line (for example a configuration error): kept in stderr only.
      }
    }
  }
}

/** Runs the deploy script as `npm run deploy-commands` would, returning its output. */
export function runDeploy(
  env: Readonly<Record<string, string>>,
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [DEPLOY_ENTRY], { cwd, env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
