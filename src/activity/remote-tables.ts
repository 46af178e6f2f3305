import { randomUUID } from 'node:crypto';
import type { Translator } from '../i18n/index.js';
import type { Logger } from '../log.js';
import { shardOfGuild } from '../sharding/guild-ownership.js';
import type { TablePerson } from './intents.js';
import type { Intent, ServerMessage } from './protocol.js';
import type { ToOwner, ToServer } from './relay-messages.js';

/** How often each shard with relayed sockets is asked whether it is there. */
const PING_EVERY_MS = 1_000;
/** A shard that has not answered for this long is down: its tables say "reconnecting". */
const DOWN_AFTER_MS = 3_500;

/** The serving process's socket, as the relay sees it. */
export interface RelayedSocket {
  send(message: ServerMessage): void;
  close(): void;
  readonly tr: Translator;
}

/** What a socket at a relayed table can do once seated. */
export interface RelayedSeat {
  intent(intent: Intent, version: number): void;
  leave(): void;
}

interface Connection {
  readonly socket: RelayedSocket;
  readonly shard: number;
  readonly sit: Extract<ToOwner, { kind: 'sit' }>;
  /** When the sit was last sent, and which process of the shard said it holds the seat. */
  sentAt: number;
  heldBy: string | undefined;
}

interface ShardHealth {
  heardAt: number;
  down: boolean;
}

/**
 * The serving process's side of the relay: sockets for tables of guilds of other processes'
 * shards. They stay here, behind the edge (sizes, rates, sign-in); their intents go to the
 * guild's shard and what it sends comes back. Each shard with sockets is pinged every second; one
 * that goes quiet has its tables told "reconnecting", and when it answers again as a new process
 * (a respawn), every socket of its tables is seated there again.
 */
export class RemoteTables {
  readonly #incarnation = randomUUID();
  readonly #connections = new Map<string, Connection>();
  readonly #health = new Map<number, ShardHealth>();
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly totalShards: number,
    private readonly reaches: (shard: number) => boolean,
    private readonly send: (shard: number, body: ToOwner) => void,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.#timer = setInterval(() => this.#beat(), PING_EVERY_MS);
    this.#timer.unref();
  }

  /** Whether a table of this guild can be relayed to the process of its shard. */
  serves(guildId: string): boolean {
    return this.reaches(shardOfGuild(guildId, this.totalShards));
  }

  sit(
    place: { guildId: string; channelId: string },
    person: TablePerson,
    locale: string | null,
    socket: RelayedSocket,
  ): RelayedSeat {
    const conn = randomUUID();
    const shard = shardOfGuild(place.guildId, this.totalShards);
    const sit = { kind: 'sit', conn, shard, ...place, person, locale } as const;
    this.#connections.set(conn, { socket, shard, sit, sentAt: this.now(), heldBy: undefined });
    if (!this.#health.has(shard)) this.#health.set(shard, { heardAt: this.now(), down: false });
    this.send(shard, sit);
    return {
      intent: (intent, version) => {
        if (this.#health.get(shard)?.down) return; // The page says "reconnecting" meanwhile.
        this.send(shard, { kind: 'intent', conn, intent, version });
      },
      leave: () => {
        if (this.#connections.delete(conn)) this.send(shard, { kind: 'leave', conn });
      },
    };
  }

  receive(body: ToServer): void {
    if (body.kind === 'pong') {
      this.#answered(body.shard, body.incarnation, body.conn);
      return;
    }
    const connection = this.#connections.get(body.conn);
    if (!connection) return;
    if (body.kind === 'send') connection.socket.send(body.message);
    else {
      this.#connections.delete(body.conn);
      connection.socket.close();
    }
  }

  close(): void {
    clearInterval(this.#timer);
  }

  /**
   * The shard is there. Every seat is sat again after a silence, and otherwise those it does not
   * hold: those held by an earlier process of the shard (it was respawned faster than a silence;
   * their tables are told "reconnecting" first) and those whose sit got no answer in time (lost
   * while the shard was away). Sitting again sends the table as stored.
   */
  #answered(shard: number, incarnation: string, conn: string | undefined): void {
    const health = this.#health.get(shard);
    if (!health) return;
    const wasDown = health.down;
    health.heardAt = this.now();
    health.down = false;
    const seated = conn === undefined ? undefined : this.#connections.get(conn);
    if (seated) seated.heldBy = incarnation;
    if (conn !== undefined) return;
    let again = 0;
    for (const connection of this.#connections.values()) {
      if (connection.shard !== shard) continue;
      const restarted = connection.heldBy !== undefined && connection.heldBy !== incarnation;
      const lost = connection.heldBy === undefined && this.now() - connection.sentAt >= DOWN_AFTER_MS;
      if (!wasDown && !restarted && !lost) continue;
      if (restarted && !wasDown) this.#reconnecting(connection);
      connection.heldBy = undefined;
      connection.sentAt = this.now();
      this.send(shard, connection.sit);
      again += 1;
    }
    if (again > 0) this.log.info("a table's shard is back: its sockets sit down there again", { shard, again });
  }

  #reconnecting(connection: Connection): void {
    connection.socket.send({ type: 'reconnecting', text: connection.socket.tr.t('activity.reconnecting') });
  }

  #beat(): void {
    const shards = new Set([...this.#connections.values()].map((connection) => connection.shard));
    for (const [shard, health] of this.#health) {
      if (!shards.has(shard)) {
        this.#health.delete(shard);
        continue;
      }
      this.send(shard, { kind: 'ping', shard, server: this.#incarnation });
      if (health.down || this.now() - health.heardAt < DOWN_AFTER_MS) continue;
      health.down = true;
      this.log.warn("a table's shard is silent: its tables say they are reconnecting", { shard });
      for (const connection of this.#connections.values()) {
        if (connection.shard === shard) this.#reconnecting(connection);
      }
    }
  }
}
