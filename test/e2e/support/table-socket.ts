import { WebSocket } from 'ws';
import type { Intent, ServerMessage, TableView } from '../../../src/activity/protocol.js';

/** The port the bot's Activity server listens on, from its log. */
export function activityPort(logs: readonly { message: string; [key: string]: unknown }[]): number {
  const line = logs.findLast((entry) => entry.message === 'the Activity listening');
  if (!line || typeof line.port !== 'number') throw new Error('the bot does not serve the Activity');
  return line.port;
}

/** What the page does once signed in, without a browser: one socket at the table. */
export class TableSocket {
  readonly messages: ServerMessage[] = [];
  readonly closed: Promise<number>;
  readonly #socket: WebSocket;
  readonly #waiters = new Set<() => void>();

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.on('message', (raw) => {
      this.messages.push(JSON.parse(String(raw)) as ServerMessage);
      for (const wake of this.#waiters) wake();
    });
    this.closed = new Promise((resolve) => socket.once('close', (code) => resolve(code)));
    void this.closed.then(() => {
      for (const wake of this.#waiters) wake();
    });
  }

  static async open(port: number, accessToken: string, instanceId: string): Promise<TableSocket> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/.proxy/ws`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const table = new TableSocket(socket);
    socket.send(JSON.stringify({ type: 'hello', accessToken, instanceId }));
    return table;
  }

  /** The newest table this socket was sent. */
  get table(): TableView | undefined {
    for (let i = this.messages.length - 1; i >= 0; i -= 1) {
      const message = this.messages[i];
      if (message?.type === 'table') return message.table;
    }
    return undefined;
  }

  /** Resolves with the first message (from `from` on) that `test` accepts. */
  async next<T extends ServerMessage>(test: (message: ServerMessage) => message is T, from = 0, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(from).find(test);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such message; got ${JSON.stringify(this.messages.slice(from))}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.#waiters.delete(wake);
          resolve();
        };
        this.#waiters.add(wake);
        setTimeout(wake, 200);
      });
    }
  }

  /** Waits for a table that satisfies `test`. */
  async tableWhere(test: (table: TableView) => boolean, timeoutMs = 10_000): Promise<TableView> {
    const message = await this.next(
      (candidate): candidate is Extract<ServerMessage, { type: 'table' }> =>
        candidate.type === 'table' && test(candidate.table),
      0,
      timeoutMs,
    );
    return message.table;
  }

  send(intent: Intent, version = this.table?.version ?? 0): void {
    this.#socket.send(JSON.stringify({ type: 'intent', intent, version }));
  }

  close(): void {
    this.#socket.close();
  }
}

/** The exchange the page makes at POST /api/token. */
export async function exchangeAtTable(port: number, code: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`http://127.0.0.1:${port}/.proxy/api/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  return { status: response.status, body: await response.json() };
}
