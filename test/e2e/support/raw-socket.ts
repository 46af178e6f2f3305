import crypto from 'node:crypto';
import net from 'node:net';

/**
 * A stranger's socket, byte by byte: what a real client library would never send (unmasked or
 * reserved-bit frames, bad UTF-8, impossible lengths, broken close codes), written straight onto
 * TCP after a hand-made upgrade. The attack suite sends these at every WebSocket the project opens.
 */

export interface FrameSpec {
  readonly opcode: number;
  readonly payload?: Buffer;
  readonly fin?: boolean;
  /** RSV1–3 as a 3-bit number; nothing is negotiated, so any non-zero value breaks the protocol. */
  readonly rsv?: number;
  /** Clients must mask (RFC 6455 5.1); false sends the frame as only a server may. */
  readonly masked?: boolean;
  /** The length announced in the header, when it should differ from the payload's (a lie). */
  readonly announcedLength?: number;
}

export const OPCODE = { continuation: 0, text: 1, binary: 2, close: 8, ping: 9, pong: 10 } as const;

export function frame(spec: FrameSpec): Buffer {
  const payload = spec.payload ?? Buffer.alloc(0);
  const length = spec.announcedLength ?? payload.length;
  const masked = spec.masked ?? true;
  const first = ((spec.fin ?? true) ? 0x80 : 0) | ((spec.rsv ?? 0) << 4) | spec.opcode;
  let header: Buffer;
  if (length < 126) header = Buffer.from([first, length]);
  else if (length < 65_536) {
    header = Buffer.alloc(4);
    header.writeUInt8(first, 0);
    header.writeUInt8(126, 1);
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header.writeUInt8(first, 0);
    header.writeUInt8(127, 1);
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  if (!masked) return Buffer.concat([header, payload]);
  header[1] = (header[1] ?? 0) | 0x80;
  const mask = crypto.randomBytes(4);
  const body = Buffer.from(payload);
  for (let i = 0; i < body.length; i += 1) body[i] = (body[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return Buffer.concat([header, mask, body]);
}

export function closeFrame(code: number, reason = ''): Buffer {
  const payload = Buffer.alloc(2 + Buffer.byteLength(reason));
  payload.writeUInt16BE(code, 0);
  payload.write(reason, 2);
  return frame({ opcode: OPCODE.close, payload });
}

export function textFrame(text: string): Buffer {
  return frame({ opcode: OPCODE.text, payload: Buffer.from(text) });
}

/** How a raw socket ended: the close code the server sent, or 'dropped' when it only cut TCP. */
export type Ending = number | 'dropped';

export class RawSocket {
  readonly #socket: net.Socket;
  #received: Buffer = Buffer.alloc(0);
  readonly ended: Promise<Ending>;

  private constructor(socket: net.Socket, rest: Buffer) {
    this.#socket = socket;
    this.#received = rest;
    socket.on('error', () => undefined);
    this.ended = new Promise((resolve) => {
      const settle = () => resolve(this.#closeCode() ?? 'dropped');
      socket.on('data', (chunk: Buffer) => {
        this.#received = Buffer.concat([this.#received, chunk]);
        const code = this.#closeCode();
        if (code !== undefined) resolve(code);
      });
      socket.once('close', settle);
    });
  }

  /**
   * Upgrades `path` on 127.0.0.1:port by hand and resolves with the socket, or with the HTTP status
   * of a refusal. `headers` adds to (or replaces) the handshake's own, e.g. an Origin.
   */
  static async open(
    port: number,
    path: string,
    headers: Readonly<Record<string, string>> = {},
  ): Promise<RawSocket | { refused: number }> {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    const all: Record<string, string> = {
      Host: `127.0.0.1:${port}`,
      Upgrade: 'websocket',
      Connection: 'Upgrade',
      'Sec-WebSocket-Key': crypto.randomBytes(16).toString('base64'),
      'Sec-WebSocket-Version': '13',
      ...headers,
    };
    const request = [`GET ${path} HTTP/1.1`, ...Object.entries(all).map(([name, value]) => `${name}: ${value}`)];
    socket.write(`${request.join('\r\n')}\r\n\r\n`);
    return new Promise((resolve, reject) => {
      let head = Buffer.alloc(0);
      const onData = (chunk: Buffer) => {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        socket.off('data', onData);
        socket.off('close', onClose);
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head.subarray(0, end).toString('latin1'))?.[1] ?? 0);
        if (status !== 101) {
          socket.destroy();
          resolve({ refused: status });
          return;
        }
        resolve(new RawSocket(socket, head.subarray(end + 4)));
      };
      const onClose = () => reject(new Error(`the upgrade of ${path} was cut without an answer`));
      socket.on('data', onData);
      socket.once('close', onClose);
    });
  }

  write(bytes: Buffer): void {
    if (!this.#socket.destroyed) this.#socket.write(bytes);
  }

  /** Resolves with how the server ended the socket, or 'open' if it is still open after `ms`. */
  async endingWithin(ms: number): Promise<Ending | 'open'> {
    const timer = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms).unref());
    return Promise.race([this.ended, timer]);
  }

  destroy(): void {
    this.#socket.destroy();
  }

  /** The code of the first close frame the server sent (servers never mask), if one has arrived. */
  #closeCode(): number | undefined {
    let at = 0;
    const data = this.#received;
    while (at + 2 <= data.length) {
      const opcode = (data[at] ?? 0) & 0x0f;
      let length = (data[at + 1] ?? 0) & 0x7f;
      let start = at + 2;
      if (length === 126) {
        if (start + 2 > data.length) return undefined;
        length = data.readUInt16BE(start);
        start += 2;
      } else if (length === 127) {
        if (start + 8 > data.length) return undefined;
        length = Number(data.readBigUInt64BE(start));
        start += 8;
      }
      if (start + length > data.length) return undefined;
      if (opcode === OPCODE.close) return length >= 2 ? data.readUInt16BE(start) : 1005;
      at = start + length;
    }
    return undefined;
  }
}

/**
 * The frames no client library sends, each with what RFC 6455 (and ws) answer it with. Every one
 * must end its own socket and nothing else.
 */
export interface HostileFrame {
  readonly name: string;
  readonly bytes: readonly Buffer[];
  /** Whether the frame breaks RFC 6455 (or the size cap), so the socket must be ended for it. */
  readonly breaksProtocol: boolean;
}

export function hostileFrames(maxMessageBytes: number): readonly HostileFrame[] {
  const big = Buffer.alloc(maxMessageBytes + 1, 0x61);
  const half = Buffer.alloc(Math.ceil((maxMessageBytes + 2) / 2), 0x61);
  const broken: Omit<HostileFrame, 'breaksProtocol'>[] = [
    { name: 'an oversized text frame', bytes: [frame({ opcode: OPCODE.text, payload: big })] },
    {
      name: 'a frame announcing 2^53 bytes',
      bytes: [frame({ opcode: OPCODE.text, announcedLength: 2 ** 53 - 1, payload: Buffer.from('x') })],
    },
    {
      name: 'a fragmented message larger than a frame may be',
      bytes: [
        frame({ opcode: OPCODE.text, fin: false, payload: half }),
        frame({ opcode: OPCODE.continuation, payload: half }),
      ],
    },
    { name: 'a continuation with nothing to continue', bytes: [frame({ opcode: OPCODE.continuation, payload: half })] },
    {
      name: 'invalid UTF-8 in a text frame',
      bytes: [frame({ opcode: OPCODE.text, payload: Buffer.from([0x7b, 0xc3, 0x28, 0xff, 0xfe, 0x7d]) })],
    },
    { name: 'an unmasked frame', bytes: [frame({ opcode: OPCODE.text, payload: Buffer.from('{}'), masked: false })] },
    { name: 'reserved bits set', bytes: [frame({ opcode: OPCODE.text, payload: Buffer.from('{}'), rsv: 0b100 })] },
    { name: 'a reserved opcode', bytes: [frame({ opcode: 0x3, payload: Buffer.from('{}') })] },
    { name: 'a ping of 126 bytes', bytes: [frame({ opcode: OPCODE.ping, payload: Buffer.alloc(126) })] },
    { name: 'a fragmented ping', bytes: [frame({ opcode: OPCODE.ping, fin: false })] },
    { name: 'close code 1005', bytes: [closeFrame(1005)] },
    { name: 'close code 999', bytes: [closeFrame(999)] },
    { name: 'close code 5000', bytes: [closeFrame(5000)] },
    { name: 'a close frame of one byte', bytes: [frame({ opcode: OPCODE.close, payload: Buffer.from([3]) })] },
  ];
  // Well-formed frames with nothing a page would send: the listener decides what they cost.
  const strange: Omit<HostileFrame, 'breaksProtocol'>[] = [
    { name: 'a binary frame', bytes: [frame({ opcode: OPCODE.binary, payload: crypto.randomBytes(64) })] },
    { name: 'junk JSON', bytes: [textFrame('{"type":"hello","accessToken":{"__proto__":{"x":1}}')] },
    { name: 'a JSON number of 400 digits', bytes: [textFrame(`{"type":"intent","version":${'9'.repeat(400)}}`)] },
  ];
  return [
    ...broken.map((hostile) => ({ ...hostile, breaksProtocol: true })),
    ...strange.map((hostile) => ({ ...hostile, breaksProtocol: false })),
  ];
}
