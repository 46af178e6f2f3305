import type { Client } from 'discord.js';
import type { BotContext } from '../bot/context.js';
import type { Starter } from '../bot/start-gate.js';
import type { Translator } from '../i18n/index.js';
import type { Logger } from '../log.js';
import { TokenBuckets } from '../net/token-buckets.js';
import type { StoredGame } from '../store/index.js';
import { applyIntent, type TablePerson } from './intents.js';
import type { Intent, ServerMessage } from './protocol.js';
import { starterAtTable } from './table-starter.js';
import { tableView } from './table-view.js';

/**
 * A socket the server has authenticated: who it is, at which table, in which language. Its socket
 * is in this process, or in the process serving ACTIVITY_PORT, which relays (relayed-sitters.ts).
 */
export interface Sitter {
  /** Sends within the edge's unsent cap (src/net/sockets.ts). */
  send(message: ServerMessage): void;
  /** Calls `listener` once, when the socket has closed. */
  closed(listener: () => void): void;
  close(): void;
  readonly person: TablePerson;
  readonly guildId: string;
  readonly channelId: string;
  readonly tr: Translator;
}

/**
 * Every table's sockets, by channel. A table is the channel's game as stored: whatever changes it
 * (a tap at the table, a click on the board in the chat, a timer, a computer) reaches every socket
 * there, players and spectators alike, drawn from the store.
 */
/** Members remembered for their games at once: far more than a process has tables open. */
const STARTERS_REMEMBERED = 1_000;
/**
 * A person Discord said may not start is asked again at their next press, since the role may have
 * been given meanwhile, but only a few times at once and then once each 10 s: past that their last
 * answer stands, so a barred person's flood of intents costs no flood of member requests.
 */
const BARRED_ASKS = { capacity: 5, perSecond: 0.1 };

export class TableHub {
  readonly #tables = new Map<string, Set<Sitter>>();
  /** What Discord said of a person, by game: one member request per person and game at most. */
  readonly #starters = new Map<string, { readonly starter: Starter; readonly allowed: boolean }>();
  readonly #barredAsks = new TokenBuckets(BARRED_ASKS);
  /** Member requests under way, so that a burst of intents shares one. */
  readonly #asking = new Map<string, Promise<Starter>>();
  #ctx: BotContext | undefined;
  #client: Client | undefined;

  constructor(
    private readonly log: Logger,
    /** The server's language for boards posted in the chat. */
    private readonly channelLanguage: (guildId: string) => Translator,
  ) {}

  /** The bot's context and client, once built (the hub exists before them, to hear the flow's changes). */
  attach(ctx: BotContext, client: Client): void {
    this.#ctx = ctx;
    this.#client = client;
  }

  async sit(sitter: Sitter): Promise<void> {
    let table = this.#tables.get(sitter.channelId);
    if (!table) {
      table = new Set();
      this.#tables.set(sitter.channelId, table);
    }
    table.add(sitter);
    sitter.closed(() => {
      table.delete(sitter);
      if (table.size === 0 && this.#tables.get(sitter.channelId) === table) this.#tables.delete(sitter.channelId);
    });
    const game = await this.#ctx?.store.latestGameInChannel(sitter.channelId);
    sitter.send({ type: 'table', table: tableView(game, sitter.person.id, sitter.tr) });
  }

  /** Told by the flow of every stored change. */
  stored(game: StoredGame): void {
    const table = this.#tables.get(game.channelId);
    if (!table) return;
    for (const sitter of table) sitter.send({ type: 'table', table: tableView(game, sitter.person.id, sitter.tr) });
  }

  async intent(sitter: Sitter, intent: Intent, version: number): Promise<void> {
    const ctx = this.#ctx;
    const client = this.#client;
    if (!ctx || !client) return;
    const place = { guildId: sitter.guildId, channelId: sitter.channelId };
    // The bot has left the server since the person sat down: nothing could be posted there now.
    if (!client.guilds.cache.has(sitter.guildId)) {
      sitter.send({ type: 'denied', text: sitter.tr.t('activity.not-in-server') });
      sitter.close();
      return;
    }
    try {
      const outcome = await applyIntent(
        ctx,
        place,
        sitter.person,
        intent,
        version,
        this.channelLanguage(sitter.guildId),
        (gameId) => this.#starter(ctx, client, place, sitter.person.id, gameId),
      );
      if (outcome) sitter.send({ type: 'refused', text: sitter.tr.render(outcome.refusal) });
    } catch (error) {
      this.log.error('an intent at the table failed', { channel: sitter.channelId, intent: intent.kind, error });
      sitter.send({ type: 'refused', text: sitter.tr.t('error.our-fault') });
    }
  }

  /**
   * The person as the start gate sees them. Discord is asked only when the server names a starter
   * role (the one rule that reads the member); intents that arrive while it is being asked share
   * the one request. An answer that lets the person start is remembered for the game; one that
   * does not stands until BARRED_ASKS lets Discord be asked again.
   */
  async #starter(
    ctx: BotContext,
    client: Client,
    place: { guildId: string; channelId: string },
    personId: string,
    gameId: number | null,
  ): Promise<Starter> {
    const role = (await ctx.houseRules.settingsOf(place.guildId))['starter-role'];
    if (role === undefined)
      return { guildId: place.guildId, channelId: place.channelId, parentId: null, managesServer: false, roleIds: [] };
    const key = `${place.channelId}:${gameId ?? 'none'}:${personId}`;
    const known = this.#starters.get(key);
    if (known && (known.allowed || !this.#barredAsks.take(personId))) return known.starter;
    const pending = this.#asking.get(key);
    if (pending) return pending;
    const asked = starterAtTable(client, place, personId).finally(() => this.#asking.delete(key));
    this.#asking.set(key, asked);
    const starter = await asked;
    const allowed = starter.managesServer || starter.roleIds.includes(role);
    this.#starters.delete(key);
    this.#starters.set(key, { starter, allowed });
    const oldest = this.#starters.size > STARTERS_REMEMBERED ? this.#starters.keys().next().value : undefined;
    if (oldest !== undefined) this.#starters.delete(oldest);
    return starter;
  }
}
