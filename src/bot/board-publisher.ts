import { type Client, type DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';
import type { TableOffer } from '../activity/table-offer.js';
import { isGameOver } from '../game/index.js';
import type { Languages, Translator } from '../i18n/index.js';
import type { Logger } from '../log.js';
import type { GameStore, GameWebhook, StoredGame, WebhookToken } from '../store/index.js';
import { guildWide } from './audience.js';
import { LandedDrawings } from './board-drawings.js';
import { BoardQueue } from './board-queue.js';
import { BoardRequests, isLostAccess } from './board-requests.js';
import { SupersededDrawing } from './budgeted-rest.js';
import type { DiceInUse } from './dice-emojis.js';
import { asEdit, gameMessage } from './game-message.js';
import type { HouseRules } from './house-rules.js';
import { type MessagePayload, renderMoved } from './render/index.js';
import { messageLink } from './render/message-link.js';
import type { OutgoingMessage } from './rest-message.js';
import { soonWithoutToken, WaitingBoards } from './waiting-board.js';
import { FOLLOW_UP_CAP, mayEditWith, mayFollowUpWith } from './webhook-allowance.js';
import { WebhookRequests } from './webhook-requests.js';

export interface BoardPublisherDeps {
  readonly client: Client;
  readonly store: GameStore;
  readonly houseRules: HouseRules;
  readonly languages: Languages;
  readonly log: Logger;
  readonly now: () => number;
  readonly dice: DiceInUse;
  /** Where lobbies offer Play at the table. */
  readonly tables?: TableOffer;
  /** Told when a lost board is back, so that turns held while it was lost can be played. */
  readonly boardBack: (game: StoredGame) => void;
}

/** A board the bot could not reach: when that was found, and the message it was. */
interface LostBoard {
  readonly since: number;
  readonly messageId: string;
}

/**
 * The bot's own requests about a game's board: redraws of boards that change without an
 * interaction to answer (turn timers, computer moves, a stale click, /crag leave), in the server's
 * language, with the bot's token, which unlike an interaction token never expires mid-game.
 * Edits of one board run one after another and always draw the latest stored state, and the updates
 * that answer clicks on it wait for an edit already sent (see respond), so a slow edit can never
 * paint over a newer one.
 *
 * When an edit finds the board out of reach (see isLostAccess), the board is marked lost: its message
 * id is cleared in the store, so nothing tries to edit it again, and the next person who clicks or
 * uses a command in that channel gets a fresh board through their own interaction response.
 *
 * Turn pings (see TurnPings) are posted and deleted here too, behind the same gate: a lost board
 * means no pings in that game, and a ping refused for lost access stops its game's pings until a
 * person brings the game a board again.
 *
 * The jobs are split: BoardQueue orders the requests of each board, LandedDrawings knows which
 * drawing is the newest so that older ones are dropped or painted over, and BoardRequests sends
 * them. What stays here is what a board's fate means: lost, posting, back.
 */
export class BoardPublisher {
  private readonly queue = new BoardQueue();
  private readonly drawings: LandedDrawings;
  private readonly requests: BoardRequests;
  /** Where the bot is not a member, the same through the game's newest interaction token. */
  private readonly webhookRequests: WebhookRequests;
  /** Games whose board message is being posted: no board id yet, but none is lost either. */
  private readonly posting = new Set<number>();
  /** Boards found out of reach, until a person brings the game a new one or the game ends. */
  private readonly lost = new Map<number, LostBoard>();
  /** Games whose last ping request found the channel out of reach. */
  private readonly pingsRefused = new Set<number>();
  private readonly waiting: WaitingBoards;

  private readonly client: Client;
  private readonly store: GameStore;
  private readonly houseRules: HouseRules;
  private readonly languages: Languages;
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly dice: DiceInUse;
  private readonly tables: TableOffer | undefined;
  private readonly boardBack: (game: StoredGame) => void;

  constructor(deps: BoardPublisherDeps) {
    this.client = deps.client;
    this.store = deps.store;
    this.houseRules = deps.houseRules;
    this.languages = deps.languages;
    this.log = deps.log;
    this.now = deps.now;
    this.dice = deps.dice;
    this.tables = deps.tables;
    this.boardBack = deps.boardBack;
    this.drawings = new LandedDrawings(deps.store);
    this.requests = new BoardRequests(deps.client);
    this.webhookRequests = new WebhookRequests(deps.client);
    this.waiting = new WaitingBoards(deps.now, (gameId) => void this.refresh(gameId));
  }

  refresh(gameId: number): Promise<void> {
    return this.queue.redraw(
      gameId,
      () => this.redraw(gameId),
      (error) => this.log.warn('board redraw failed', { gameId, error }),
    );
  }

  /**
   * Sends a drawing an interaction's response carries (an update of the clicked board) after this
   * board's edit already sent and the updates answering earlier clicks: requests sent together land
   * in either order, and an older redraw landing last would show a board that has moved on. An edit
   * still queued in the request budget is not waited for (it is dropped as superseded, or caught by
   * `landed`), and the wait is bounded (BoardQueue's), since the interaction must be answered in 3 s.
   */
  respond<T>(gameId: number, send: () => Promise<T>): Promise<T> {
    return this.queue.respond(gameId, send);
  }

  /**
   * Call once a drawing of `game` (at its version) has landed on the board. An update that waited
   * for an edit past its bound, an edit that left the budget while an update was on its way, or
   * drawings from another process still travel concurrently, so an older drawing can land after a
   * newer one and hide it: then the board is redrawn. Only a newer drawing that already landed says
   * so; when none is known (the first drawing, or after the game ended), the store does.
   */
  async landed(game: StoredGame): Promise<void> {
    if (await this.drawings.landedBehind(game)) void this.refresh(game.id);
    else if (isGameOver(game.state)) this.forget(game.id);
    else this.drawings.shows(game.id, game.state.version);
  }

  /** Call before posting a new board for a game that has none yet (a new lobby, a thread's lobby, Play again). */
  willPost(gameId: number): void {
    this.posting.add(gameId);
  }

  /**
   * Records `messageId`, showing state `drawn`, as the game's board: after a new game is posted,
   * after /crag board, or when a person's interaction brings back a lost board. A click handled
   * while the message was being posted may have moved the game on; only a redraw shows that.
   * A board that is replaced loses its controls.
   */
  async adopt(game: StoredGame, messageId: string, drawn: number): Promise<void> {
    this.posting.delete(game.id);
    this.pingsRefused.delete(game.id);
    // The board shows `drawn` now: later drawings are compared with it, not with the store, which a
    // click already under way may have moved on (its own drawing lands next; no redraw is needed).
    this.drawings.shows(game.id, drawn);
    const wasLost = this.lost.delete(game.id) || game.boardMessageId === null;
    await this.store.setBoardMessage(game.id, messageId);
    const stored = await this.store.gameById(game.id);
    if (stored && stored.state.version !== drawn) void this.refresh(game.id);
    if (stored && wasLost) this.boardBack(stored);
    if (!wasLost && game.boardMessageId && game.boardMessageId !== messageId) {
      await this.retire(game, game.boardMessageId, messageId);
    }
  }

  /** A thread was reopened: the board it lost when it was archived is shown again, up to date. */
  async reopen(game: StoredGame): Promise<void> {
    const messageId = this.lost.get(game.id)?.messageId;
    if (!messageId || game.boardMessageId !== null) return;
    await this.adopt(game, messageId, -1);
  }

  /** Whether nobody can see this game's board any more: not posted, and not about to be. */
  isLost(game: StoredGame): boolean {
    return game.boardMessageId === null && !this.posting.has(game.id) && !isGameOver(game.state);
  }

  /** How long the game's board has been out of reach (0 when it was only just found out). */
  lostFor(game: StoredGame): number {
    let lost = this.lost.get(game.id);
    if (!lost) {
      // A restart forgets when: count from now.
      lost = { since: this.now(), messageId: '' };
      this.lost.set(game.id, lost);
    }
    return this.now() - lost.since;
  }

  /** The game is over and will never be redrawn again without a click: its entries go. */
  forget(gameId: number): void {
    this.lost.delete(gameId);
    this.posting.delete(gameId);
    this.drawings.forget(gameId);
    this.pingsRefused.delete(gameId);
    this.waiting.forget(gameId);
  }

  /** Whether a drawing of the game at `version` is older than one that already landed on its board. */
  isSuperseded(gameId: number, version: number): boolean {
    return this.drawings.isSuperseded(gameId, version);
  }

  /**
   * Told that an attempt of a board edit of this game has left the request budget (see
   * budgetedRequests): until Discord answers it, an interaction's update of the board waits for it.
   */
  editSent(gameId: number, attempt: Promise<unknown>): void {
    this.queue.editSent(gameId, attempt);
  }

  /** What the game's boards and pings speak: the language its server set when it started, else the server's. */
  translatorFor(game: StoredGame, serverLocale: Translator): Promise<Translator> {
    return this.houseRules.translatorFor(game.id, serverLocale);
  }

  /** Whether the game's channel may get a turn ping: its board is there and no ping was refused. */
  canPing(game: StoredGame): boolean {
    return game.boardMessageId !== null && !this.pingsRefused.has(game.id);
  }

  /**
   * Posts a turn ping with the bot's token, pinging only `userId`; its message id, or undefined when
   * the channel turned out to be out of reach (no more pings there until a board comes back).
   */
  async postPing(game: StoredGame, content: string, userId: string): Promise<string | undefined> {
    if (game.viaWebhooks) return this.followUpPing(game, content, userId);
    try {
      return await this.requests.postPing(game, content, userId);
    } catch (error) {
      if (!isLostAccess(error)) throw error;
      await this.refusePings(game, error);
      return undefined;
    }
  }

  /** Deletes a turn ping; one that someone already deleted is gone all the same. Tried once only. */
  async deletePing(game: StoredGame, messageId: string): Promise<void> {
    // A follow-up can be deleted only through the token that posted it, which may have run out by
    // the turn's end: in a place reached through webhooks, a turn ping stays in the channel.
    if (game.viaWebhooks) return;
    try {
      await this.requests.deletePing(game, messageId);
    } catch (error) {
      if (!isLostAccess(error)) throw error;
      await this.refusePings(game, error);
    }
  }

  /** The board's message link, for a ping; undefined while the board is not known. */
  boardLink(game: StoredGame): string | undefined {
    return messageLink(game.guildId, game.channelId, game.boardMessageId);
  }

  /**
   * Records a token an interaction on the game's board brought (the /crag start that posted it, a
   * click on it) where the bot is not a member: from now on the board is reached through the newest
   * such token, and never with the bot's own (Discord would refuse it, Missing Access). True when it
   * was recorded (false: a newer token is kept already).
   */
  async tokenFrom(gameId: number, given: WebhookToken, followUpsUsed = 0): Promise<boolean> {
    if (!(await this.store.webhooks.take(gameId, given, followUpsUsed))) return false;
    // A change made while no token could draw it (a computer's move before this token was kept) is drawn now.
    if (this.waiting.tokenCame(gameId, given)) void this.refresh(gameId);
    return true;
  }

  /** Counts one follow-up of the game's newest `token` before it is sent; false when it has none left. */
  reserveFollowUp(gameId: number, token: string): Promise<boolean> {
    return this.store.webhooks.reserveFollowUp(gameId, token, FOLLOW_UP_CAP);
  }

  /** Whether the game is reached through webhooks and no token can draw it now (due-turns.ts holds its time-outs). */
  async waitsForPress(game: StoredGame): Promise<boolean> {
    if (!game.viaWebhooks) return false;
    const webhook = await this.store.webhooks.of(game.id);
    return !webhook || !mayEditWith(webhook, this.now());
  }

  /**
   * A turn ping where the bot is not a member: a follow-up of the newest token, if it has time and a
   * follow-up left, counted in the store before it is sent so that no sixth one can ever go, even
   * from two processes. Without one, no ping: the board says whose turn it is all the same, and the
   * follow-ups are kept for nothing else (see docs/anywhere.md).
   */
  private async followUpPing(game: StoredGame, content: string, userId: string): Promise<string | undefined> {
    const webhook = await this.store.webhooks.of(game.id);
    if (!webhook || !mayFollowUpWith(webhook, this.now())) return undefined;
    if (!(await this.reserveFollowUp(game.id, webhook.token))) return undefined;
    return this.webhookRequests.followUp(webhook, content, userId);
  }

  /**
   * A ping request found its channel out of reach: no more pings there until a board comes back.
   * Unless the bot only may not post there (it can still edit its board), the board is out of reach
   * too, and is marked lost now rather than found so by one more failing request.
   */
  private async refusePings(game: StoredGame, error: unknown): Promise<void> {
    this.pingsRefused.add(game.id);
    const code = (error as DiscordAPIError).code;
    if (code !== RESTJSONErrorCodes.MissingPermissions && game.boardMessageId !== null) {
      await this.markLost(game, game.boardMessageId, error);
      return;
    }
    this.log.warn('turn pings are out of reach in a channel; they stop until a board comes back there', {
      gameId: game.id,
      channel: game.channelId,
      code,
    });
  }

  /** Opens a public thread of a channel for a new game, and gives its id. */
  openThread(channelId: string, name: string): Promise<string> {
    return this.requests.openThread(channelId, name);
  }

  /** Posts a new game's first board with the bot's token, where no interaction can answer (a new thread). */
  async post(game: StoredGame, board: MessagePayload): Promise<void> {
    this.willPost(game.id);
    const messageId = await this.requests.post(game, board);
    await this.adopt(game, messageId, game.state.version);
  }

  /** A board replaced by a newer message says where the game went instead, and loses its controls. */
  private async retire(game: StoredGame, messageId: string, newMessageId: string): Promise<void> {
    // The newest token reaches only its own interaction's message, not the board it replaced.
    if (game.viaWebhooks) return;
    const tr = await this.translatorFor(game, guildWide(this.languages, this.client, game.guildId));
    const link = messageLink(game.guildId, game.channelId, newMessageId) ?? '';
    try {
      await this.requests.replace(game, messageId, asEdit(renderMoved(game.id, link, tr)));
    } catch (error) {
      this.log.warn('could not retire an old board', { gameId: game.id, messageId, error });
    }
  }

  /** Resolves when the game's redraws under way have finished (at once when there are none). */
  redrawn(gameId: number): Promise<void> {
    return this.queue.redrawn(gameId);
  }

  /** Resolves when every redraw under way has finished; used on shutdown. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** Draws the game's latest stored state on its board, if it has one. */
  private async redraw(gameId: number): Promise<void> {
    const game = await this.store.gameById(gameId);
    if (!game) return;
    if (!game.boardMessageId) {
      this.forgetIfOver(game);
      return;
    }
    // Only a game reached through webhooks reads its token: a bot-token game costs no read here.
    const webhook = game.viaWebhooks ? await this.store.webhooks.of(game.id) : undefined;
    // No token yet, or nobody pressed anything for 15 minutes: no token can reach the board. The game
    // waits, drawn as the last good token left it, until someone at the table presses it (a fresh token).
    if (game.viaWebhooks && (!webhook || !mayEditWith(webhook, this.now()))) return this.waiting.missed(game.id);
    if (webhook) this.waiting.watch(game.id, webhook);
    const waiting = webhook !== undefined && game.state.status === 'playing' && soonWithoutToken(webhook, this.now());
    const tr = guildWide(this.languages, this.client, game.guildId);
    const sources = { store: this.store, houseRules: this.houseRules, tables: this.tables };
    const board = await gameMessage(sources, game, tr, this.dice.faces, { waiting });
    if (await this.edit(game, game.boardMessageId, asEdit(board), webhook)) await this.landed(game);
  }

  /**
   * Edits the board; false if a newer drawing landed first, or if the board turned out to be out of
   * reach (it is then marked lost).
   */
  private async edit(
    game: StoredGame,
    messageId: string,
    message: OutgoingMessage,
    webhook: GameWebhook | undefined,
  ): Promise<boolean> {
    try {
      if (webhook) await this.webhookRequests.edit(game, webhook, messageId, message);
      else await this.requests.edit(game, messageId, message);
      return true;
    } catch (error) {
      // A person's click drew a newer state meanwhile: this one must not paint over it.
      if (error instanceof SupersededDrawing) return false;
      if (!isLostAccess(error)) throw error;
      await this.markLost(game, messageId, error);
      return false;
    }
  }

  private async markLost(game: StoredGame, messageId: string, error: unknown): Promise<void> {
    // Unless a person's interaction has meanwhile brought the game a new board.
    if ((await this.store.gameById(game.id))?.boardMessageId !== messageId) return;
    this.lost.set(game.id, { since: this.now(), messageId });
    await this.store.setBoardMessage(game.id, null);
    this.log.warn('a board is out of reach; it comes back with the next command or click there', {
      gameId: game.id,
      channel: game.channelId,
      code: (error as DiscordAPIError).code,
    });
  }

  private forgetIfOver(game: StoredGame): void {
    if (isGameOver(game.state)) this.forget(game.id);
  }
}
