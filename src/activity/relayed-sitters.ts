import { randomUUID } from 'node:crypto';
import type { Languages } from '../i18n/index.js';
import type { Logger } from '../log.js';
import type { ToOwner, ToServer } from './relay-messages.js';
import type { Sitter, TableHub } from './table-hub.js';

/** A serving process silent this long is gone (its pings come every second): its seats go too. */
const SERVER_SILENT_MS = 15_000;
/** Relayed seats at once, at most: the serving process's socket caps keep far below this. */
const MAX_SEATS = 10_000;

interface RelayedSeat {
  readonly sitter: Sitter;
  readonly left: (() => void)[];
}

/**
 * The owner's side of the relay: the sockets of the process serving ACTIVITY_PORT, for tables of
 * this process's guilds, seated at this process's hub as if they were here. What a sitter is sent
 * goes back through the relay; its intents come through it.
 */
export class RelayedSitters {
  readonly incarnation = randomUUID();
  readonly #seats = new Map<string, RelayedSeat>();
  #server: string | undefined;
  #heardAt = 0;
  readonly #watch: NodeJS.Timeout;

  constructor(
    private readonly hub: TableHub,
    private readonly reply: (body: ToServer) => void,
    private readonly languages: Languages,
    /** Whether the bot is in the guild: a table elsewhere could post nothing. */
    private readonly isMember: (guildId: string) => boolean,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.#watch = setInterval(() => {
      if (this.#seats.size > 0 && this.now() - this.#heardAt > SERVER_SILENT_MS) this.#leaveAll();
    }, SERVER_SILENT_MS / 3);
    this.#watch.unref();
  }

  receive(body: ToOwner): void {
    this.#heardAt = this.now();
    if (body.kind === 'ping') {
      // A serving process that started again has new sockets: the old ones' seats are gone.
      if (this.#server !== undefined && this.#server !== body.server) this.#leaveAll();
      this.#server = body.server;
      this.reply({ kind: 'pong', shard: body.shard, incarnation: this.incarnation });
    } else if (body.kind === 'sit') this.#sit(body);
    else if (body.kind === 'intent') {
      const seat = this.#seats.get(body.conn);
      if (seat) void this.hub.intent(seat.sitter, body.intent, body.version);
    } else this.#leave(body.conn);
  }

  close(): void {
    clearInterval(this.#watch);
    this.#leaveAll();
  }

  #sit(body: Extract<ToOwner, { kind: 'sit' }>): void {
    const { conn } = body;
    this.reply({ kind: 'pong', shard: body.shard, incarnation: this.incarnation, conn });
    this.#leave(conn); // Seated again after this process came back: the same socket, sat once.
    const tr = this.languages.translator(body.locale);
    if (!this.isMember(body.guildId)) {
      this.log.info('a table in a guild the bot is not in was refused', { user: body.person.id, guild: body.guildId });
      this.reply({ kind: 'send', conn, message: { type: 'denied', text: tr.t('activity.not-in-server') } });
      this.reply({ kind: 'close', conn });
      return;
    }
    if (this.#seats.size >= MAX_SEATS) return;
    const left: (() => void)[] = [];
    const sitter: Sitter = {
      send: (message) => this.reply({ kind: 'send', conn, message }),
      closed: (listener) => left.push(listener),
      close: () => {
        this.reply({ kind: 'close', conn });
        this.#leave(conn);
      },
      person: body.person,
      guildId: body.guildId,
      channelId: body.channelId,
      tr,
    };
    this.#seats.set(conn, { sitter, left });
    this.hub
      .sit(sitter)
      .catch((error: unknown) => this.log.error('a relayed socket could not sit down', { guild: body.guildId, error }));
  }

  #leave(conn: string): void {
    const seat = this.#seats.get(conn);
    if (!seat) return;
    this.#seats.delete(conn);
    for (const listener of seat.left) listener();
  }

  #leaveAll(): void {
    for (const conn of [...this.#seats.keys()]) this.#leave(conn);
  }
}
