import type { Socket } from 'node:net';

/**
 * Open connections per address and in all. A connection past either cap is closed at once, before
 * Node parses a byte of it; each one frees its place when it closes.
 */
export class ConnectionCaps {
  readonly #perIp = new Map<string, number>();
  #total = 0;

  constructor(
    private readonly maxPerIp: number,
    private readonly maxTotal: number,
  ) {}

  get open(): number {
    return this.#total;
  }

  /** Counts the connection in, or destroys it when a cap is full; false when it was refused. */
  admit(socket: Socket): boolean {
    const ip = socket.remoteAddress ?? 'unknown';
    const fromIp = this.#perIp.get(ip) ?? 0;
    if (fromIp >= this.maxPerIp || this.#total >= this.maxTotal) {
      socket.destroy();
      return false;
    }
    this.#perIp.set(ip, fromIp + 1);
    this.#total += 1;
    socket.once('close', () => {
      this.#total -= 1;
      const left = (this.#perIp.get(ip) ?? 1) - 1;
      if (left > 0) this.#perIp.set(ip, left);
      else this.#perIp.delete(ip);
    });
    return true;
  }
}
