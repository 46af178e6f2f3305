import type { Client } from 'discord.js';
import type { WebSocket } from 'ws';
import type { BotContext } from '../bot/context.js';
import type { Translator } from '../i18n/index.js';
import type { Logger } from '../log.js';
import type { StoredGame } from '../store/index.js';
import { applyIntent, type TablePerson } from './intents.js';
import type { Intent, ServerMessage } from './protocol.js';
import { starterAtTable } from './table-starter.js';
import { tableView } from './table-view.js';

/** A socket the server has authenticated: who it is, at which table, in which language. */
export interface Sitter {
  readonly socket: WebSocket;
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
export class TableHub {
  readonly #tables = new Map<string, Set<Sitter>>();
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
    sitter.socket.once('close', () => {
      table.delete(sitter);
      if (table.size === 0 && this.#tables.get(sitter.channelId) === table) this.#tables.delete(sitter.channelId);
    });
    const game = await this.#ctx?.store.latestGameInChannel(sitter.channelId);
    this.#send(sitter, { type: 'table', table: tableView(game, sitter.person.id, sitter.tr) });
  }

  /** Told by the flow of every stored change. */
  stored(game: StoredGame): void {
    const table = this.#tables.get(game.channelId);
    if (!table) return;
    for (const sitter of table)
      this.#send(sitter, { type: 'table', table: tableView(game, sitter.person.id, sitter.tr) });
  }

  async intent(sitter: Sitter, intent: Intent, version: number): Promise<void> {
    const ctx = this.#ctx;
    const client = this.#client;
    if (!ctx || !client) return;
    const place = { guildId: sitter.guildId, channelId: sitter.channelId };
    try {
      const outcome = await applyIntent(
        ctx,
        place,
        sitter.person,
        intent,
        version,
        this.channelLanguage(sitter.guildId),
        () => starterAtTable(client, place, sitter.person.id),
      );
      if (outcome) this.#send(sitter, { type: 'refused', text: sitter.tr.render(outcome.refusal) });
    } catch (error) {
      this.log.error('an intent at the table failed', { channel: sitter.channelId, intent: intent.kind, error });
      this.#send(sitter, { type: 'refused', text: sitter.tr.t('error.our-fault') });
    }
  }

  #send(sitter: Sitter, message: ServerMessage): void {
    if (sitter.socket.readyState === sitter.socket.OPEN) sitter.socket.send(JSON.stringify(message));
  }
}
