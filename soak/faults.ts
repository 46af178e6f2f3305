import { PermissionFlagsBits } from 'discord-api-types/v10';
import { withClient } from '../harness/postgres-client.js';
import type { Emulator, InjectedFault, RestFault } from '../src/emulator/index.js';
import type { SoakBot } from './bot.js';
import type { Outage } from './figures.js';
import type { FaultKind, ScheduledFault } from './schedule.js';
import type { TableSpec } from './table.js';
import { connectionHoldingWriteLock } from './write-lock.js';

/** When one fault was under way (`toMs` undefined while it still is). */
export interface FaultSpan {
  readonly kind: FaultKind;
  readonly fromMs: number;
  toMs: number | undefined;
}

/** Where the bot keeps its games, for the database stalls. */
export type SoakDatabase =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string };

/** How long each fault lasts. */
export const FAULT_MS = {
  /** A storm of 429s (Retry-After 1 s) on every channel route. */
  rateLimitStorm: 10_000,
  /** Every message edit with the bot's token answers 500. */
  failedEdits: 8_000,
  /** The bot cannot see one channel. */
  viewChannel: 20_000,
  /** A thread stays archived until one of its players writes in it. */
  threadArchived: 15_000,
  /** SQLite: another connection holds the write lock (past the 2 s at which the bot defers an answer). */
  databaseStall: 3_000,
} as const;

/**
 * Injects each fault of the schedule: into the bot's processes (a shard's SIGKILL, the launcher's
 * SIGTERM and restart), into the emulator (429 storms, 500s on edits, gateway drops, a channel
 * hidden from the bot, a thread archived) and into the database (a write lock, terminated
 * connections). Process faults run one at a time, each waiting for the bot to be back; the others
 * overlap them freely.
 */
export class FaultRunner {
  readonly counts = new Map<FaultKind, number>();
  readonly outages: { fromMs: number; backMs: number | undefined }[] = [];
  /** Every fault's time under way, for telling which one an interaction that failed met. */
  readonly spans: FaultSpan[] = [];
  private processFaults: Promise<void> = Promise.resolve();
  private readonly injected: InjectedFault[] = [];
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      readonly discord: Emulator;
      readonly appId: string;
      readonly bot: SoakBot;
      readonly database: SoakDatabase;
      readonly tables: readonly TableSpec[];
      /** Milliseconds since the load began. */
      readonly now: () => number;
      readonly say: (line: string) => void;
    },
  ) {}

  inject(fault: ScheduledFault): void {
    this.counts.set(fault.kind, (this.counts.get(fault.kind) ?? 0) + 1);
    this.deps.say(`fault: ${fault.kind}`);
    const span: FaultSpan = { kind: fault.kind, fromMs: this.deps.now(), toMs: undefined };
    this.spans.push(span);
    const done = this.run(fault)
      .finally(() => {
        span.toMs = this.deps.now();
      })
      .catch((error: unknown) =>
        this.deps.say(`fault ${fault.kind} went wrong: ${error instanceof Error ? error.message : String(error)}`),
      );
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
  }

  /** Waits for every fault under way to be over (the bot back, the channel visible again…). */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  outagesSoFar(): readonly Outage[] {
    return this.outages;
  }

  private run(fault: ScheduledFault): Promise<void> {
    const { discord, appId, bot, tables } = this.deps;
    switch (fault.kind) {
      case 'shard-kill':
        return this.processFault(() => bot.killShard(fault.pick % bot.shards).then(() => undefined));
      case 'launcher-restart':
        return this.processFault(async () => {
          await bot.stop();
          await bot.start();
        });
      case 'rate-limit-storm':
        return this.emulated({
          pathPattern: /^\/channels\//,
          status: 429,
          retryAfterSeconds: 1,
          forMs: FAULT_MS.rateLimitStorm,
        });
      case 'failed-edits':
        return this.emulated({
          method: 'PATCH',
          pathPattern: /^\/channels\/\d+\/messages\/\d+$/,
          status: 500,
          forMs: FAULT_MS.failedEdits,
        });
      case 'gateway-drop':
        return discord.dropGateway({ appId, closeCode: 4000, timeoutMs: 60_000 }).then(() => undefined);
      case 'view-channel': {
        const plain = tables.filter((table) => table.threadId === undefined);
        const table = plain[fault.pick % plain.length];
        if (!table) return Promise.resolve();
        discord.setChannelPermissions(table.channelId, appId, { deny: PermissionFlagsBits.ViewChannel });
        return wait(FAULT_MS.viewChannel).then(() => discord.setChannelPermissions(table.channelId, appId, {}));
      }
      case 'thread-archive': {
        const threaded = tables.filter((table) => table.threadId !== undefined);
        const table = threaded[fault.pick % threaded.length];
        if (!table?.threadId) return Promise.resolve();
        const threadId = table.threadId;
        if (!discord.thread(threadId).archived) discord.archiveThread(threadId);
        // A player notices and writes in the thread, which unarchives it (as on Discord).
        return wait(FAULT_MS.threadArchived).then(() => {
          if (discord.thread(threadId).archived) {
            discord.postMessage({ user: table.people[0] ?? '', channel: threadId, content: 'still playing?' });
          }
        });
      }
      case 'database-stall':
        return this.stallDatabase();
    }
  }

  /** How many requests the emulator answered with an injected failure. */
  injectedAnswers(): number {
    return this.injected.reduce((sum, fault) => sum + fault.hits, 0);
  }

  private emulated(fault: RestFault): Promise<void> {
    const injected = this.deps.discord.failNextRest(fault);
    this.injected.push(injected);
    return injected.served;
  }

  /** One process fault after the other: each ends when the bot serves every shard again. */
  private processFault(act: () => Promise<void>): Promise<void> {
    const next = this.processFaults.then(async () => {
      const outage: { fromMs: number; backMs: number | undefined } = { fromMs: this.deps.now(), backMs: undefined };
      this.outages.push(outage);
      await act();
      outage.backMs = this.deps.now();
    });
    this.processFaults = next.catch(() => undefined);
    return next;
  }

  private async stallDatabase(): Promise<void> {
    const { database } = this.deps;
    if (database.kind === 'sqlite') {
      // Another connection (a backup tool, an operator's sqlite3 shell) takes the write lock.
      const db = await connectionHoldingWriteLock(database.path);
      try {
        await wait(FAULT_MS.databaseStall);
        db.exec('ROLLBACK');
      } finally {
        db.close();
      }
      return;
    }
    // A failover, or an operator ending sessions: every connection of the bot's database is cut.
    await withClient(database.url, (client) =>
      client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      ),
    );
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
