import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import { backoffDelay } from './backoff.js';

const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 10_000;
/** A bot that ran this long before dying is restarted quickly again: the backoff starts over. */
const HEALTHY_UPTIME_MS = 30_000;
/** The bot finishes what is in flight on SIGTERM; after this long it is killed. */
const STOP_GRACE_MS = 15_000;

export interface BotExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** When the next start is due; null when the exit was asked for. */
  readonly restartInMs: number | null;
}

export interface BotSupervisorEvents {
  exit: [exit: BotExit];
  /** A line the person at the terminal should see: an error logged by the bot, or a plain line. */
  notice: [line: string];
}

export interface BotSupervisorOptions {
  /** The production entry point, `dist/src/main.js`. */
  readonly entry: string;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  /** Every line the bot writes is appended here. */
  readonly logFile: string;
}

/**
 * Runs the bot as a child process, exactly as `npm start` would with a token, and starts it again
 * (after a growing pause) whenever it dies unasked.
 */
export class BotSupervisor extends EventEmitter<BotSupervisorEvents> {
  #child: ChildProcess | null = null;
  #exited: Promise<void> = Promise.resolve();
  #restartTimer: NodeJS.Timeout | null = null;
  #attempt = 0;
  #startedAt = 0;
  #stopping = false;
  readonly #log: fs.WriteStream;

  constructor(private readonly options: BotSupervisorOptions) {
    super();
    this.#log = fs.createWriteStream(options.logFile, { flags: 'a' });
  }

  start(): void {
    if (this.#stopping) return;
    const child = spawn(process.execPath, [this.options.entry], {
      cwd: this.options.cwd,
      env: this.options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#child = child;
    this.#startedAt = Date.now();
    let pending = '';
    const collect = (chunk: string) => {
      this.#log.write(chunk);
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) this.#notice(line);
    };
    child.stdout?.setEncoding('utf8').on('data', collect);
    child.stderr?.setEncoding('utf8').on('data', collect);
    this.#exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.#child = null;
        resolve();
        this.#onExit(code, signal);
      });
    });
  }

  /** SIGTERM (the bot finishes what is in flight), SIGKILL if it takes too long; no restart after. */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#restartTimer) clearTimeout(this.#restartTimer);
    this.#restartTimer = null;
    const child = this.#child;
    if (child) {
      child.kill('SIGTERM');
      const guard = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await this.#exited;
      clearTimeout(guard);
    }
    await new Promise<void>((resolve) => this.#log.end(resolve));
  }

  #onExit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.#stopping) {
      this.emit('exit', { code, signal, restartInMs: null });
      return;
    }
    if (Date.now() - this.#startedAt >= HEALTHY_UPTIME_MS) this.#attempt = 0;
    const delay = backoffDelay(this.#attempt, FIRST_RESTART_DELAY_MS, MAX_RESTART_DELAY_MS);
    this.#attempt += 1;
    this.emit('exit', { code, signal, restartInMs: delay });
    this.#restartTimer = setTimeout(() => {
      this.#restartTimer = null;
      this.start();
    }, delay);
  }

  /** Bot logs are JSON lines: errors are worth a terminal line; anything not JSON (a refusal) too. */
  #notice(line: string): void {
    if (!line.trim()) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.emit('notice', line);
      return;
    }
    const entry = parsed as { level?: unknown; message?: unknown };
    if (entry.level === 'error') this.emit('notice', `error: ${String(entry.message)}`);
  }
}
