import { randomUUID } from 'node:crypto';

/**
 * PostgreSQL's NOTIFY takes at most 8000 bytes of payload. A table view is a few kilobytes (more in
 * languages of longer words or wider characters, with many seats), so a message is sent as parts
 * of at most PART_BYTES, all in one statement (one transaction: delivered together, in order), and
 * put together again by the listener.
 */
export const PART_BYTES = 7_000;
/** A message whose parts are not all here after this long lost them (a listener's reconnect). */
const PARTS_WAIT_MS = 10_000;
/** Messages being put together at once, at most: far more than a table's traffic. */
const OPEN_MESSAGES = 1_000;

/** `id:index:count:` then the text of that part. */
export function notifyParts(text: string, partBytes = PART_BYTES): string[] {
  const pieces: string[] = [];
  let piece = '';
  let bytes = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char);
    if (bytes + size > partBytes) {
      pieces.push(piece);
      piece = '';
      bytes = 0;
    }
    piece += char;
    bytes += size;
  }
  pieces.push(piece);
  const id = randomUUID();
  return pieces.map((part, index) => `${id}:${index}:${pieces.length}:${part}`);
}

/** Puts parts back together; each message's text comes out once, when its last part arrives. */
export class NotifyAssembler {
  readonly #open = new Map<string, { parts: (string | undefined)[]; missing: number; since: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The whole text, once this part completes it; undefined while parts are missing or for junk. */
  add(payload: string): string | undefined {
    const match = /^([0-9a-f-]{36}):(\d+):(\d+):/.exec(payload);
    if (!match) return undefined;
    const [head, id, indexText, countText] = match as unknown as [string, string, string, string];
    const index = Number(indexText);
    const count = Number(countText);
    if (count < 1 || index >= count || count > 64) return undefined;
    const body = payload.slice(head.length);
    if (count === 1) return body;
    this.#forgetStale();
    let message = this.#open.get(id);
    if (!message) {
      if (this.#open.size >= OPEN_MESSAGES) return undefined;
      message = { parts: new Array(count).fill(undefined), missing: count, since: this.now() };
      this.#open.set(id, message);
    }
    // A part must agree with its message's first on the count, or it could write past its parts.
    if (message.parts.length !== count || message.parts[index] !== undefined) return undefined;
    message.parts[index] = body;
    message.missing -= 1;
    if (message.missing > 0) return undefined;
    this.#open.delete(id);
    return message.parts.join('');
  }

  #forgetStale(): void {
    const before = this.now() - PARTS_WAIT_MS;
    for (const [id, message] of this.#open) {
      if (message.since >= before) break; // In arrival order: the rest are newer.
      this.#open.delete(id);
    }
  }
}
