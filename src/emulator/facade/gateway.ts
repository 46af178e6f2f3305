import type { EventEmitter } from 'node:events';
import type { EmulatorCore } from '../core.js';
import { ImpossibleActionError } from '../errors.js';
import type { EmulatorEvents } from '../events.js';
import type { WaitOptions } from '../wait.js';

const FATAL_CLOSE_CODES = new Set([4004, 4010, 4011, 4012, 4013, 4014]);

/** The bots' gateway sessions: whether they are ready, and their drops and outages. */
export class GatewayPart {
  constructor(
    private readonly core: EmulatorCore,
    private readonly events: EventEmitter<EmulatorEvents>,
  ) {
    const changed = () => core.waiters.notify();
    core.gateway.on('ready', (session) => {
      events.emit('botReady', session.app.id);
      changed();
    });
    core.gateway.on('resumed', (session) => {
      events.emit('botResumed', session.app.id);
      changed();
    });
    core.gateway.on('disconnected', (session, code) => {
      events.emit('botDisconnected', session.app.id, code);
      changed();
    });
  }

  /**
   * Resolves once the app's bot has a connected session that got READY and every GUILD_CREATE; with
   * `shardCount`, once every shard `0..shardCount-1` of that count has one (across processes).
   */
  waitForBotReady(appId: string, options: WaitOptions & { shardCount?: number } = {}): Promise<true> {
    const { shardCount } = options;
    const ready = () =>
      shardCount === undefined
        ? this.core.gateway.isReady(appId)
        : this.core.gateway.readyShards(appId, shardCount).length === shardCount;
    return this.core.waiters.waitFor(ready, { description: `bot ${appId} ready`, ...options });
  }

  /** Which shards (of `shardCount`) the app has ready and connected now. */
  readyShards(appId: string, shardCount: number): number[] {
    return this.core.gateway.readyShards(appId, shardCount);
  }

  isBotConnected(appId: string): boolean {
    return this.core.gateway.isReady(appId);
  }

  /**
   * Closes the bot's gateway socket(s) with `closeCode` (default 4000, which discord.js resumes).
   * Resolves when the app resumed or re-identified, or at once with 'closed' for a fatal code.
   */
  async dropGateway(
    closeCodeOrOptions: number | { appId?: string; closeCode?: number; timeoutMs?: number } = {},
  ): Promise<'resumed' | 'identified' | 'closed'> {
    const options = typeof closeCodeOrOptions === 'number' ? { closeCode: closeCodeOrOptions } : closeCodeOrOptions;
    const appId = options.appId ?? this.#onlyAppId();
    const code = options.closeCode ?? 4000;
    let outcome: 'resumed' | 'identified' | null = null;
    const onResumed = (id: string) => {
      if (id === appId) outcome ??= 'resumed';
    };
    const onReady = (id: string) => {
      if (id === appId) outcome ??= 'identified';
    };
    this.events.on('botResumed', onResumed);
    this.events.on('botReady', onReady);
    try {
      if (this.core.gateway.drop(appId, code) === 0) throw new ImpossibleActionError(`bot ${appId} is not connected`);
      if (FATAL_CLOSE_CODES.has(code)) return 'closed';
      return await this.core.waiters.waitFor(() => outcome, {
        timeoutMs: options.timeoutMs ?? 15_000,
        description: `bot ${appId} reconnecting`,
      });
    } finally {
      this.events.off('botResumed', onResumed);
      this.events.off('botReady', onReady);
    }
  }

  /**
   * A gateway outage: every socket is cut (no close frame) and new connections get 503 until
   * `bringGatewayUp`. REST keeps answering, as it does during Discord's gateway incidents.
   */
  takeGatewayDown(): void {
    this.core.gateway.down = true;
    this.core.gateway.terminateAll();
  }

  bringGatewayUp(): void {
    this.core.gateway.down = false;
  }

  #onlyAppId(): string {
    const [only, other] = this.core.world.applications.keys();
    if (!only || other) throw new ImpossibleActionError('several (or no) applications exist; pass appId');
    return only;
  }
}
