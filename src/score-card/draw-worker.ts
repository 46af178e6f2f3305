import { parentPort } from 'node:worker_threads';
import type { CardReply, CardRequest } from './card-thread.js';
import { drawScoreCard } from './draw.js';

/**
 * The score card's thread: it draws each model it is sent and posts the PNG back. A card that
 * cannot be drawn (a model out of range) is answered with its error; the thread goes on.
 */
const port = parentPort;
if (!port) throw new Error('draw-worker.ts runs as a worker thread (see card-thread.ts)');
port.on('message', ({ id, model }: CardRequest) => {
  let reply: CardReply;
  try {
    const png = drawScoreCard(model);
    // One copy (75–100 KB, microseconds) into a buffer that then moves across without another.
    const bytes = new Uint8Array(png);
    reply = { id, png: bytes };
    port.postMessage(reply, [bytes.buffer]);
  } catch (error) {
    reply = { id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    port.postMessage(reply);
  }
});
