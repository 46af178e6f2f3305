import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

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
 * process hold more than `limit` bytes for one request. The stream is left open on a refusal
 * (breaking out of `for await` would destroy it, and the socket with it, before the 413 is sent).
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new BodyTooLargeError(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      reject(new BodyTooLargeError(limit));
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('error', onError);
  });
}

/**
 * Answers a request whose body will not be read. The connection closes after the answer, and the
 * rest of the body is dropped unread on the way (the edge lingers before it cuts: see edge.ts).
 */
export function refuseBody(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: string,
): void {
  if (!response.headersSent) response.writeHead(status, { ...headers, Connection: 'close' });
  response.end(body);
  request.resume();
}
