import type { IncomingMessage } from 'node:http';

/** A request body over the listener's cap: answered 413 without reading the rest. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  constructor(readonly limit: number) {
    super(`the request body is over ${limit} bytes`);
  }
}

/**
 * The whole body, refused as soon as it passes `limit` bytes: a Content-Length over it is refused
 * before a byte is read, and a chunked body is counted as it comes, so no stranger can make the
 * process hold more than `limit` bytes for one request.
 */
export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}
