import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** SQLite's own default: the writer checkpoints inline once the WAL holds this many pages. */
const INLINE_AUTOCHECKPOINT_PAGES = 1000;

export interface CheckpointerOptions {
  /** How often the background connection copies committed pages into the database file. */
  readonly everyMs?: number;
  /**
   * Past this many pages in the WAL, the background connection also restarts it (RESTART holds
   * writers back for a moment). Under a steady stream of commits a passive checkpoint never finds
   * the WAL idle, so without this the -wal file would grow for as long as the stream lasts.
   */
  readonly restartAfterPages?: number;
  /** Called once if the background connection fails; checkpoints then run inline again. */
  readonly onError?: (error: Error) => void;
  /** How long the WAL stays quiet before the worker ends (the next commit starts another). */
  readonly idleStopMs?: number;
  /** The better-sqlite3 module the worker loads; only a test points it elsewhere. */
  readonly driver?: string;
}

/**
 * A worker's states, shared through an Int32Array so that stop() can wait without an event loop:
 * slot 0 is the state, slot 1 is set by the writer at each commit and cleared by the worker.
 */
const STARTING = 0;
const OPEN = 1;
const CLOSED = 2;
/** stop() came before the worker opened its connection: it must not open one. */
const CANCELLED = 3;
/** The WAL has been quiet for `idleStopMs`: the worker folds it back and ends. */
const RETIRING = 4;
const STATE = 0;
const WROTE = 1;

/**
 * The worker, run from source so that the same code serves the TypeScript sources (tests) and the
 * build. CommonJS, because eval workers are; it loads the driver the store itself uses.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const state = new Int32Array(workerData.state);
const finish = () => { Atomics.store(state, ${STATE}, ${CLOSED}); Atomics.notify(state, ${STATE}); };
if (Atomics.compareExchange(state, ${STATE}, ${STARTING}, ${OPEN}) !== ${STARTING}) {
  finish();
} else {
  let db;
  try {
    const Database = require(workerData.driver);
    db = new Database(workerData.path, { fileMustExist: true, timeout: workerData.busyTimeoutMs });
  } catch (error) {
    finish();
    throw error;
  }
  const close = () => {
    clearInterval(timer);
    try {
      db.close();
    } finally {
      finish();
      parentPort.close();
    }
  };
  let quietSince = Date.now();
  const timer = setInterval(() => {
    try {
      if (Atomics.exchange(state, ${WROTE}, 0) === 1) quietSince = Date.now();
      const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
      if (log > workerData.restartAfterPages) db.pragma('wal_checkpoint(RESTART)');
      const allCopied = log === checkpointed;
      if (allCopied && Date.now() - quietSince >= workerData.idleStopMs &&
          Atomics.compareExchange(state, ${STATE}, ${OPEN}, ${RETIRING}) === ${OPEN}) {
        // Quiet for a while: empty the -wal file (its size is the high mark of the last burst) and
        // end, giving the thread's memory back. The next commit starts a new worker.
        try {
          db.pragma('wal_checkpoint(TRUNCATE)');
        } catch (error) {
          if (!error || error.code !== 'SQLITE_BUSY') throw error;
        }
        close();
      }
    } catch (error) {
      // SQLITE_BUSY: the writer held on longer than the busy timeout; the next round tries again.
      if (error && error.code === 'SQLITE_BUSY') return;
      close();
      throw error;
    }
  }, workerData.everyMs);
  parentPort.once('message', close);
}
`;

interface RunningWorker {
  readonly thread: Worker;
  readonly state: Int32Array;
}

/**
 * Copies committed pages from the -wal file into the database on a second connection in a worker
 * thread, so that the fsyncs a checkpoint needs never stall the thread answering Discord. Inline
 * (SQLite's default), every ~500th click would wait for the disk.
 *
 * The worker runs only while the bot writes: the first commit starts it, and it ends once the WAL
 * has been quiet for `idleStopMs`. A worker thread is a V8 isolate and a Node environment of its
 * own, about 12 MB resident, which a bot idle for most of the day need not hold.
 */
export class WalCheckpointer {
  private running: RunningWorker | undefined;
  /** A commit came while the worker was retiring: start the next one when it has gone. */
  private startWhenGone = false;
  private failed = false;
  private stopping = false;
  private readonly workerData: Record<string, unknown>;

  constructor(
    private readonly db: Database.Database,
    path: string,
    busyTimeoutMs: number,
    private readonly options: CheckpointerOptions = {},
  ) {
    db.pragma('wal_autocheckpoint = 0');
    this.workerData = {
      driver: options.driver ?? createRequire(import.meta.url).resolve('better-sqlite3'),
      path,
      busyTimeoutMs,
      everyMs: options.everyMs ?? 100,
      restartAfterPages: options.restartAfterPages ?? 8192,
      idleStopMs: options.idleStopMs ?? 30_000,
    };
  }

  /** Whether checkpoints still run in the background (false after the worker failed). */
  get inBackground(): boolean {
    return (this.db.pragma('wal_autocheckpoint', { simple: true }) as number) === 0;
  }

  /** Whether a worker thread is running now (none before the first commit, or after a quiet spell). */
  get workerRunning(): boolean {
    return this.running !== undefined;
  }

  /** Called after each commit of the store's connection: a few atomic operations, no system call. */
  wrote(): void {
    if (this.failed || this.stopping) return;
    const running = this.running;
    if (!running) {
      this.start();
      return;
    }
    Atomics.store(running.state, WROTE, 1);
    // Read after the flag: a worker that retires after this read still checkpoints this commit (it
    // runs one last checkpoint); one retiring or closed already has the next worker come after it.
    const state = Atomics.load(running.state, STATE);
    if (state === RETIRING || state === CLOSED) this.startWhenGone = true;
  }

  private start(): void {
    const state = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
    const thread = new Worker(WORKER_SOURCE, {
      eval: true,
      // It allocates next to nothing: a small heap keeps its share of the process's memory small.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
      workerData: { ...this.workerData, state: state.buffer },
    });
    // A store left open must not keep the process alive for its checkpoints' sake.
    thread.unref();
    const running = { thread, state };
    this.running = running;
    let ended = false;
    const end = (error: Error | undefined) => {
      if (ended) return;
      ended = true;
      if (this.running === running) this.running = undefined;
      if (this.stopping) return;
      if (error) return this.fallBack(error);
      if (this.startWhenGone) {
        this.startWhenGone = false;
        this.start();
      }
    };
    thread.on('error', end);
    thread.on('exit', (code) => {
      const retired = code === 0 && Atomics.load(state, STATE) === CLOSED;
      end(retired ? undefined : new Error(`the checkpoint worker exited with code ${code}`));
    });
  }

  private fallBack(error: Error): void {
    if (this.failed) return;
    this.failed = true;
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${INLINE_AUTOCHECKPOINT_PAGES}`);
    this.options.onError?.(error);
  }

  /**
   * Closes the worker's connection before the store closes its own, waiting synchronously (like
   * the rest of the store): SQLite folds the WAL back and deletes it only when its last connection
   * closes. A checkpoint under way finishes first; the wait is bounded all the same.
   */
  stop(timeoutMs = 10_000): void {
    if (this.stopping) return;
    this.stopping = true;
    const running = this.running;
    if (!running) return;
    const { state, thread } = running;
    if (Atomics.compareExchange(state, STATE, STARTING, CANCELLED) !== STARTING) {
      thread.postMessage('close');
      const until = Date.now() + timeoutMs;
      // OPEN or RETIRING: either way the worker closes its connection, then says CLOSED.
      for (let now = Date.now(); now < until; now = Date.now()) {
        const current = Atomics.load(state, STATE);
        if (current === CLOSED) break;
        Atomics.wait(state, STATE, current, until - now);
      }
    }
    void thread.terminate();
  }
}
