import { Worker } from 'node:worker_threads';
import type { ScoreCardModel } from './model.js';

export interface CardRequest {
  readonly id: number;
  readonly model: ScoreCardModel;
}
export type CardReply =
  | { readonly id: number; readonly png: Uint8Array }
  | { readonly id: number; readonly error: string };

/** Thrown for a card the thread could not draw, or lost because the thread ended. */
export class CardDrawingError extends Error {
  override readonly name = 'CardDrawingError';
}

/**
 * The thread's entry beside this file. From the TypeScript sources (tests, `tsx`), a worker does
 * not inherit the parent's loader, so it registers tsx's own before it imports the entry; the build
 * runs the compiled `.js` as it is, with no tsx installed.
 */
function startWorker(resourceLimits: ConstructorParameters<typeof Worker>[1]): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './draw-worker.ts' : './draw-worker.js', import.meta.url);
  if (!fromSource) return new Worker(entry, resourceLimits);
  const boot = [
    `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};`,
    'register();',
    `await import(${JSON.stringify(entry.href)});`,
  ].join('\n');
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), resourceLimits);
}

/**
 * How long the thread waits for another card before it ends. Ending it gives back about a third of
 * what it holds (its V8 isolate; Skia stays loaded and its malloc arena keeps most pages: 82 MB
 * while it runs, 28 back, docs/benchmark.md); the next card starts a new one (about 0.1 s on the
 * thread, not on the one that answers clicks). A busy shard finishes a game more often than this.
 */
export const CARD_THREAD_IDLE_MS = 60_000;

/**
 * Draws score cards on a thread of their own. A card costs 10–20 ms of CPU (the canvas, then the
 * PNG's deflate), paid at every game's end: on the main thread, the next clicks of every game on
 * the shard waited behind it. The thread starts with the first card, so a bot that has finished no
 * game yet never loads the canvas library (about 30 MB); it keeps the process alive only while a
 * card is being drawn, and ends after CARD_THREAD_IDLE_MS without one. If the thread dies, the cards
 * it held fail with a `CardDrawingError` and the next card starts a new thread.
 */
export class CardThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (png: Buffer) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private idle: NodeJS.Timeout | undefined;

  constructor(private readonly idleMs = CARD_THREAD_IDLE_MS) {}

  /** Whether a thread is running now (one ends when idle, and starts with the next card). */
  get started(): boolean {
    return this.worker !== undefined;
  }

  draw(model: ScoreCardModel): Promise<Buffer> {
    clearTimeout(this.idle);
    const worker = this.running();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, model } satisfies CardRequest);
    });
  }

  /** Ends the thread; cards still being drawn fail. */
  async close(): Promise<void> {
    clearTimeout(this.idle);
    const worker = this.worker;
    if (!worker) return;
    this.forget(worker, new CardDrawingError('the score card thread was closed'));
    await worker.terminate();
  }

  private running(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker({
      // Its heap holds one model at a time; the pixels and the PNG live outside it.
      resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 32 },
    });
    worker.unref();
    worker.on('message', (reply: CardReply) => this.settle(reply));
    worker.on('error', (error) => this.forget(worker, new CardDrawingError(`the score card thread failed: ${error}`)));
    worker.on('exit', (code) => this.forget(worker, new CardDrawingError(`the score card thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  private settle(reply: CardReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) {
      this.worker?.unref();
      this.idle = setTimeout(() => void this.close(), this.idleMs);
      this.idle.unref();
    }
    if ('error' in reply) waiting.reject(new CardDrawingError(reply.error));
    else waiting.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
  }

  private forget(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
