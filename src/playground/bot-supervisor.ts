import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import { EXIT_CONFIG } from '../env.js';
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
  /** When the next start is due; null when the exit was asked for, or when a restart cannot help. */
  readonly restartInMs: number | null;
  /** Set when the bot is not started again although nobody asked it to stop: why, in one line. */
  readonly forGood?: string;
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
  /** Holds the running bot's process id (see leftover-bot.ts); removed when it exits. */
  readonly pidFile: string;
}

/**
 * Runs the bot as a child process, exactly as `npm start` would with a token, and starts it again
 * (after a growing pause) whenever it dies unasked, unless it exited 78 (bad configuration: a
 * restart cannot help), as the sharded launcher's RespawnPolicy decides for a shard. The child
 * gets an IPC channel, as a ShardingManager's shards do: when this process dies, even by SIGKILL,
 * the channel closes and the bot stops itself (src/main.ts), rather than keep the database and
 * its timers beside the next playground's bot.
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
    // A full disk costs the log, never the playground.
    this.#log.on('error', (error) => this.emit('notice', `the bot's log cannot be written: ${error.message}`));
  }

  start(): void {
    if (this.#stopping) return;
    const child = spawn(process.execPath, [this.options.entry], {
      cwd: this.options.cwd,
      env: this.options.env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.#child = child;
    this.#startedAt = Date.now();
    // The channel only says "the playground is alive" by existing: nothing is sent over it.
    child.channel?.unref();
    child.on('error', (error) => this.emit('notice', `the bot process: ${error.message}`));
    if (child.pid !== undefined) fs.writeFileSync(this.options.pidFile, `${child.pid}\n`);
    let pending = '';
    const collect = (chunk: string) => {
      this.#log.write(chunk);
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) this.#notice(line);
    };
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8').on('data', collect);
      stream?.on('error', () => undefined);
    }
    this.#exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.#child = null;
        fs.rmSync(this.options.pidFile, { force: true });
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
    if (code === EXIT_CONFIG) {
      this.#stopping = true;
      this.emit('exit', { code, signal, restartInMs: null, forGood: `the bot stopped for good (exit code ${code})` });
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
