import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../e2e/support/bot-process.js';

/** The launcher from the production build, as `npm run playground` runs it. */
export const PLAYGROUND_ENTRY = path.join(ROOT, 'dist/src/playground/start.js');

export interface PlaygroundOptions {
  /** 0 (default) lets the playground pick a free port; a restart passes the port it had. */
  readonly port?: number;
  /** The data folder; a new temp folder by default. A restart passes the same one. */
  readonly dataDir?: string;
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * The real playground as a child process: emulator, bot process and page server, started the way
 * a person starts it, in a temp folder with no `.env`, and stopped with SIGTERM as Ctrl-C would.
 */
export class PlaygroundProcess {
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    private readonly child: ChildProcess,
    readonly dataDir: string,
  ) {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (this.stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  static async start(options: PlaygroundOptions = {}): Promise<PlaygroundProcess> {
    const playground = PlaygroundProcess.launch(options);
    await playground.waitForOutput('The bot is connected', 30_000);
    return playground;
  }

  /** Starts it without waiting for the bot: for a start that is meant to wait, or to refuse. */
  static launch(options: PlaygroundOptions = {}): PlaygroundProcess {
    const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'crag-playground-'));
    const child = spawn(process.execPath, [PLAYGROUND_ENTRY], {
      cwd: dataDir,
      env: {
        PATH: process.env.PATH ?? '',
        PLAYGROUND_PORT: String(options.port ?? 0),
        PLAYGROUND_DATA_DIR: dataDir,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new PlaygroundProcess(child, dataDir);
  }

  /** The page's address, from the first line the playground prints. */
  get url(): string {
    const match = /open (http:\/\/127\.0\.0\.1:\d+) in your browser/.exec(this.stdout);
    if (!match?.[1]) throw new Error(`no URL printed yet:\n${this.stdout}`);
    return match[1];
  }

  get port(): number {
    return Number(new URL(this.url).port);
  }

  /** The emulator's REST base, which the playground prints for tools like these tests. */
  get apiUrl(): string {
    const match = /Local Discord emulator: (http:\/\/127\.0\.0\.1:\d+\/api)/.exec(this.stdout);
    if (!match?.[1]) throw new Error(`no emulator URL printed:\n${this.stdout}`);
    return match[1];
  }

  /** The world the playground saved: ids, and the bot token these tests use to post as the bot. */
  world(): {
    application: { id: string; token: string };
    channel: { id: string };
    people: { id: string; username: string }[];
  } {
    return JSON.parse(fs.readFileSync(path.join(this.dataDir, 'playground-world.json'), 'utf8'));
  }

  /** The bot's log lines at warn or error level so far (its log file, JSON lines; other lines skipped). */
  botTroubles(): { level: string; message: string }[] {
    const file = path.join(this.dataDir, 'playground-bot.log');
    const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
    const logged = lines
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; message: string });
    // A bot that has started has logged: none at all would be a log this reads in the wrong place.
    if (logged.length === 0) throw new Error(`no log line of the bot in ${file}`);
    return logged.filter((line) => line.level === 'warn' || line.level === 'error');
  }

  /** The bot process: the playground's only child. */
  botPid(): number {
    const children = this.children();
    if (children.length !== 1) throw new Error(`expected one bot process, found ${children.length}`);
    return children[0] ?? 0;
  }

  /** The playground's child processes (its bot, when one runs). */
  children(): number[] {
    const pid = this.child.pid;
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  }

  /** Resolves once stdout has printed `text` `times` times in all. */
  async waitForOutput(text: string, timeoutMs = 20_000, times = 1): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.stdout.split(text).length - 1 < times) {
      if (Date.now() > deadline || this.child.exitCode !== null) {
        throw new Error(`the playground never printed "${text}":\n${this.stdout}\n${this.stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** A crash, or the process being killed from outside: SIGKILL by default. */
  kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.running) this.child.kill(signal);
    return this.exited;
  }

  /** SIGTERM, as Ctrl-C: the bot finishes what is in flight, then everything closes. */
  async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    return this.exited;
  }

  removeData(): void {
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
