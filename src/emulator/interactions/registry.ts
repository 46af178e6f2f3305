import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Clock } from '../clock.js';
import type { EmulatedMessage } from '../messages.js';
import type { Json } from '../payloads.js';

/** Discord's window for the first response. */
export const ACK_DEADLINE_MS = 3_000;
/** How long an interaction token serves follow-ups and edits. */
export const TOKEN_LIFETIME_MS = 15 * 60_000;

/**
 * docs/interactions/receiving-and-responding.mdx, "Create Followup Message": "Apps are limited to 5
 * followup messages per interaction if it was initiated from a user-installed app and isn't
 * installed in the server".
 */
export const MAX_USER_INSTALL_FOLLOW_UPS = 5;

/** Settled interactions whose token expired are forgotten, checked every this many registrations. */
export const SWEEP_EVERY = 512;

export const InteractionType = {
  Ping: 1,
  ApplicationCommand: 2,
  MessageComponent: 3,
  Autocomplete: 4,
  ModalSubmit: 5,
} as const;

export type AckKind = 'reply' | 'deferred-reply' | 'deferred-update' | 'update' | 'modal' | 'launch-activity';

/** What the user saw once the bot answered (or did not). */
export interface InteractionOutcome {
  interactionId: string;
  ack: AckKind | 'failed';
  /** The response is visible to the invoking user only. */
  ephemeral: boolean;
  /**
   * The message shown after the ack: the reply, the "thinking" placeholder of a deferred reply, or the
   * clicked message (updated or not) for component acks; null for modals and failures.
   */
  message: EmulatedMessage | null;
  /** The modal the bot opened (type 9 data), if any. */
  modal: Json | null;
  /** Why it failed, when `ack` is 'failed'. */
  error: string | null;
}

export interface NewInteraction {
  appId: string;
  type: number;
  userId: string;
  guildId: string | null;
  channelId: string;
  /** The message whose component was used. */
  sourceMessageId: string | null;
  commandName: string | null;
  /** `interaction_metadata` for messages this interaction creates. */
  metadata: Json;
  /** Only a user install authorizes it: at most MAX_USER_INSTALL_FOLLOW_UPS follow-ups. */
  userInstallOnly: boolean;
  /** Every response is made ephemeral, whatever the app asks (no Use External Apps). */
  forceEphemeral: boolean;
}

export interface InteractionRecord extends NewInteraction {
  readonly id: string;
  readonly token: string;
  readonly createdAt: number;
  status: 'pending' | 'acknowledged' | 'failed';
  ack: AckKind | null;
  ephemeral: boolean;
  /** What `@original` designates: the response message, or the clicked message for 6/7. */
  originalMessageId: string | null;
  followUpIds: string[];
  modal: Json | null;
  readonly outcome: Promise<InteractionOutcome>;
}

interface Internal {
  record: InteractionRecord;
  resolve: (outcome: InteractionOutcome) => void;
  timer: NodeJS.Timeout | null;
  /** No gateway session took the INTERACTION_CREATE (the bot was not connected). */
  undelivered: boolean;
}

const NO_RESPONSE = 'the application did not respond within 3 seconds';

export interface RegistryEvents {
  settled: [record: InteractionRecord, outcome: InteractionOutcome];
}

/** Every interaction sent to a bot, by id and by token, with its 3-second deadline. */
export class InteractionRegistry extends EventEmitter<RegistryEvents> {
  readonly #byId = new Map<string, Internal>();
  readonly #byToken = new Map<string, Internal>();
  #registeredSinceSweep = 0;

  constructor(
    private readonly clock: Clock,
    private readonly nextId: () => string,
    private readonly messageOf: (id: string | null) => EmulatedMessage | null,
  ) {
    super();
  }

  register(init: NewInteraction): InteractionRecord {
    if (++this.#registeredSinceSweep >= SWEEP_EVERY) this.#sweep();
    let resolve!: (outcome: InteractionOutcome) => void;
    const outcome = new Promise<InteractionOutcome>((done) => {
      resolve = done;
    });
    const id = this.nextId();
    const record: InteractionRecord = {
      ...init,
      id,
      token: Buffer.from(`interaction:${id}:${randomBytes(24).toString('base64url')}`).toString('base64url'),
      createdAt: this.clock.now(),
      status: 'pending',
      ack: null,
      ephemeral: false,
      originalMessageId: null,
      followUpIds: [],
      modal: null,
      outcome,
    };
    const internal: Internal = { record, resolve, timer: null, undelivered: false };
    internal.timer = setTimeout(() => this.#fail(internal), ACK_DEADLINE_MS);
    internal.timer.unref();
    this.#byId.set(id, internal);
    this.#byToken.set(record.token, internal);
    return record;
  }

  get(id: string): InteractionRecord | undefined {
    return this.#byId.get(id)?.record;
  }

  byToken(token: string): InteractionRecord | undefined {
    return this.#byToken.get(token)?.record;
  }

  markUndelivered(record: InteractionRecord): void {
    const internal = this.#byId.get(record.id);
    if (internal) internal.undelivered = true;
  }

  /** True once the first-response window closed (by the clock, which a test may move). */
  isOverdue(record: InteractionRecord): boolean {
    return this.clock.now() - record.createdAt >= ACK_DEADLINE_MS;
  }

  tokenExpired(record: InteractionRecord): boolean {
    return this.clock.now() - record.createdAt > TOKEN_LIFETIME_MS;
  }

  acknowledge(
    record: InteractionRecord,
    ack: AckKind,
    details: { ephemeral?: boolean; originalMessageId?: string | null; modal?: Json },
  ): void {
    const internal = this.#byId.get(record.id);
    if (!internal || record.status !== 'pending') return;
    if (internal.timer) clearTimeout(internal.timer);
    internal.timer = null;
    record.status = 'acknowledged';
    record.ack = ack;
    record.ephemeral = details.ephemeral ?? false;
    record.originalMessageId = details.originalMessageId ?? null;
    record.modal = details.modal ?? null;
    this.#settle(internal, {
      interactionId: record.id,
      ack,
      ephemeral: record.ephemeral,
      message: this.messageOf(record.originalMessageId),
      modal: record.modal,
      error: null,
    });
  }

  /** Fails a pending interaction whose window closed; used when a response arrives late. */
  failIfOverdue(record: InteractionRecord): boolean {
    const internal = this.#byId.get(record.id);
    if (internal && record.status === 'pending' && this.isOverdue(record)) {
      this.#fail(internal);
    }
    return record.status === 'failed';
  }

  /** After the clock jumped: every pending interaction past its window fails now. */
  failOverdue(): void {
    for (const internal of this.#byId.values()) {
      if (internal.record.status === 'pending' && this.isOverdue(internal.record)) {
        this.#fail(internal);
      }
    }
  }

  close(): void {
    for (const internal of this.#byId.values()) if (internal.timer) clearTimeout(internal.timer);
  }

  /**
   * Drops settled interactions whose token can no longer be used, so long runs stay flat in memory.
   * The map keeps them in the order they were made, and the clock only moves forward, so the sweep
   * stops at the first token still alive. Walking every record each time, a bench run's sweeps grew
   * with the square of its interactions: 6 % of the bench process's CPU over 3 minutes.
   */
  #sweep(): void {
    this.#registeredSinceSweep = 0;
    for (const [id, internal] of this.#byId) {
      if (!this.tokenExpired(internal.record)) return;
      if (internal.record.status !== 'pending') {
        this.#byId.delete(id);
        this.#byToken.delete(internal.record.token);
      }
    }
  }

  #fail(internal: Internal): void {
    const { record } = internal;
    const reason = internal.undelivered ? `${NO_RESPONSE} (no gateway session of the bot received it)` : NO_RESPONSE;
    if (record.status !== 'pending') return;
    if (internal.timer) clearTimeout(internal.timer);
    internal.timer = null;
    record.status = 'failed';
    this.#settle(internal, {
      interactionId: record.id,
      ack: 'failed',
      ephemeral: false,
      message: null,
      modal: null,
      error: reason,
    });
  }

  #settle(internal: Internal, outcome: InteractionOutcome): void {
    internal.resolve(outcome);
    this.emit('settled', internal.record, outcome);
  }
}
