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
  /** The better-sqlite3 module the worker loads; only a test points it elsewhere. */
  readonly driver?: string;
}

/** The worker's states, shared through one Int32 so that stop() can wait without an event loop. */
const STARTING = 0;
const OPEN = 1;
const CLOSED = 2;
/** stop() came before the worker opened its connection: it must not open one. */
const CANCELLED = 3;

/**
 * The worker, run from source so that the same code serves the TypeScript sources (tests) and the
 * build. CommonJS, because eval workers are; it loads the driver the store itself uses.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const state = new Int32Array(workerData.state);
const finish = () => { Atomics.store(state, 0, ${CLOSED}); Atomics.notify(state, 0); };
if (Atomics.compareExchange(state, 0, ${STARTING}, ${OPEN}) !== ${STARTING}) {
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
    }
  };
  const timer = setInterval(() => {
    try {
      const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
      if (log > workerData.restartAfterPages) db.pragma('wal_checkpoint(RESTART)');
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

/**
 * Copies committed pages from the -wal file into the database on a second connection in a worker
 * thread, so that the fsyncs a checkpoint needs never stall the thread answering Discord. Inline
 * (SQLite's default), every ~500th click would wait for the disk.
 */
export class WalCheckpointer {
  private readonly state = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  private readonly worker: Worker;
  private stopping = false;

  constructor(
    private readonly db: Database.Database,
    path: string,
    busyTimeoutMs: number,
    options: CheckpointerOptions = {},
  ) {
    db.pragma('wal_autocheckpoint = 0');
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // It allocates next to nothing: a small heap keeps its share of the process's memory small.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
      workerData: {
        state: this.state.buffer,
        driver: options.driver ?? createRequire(import.meta.url).resolve('better-sqlite3'),
        path,
        busyTimeoutMs,
        everyMs: options.everyMs ?? 100,
        restartAfterPages: options.restartAfterPages ?? 8192,
      },
    });
    // A store left open must not keep the process alive for its checkpoints' sake.
    this.worker.unref();
    let failed = false;
    const fallBack = (error: Error) => {
      if (failed || this.stopping) return;
      failed = true;
      if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${INLINE_AUTOCHECKPOINT_PAGES}`);
      options.onError?.(error);
    };
    this.worker.on('error', fallBack);
    this.worker.on('exit', (code) => fallBack(new Error(`the checkpoint worker exited with code ${code}`)));
  }

  /** Whether checkpoints still run in the background (false after the worker failed). */
  get inBackground(): boolean {
    return (this.db.pragma('wal_autocheckpoint', { simple: true }) as number) === 0;
  }

  /**
   * Closes the worker's connection before the store closes its own, waiting synchronously (like
   * the rest of the store): SQLite folds the WAL back and deletes it only when its last connection
   * closes. A checkpoint under way finishes first; the wait is bounded all the same.
   */
  stop(timeoutMs = 10_000): void {
    if (this.stopping) return;
    this.stopping = true;
    if (Atomics.compareExchange(this.state, 0, STARTING, CANCELLED) === OPEN) {
      this.worker.postMessage('close');
      Atomics.wait(this.state, 0, OPEN, timeoutMs);
    }
    void this.worker.terminate();
  }
}
