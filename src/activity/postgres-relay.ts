import pg from 'pg';
import type { Logger } from '../log.js';
import type { RelayTarget } from '../sharding/relay-envelope.js';
import { NotifyAssembler, notifyParts } from './notify-parts.js';

/** A target's NOTIFY channel: one per shard, and one for the process serving ACTIVITY_PORT. */
export function channelOf(to: RelayTarget): string {
  return to === 'activity' ? 'crag_table_activity' : `crag_table_shard_${to}`;
}

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

/**
 * The Activity's relay between hosts, on the PostgreSQL server the deployment already shares:
 * LISTEN on this process's channels, NOTIFY on the target's. One connection of its own (a pooled
 * one cannot keep listening). A lost connection is opened again after a back-off that doubles to
 * 30 s; what is sent meanwhile is dropped, and the serving side's pings notice the silence.
 */
export class PostgresRelay {
  readonly #assembler = new NotifyAssembler();
  #client: pg.Client | undefined;
  /** NOTIFYs one after another on the one connection (pg takes one query at a time). */
  #sending: Promise<unknown> = Promise.resolve();
  #retryMs = FIRST_RETRY_MS;
  #retry: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    private readonly url: string,
    private readonly listensTo: readonly RelayTarget[],
    private readonly receive: (to: RelayTarget, body: unknown) => void,
    private readonly log: Logger,
  ) {}

  /** Resolves once listening, or once the first attempt failed (retries follow). */
  async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    const lost = (error?: Error) => {
      if (this.#client !== client) return;
      this.#client = undefined;
      void client.end().catch(() => undefined);
      if (this.#closed) return;
      this.log.warn("the Activity's PostgreSQL relay lost its connection; it opens another", {
        inMs: this.#retryMs,
        error,
      });
      this.#retry = setTimeout(() => void this.open(), this.#retryMs);
      this.#retryMs = Math.min(this.#retryMs * 2, LAST_RETRY_MS);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (note) => this.#heard(note.channel, note.payload));
    this.#client = client;
    try {
      await client.connect();
      for (const to of this.listensTo) await client.query(`LISTEN ${channelOf(to)}`);
      this.#retryMs = FIRST_RETRY_MS;
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
    }
  }

  send(to: RelayTarget, body: unknown): void {
    const client = this.#client;
    if (!client) return;
    const parts = notifyParts(JSON.stringify(body));
    // One statement, so one transaction: its notifications are delivered together and in order.
    this.#sending = this.#sending
      .then(() =>
        client.query('SELECT pg_notify($1, part) FROM unnest($2::text[]) WITH ORDINALITY AS t(part, i) ORDER BY i', [
          channelOf(to),
          parts,
        ]),
      )
      .catch((error: unknown) => this.log.warn('a table message could not be sent through PostgreSQL', { error }));
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  #heard(channel: string, payload: string | undefined): void {
    const to = this.listensTo.find((target) => channelOf(target) === channel);
    const text = to === undefined || payload === undefined ? undefined : this.#assembler.add(payload);
    if (to === undefined || text === undefined) return;
    try {
      this.receive(to, JSON.parse(text));
    } catch {
      // Not JSON: not one of ours.
    }
  }
}
