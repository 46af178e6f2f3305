import {
  ChannelType,
  type Client,
  DiscordAPIError,
  RESTJSONErrorCodes,
  Routes,
  ThreadAutoArchiveDuration,
} from 'discord.js';
import type { TableOffer } from '../activity/table-offer.js';
import { isGameOver } from '../game/index.js';
import type { Languages, Translator } from '../i18n/index.js';
import type { Logger } from '../log.js';
import type { GameStore, StoredGame } from '../store/index.js';
import { guildWide } from './audience.js';
import { drawing, priority, SupersededDrawing } from './budgeted-rest.js';
import type { DiceInUse } from './dice-emojis.js';
import { asEdit, gameMessage } from './game-message.js';
import type { HouseRules } from './house-rules.js';
import { type MessagePayload, renderMoved } from './render/index.js';
import { messageLink } from './render/message-link.js';
import { type OutgoingMessage, toRestRequest } from './rest-message.js';

/**
 * Discord's answers that mean the bot can no longer reach a board: the channel or message is
 * gone, the bot lost its access or permissions there, or the thread is archived or locked.
 * Trying again would only fail again, and every failure counts towards the 10,000 invalid requests
 * in 10 minutes after which Discord bans the bot's address for a while, in every server at once.
 */
const LOST_ACCESS: ReadonlySet<number> = new Set([
  RESTJSONErrorCodes.UnknownChannel,
  RESTJSONErrorCodes.UnknownGuild,
  RESTJSONErrorCodes.UnknownMessage,
  RESTJSONErrorCodes.MissingAccess,
  RESTJSONErrorCodes.MissingPermissions,
  RESTJSONErrorCodes.InvalidActionOnArchivedThread,
  RESTJSONErrorCodes.ThreadLocked,
]);

export function isLostAccess(error: unknown): boolean {
  return error instanceof DiscordAPIError && typeof error.code === 'number' && LOST_ACCESS.has(error.code);
}

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

/**
 * How long an interaction's drawing of a board waits for the bot's own edit of it already on its way
 * to Discord: such an edit takes milliseconds, and the interaction's 3 s must leave room for the
 * answer itself.
 */
const RESPONSE_WAIT_MS = 1_000;

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
 * When an edit finds the board out of reach (see LOST_ACCESS), the board is marked lost: its message
 * id is cleared in the store, so nothing tries to edit it again, and the next person who clicks or
 * uses a command in that channel gets a fresh board through their own interaction response.
 *
 * Turn pings (see TurnPings) are posted and deleted here too, behind the same gate: a lost board
 * means no pings in that game, and a ping refused for lost access stops its game's pings until a
 * person brings the game a board again.
 */
export class BoardPublisher {
  private readonly chains = new Map<number, Promise<void>>();
  /** Each game's board edit that has left the request budget, until Discord has answered it. */
  private readonly sent = new Map<number, Promise<void>>();
  private readonly waiting = new Set<number>();
  /** The last update answering a click on each game's board (see respond), while under way. */
  private readonly answering = new Map<number, Promise<void>>();
  /** Games whose board message is being posted: no board id yet, but none is lost either. */
  private readonly posting = new Set<number>();
  /** Boards found out of reach, until a person brings the game a new one or the game ends. */
  private readonly lost = new Map<number, LostBoard>();
  /** The newest state version whose drawing has landed on each board of a game in play. */
  private readonly newestLanded = new Map<number, number>();
  /** Games whose last ping request found the channel out of reach. */
  private readonly pingsRefused = new Set<number>();

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
  }

  refresh(gameId: number): Promise<void> {
    const chained = this.chains.get(gameId);
    // A redraw that has not started yet will read the newest state anyway.
    if (chained && this.waiting.has(gameId)) return chained;
    this.waiting.add(gameId);
    // Updates answering clicks on this board, sent before this redraw was asked for, land first.
    const answered = this.answering.get(gameId);
    const next = (chained ?? Promise.resolve())
      .then(async () => {
        await answered;
        this.waiting.delete(gameId);
        const game = await this.store.gameById(gameId);
        if (!game) return;
        if (!game.boardMessageId) {
          this.forgetIfOver(game);
          return;
        }
        const tr = guildWide(this.languages, this.client, game.guildId);
        const board = await gameMessage(
          { store: this.store, houseRules: this.houseRules, tables: this.tables },
          game,
          tr,
          this.dice.faces,
        );
        if (await this.edit(game, game.boardMessageId, asEdit(board))) await this.landed(game);
      })
      .catch((error: unknown) => this.log.warn('board redraw failed', { gameId, error }));
    keepUntilSettled(this.chains, gameId, next);
    return next;
  }

  /**
   * Sends a drawing of the board that an interaction's response carries (an update of the clicked
   * board), after this board's edit already sent and the updates answering earlier clicks. Requests
   * sent together reach Discord in either order, so a redraw drawn a moment earlier would otherwise
   * land after this newer drawing and show the board as it was: a player would click that older
   * board and be told it moved on. An edit still queued in the request budget is not waited for:
   * when its turn comes it is dropped as superseded once this drawing has landed, and one that
   * leaves before then and lands after it is caught by `landed`. Under load that queue is where a
   * redraw spends its time, and a lobby's next click once waited up to the bound below for it. The
   * wait is bounded, since the interaction must be answered within 3 s; an edit held up longer is
   * caught by `landed` too.
   */
  respond<T>(gameId: number, send: () => Promise<T>): Promise<T> {
    const ahead = [this.sent.get(gameId), this.answering.get(gameId)].filter((work) => work !== undefined);
    const result = (ahead.length > 0 ? atMost(Promise.all(ahead), RESPONSE_WAIT_MS) : Promise.resolve()).then(send);
    // Kept apart from the redraws: turn pings wait for those (see TurnPings), not for clicks' answers.
    keepUntilSettled(this.answering, gameId, result);
    return result;
  }

  /**
   * Call once a drawing of `game` (at its version) has landed on the board. An update that waited
   * for an edit past its bound, an edit that left the budget while an update was on its way, or
   * drawings from another process still travel concurrently, so an older drawing can land after a
   * newer one and hide it: then the board is redrawn. Only a newer drawing that already landed says
   * so; when none is known (the first drawing, or after the game ended), the store does.
   */
  async landed(game: StoredGame): Promise<void> {
    const drawn = game.state.version;
    const newest = this.newestLanded.get(game.id);
    const behind =
      newest === undefined ? ((await this.store.gameById(game.id))?.state.version ?? drawn) > drawn : newest > drawn;
    if (behind) void this.refresh(game.id);
    else if (isGameOver(game.state)) this.forget(game.id);
    else this.newestLanded.set(game.id, drawn);
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
    this.newestLanded.set(game.id, drawn);
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
    this.newestLanded.delete(gameId);
    this.pingsRefused.delete(gameId);
  }

  /** Whether a drawing of the game at `version` is older than one that already landed on its board. */
  isSuperseded(gameId: number, version: number): boolean {
    const newest = this.newestLanded.get(gameId);
    return newest !== undefined && newest > version;
  }

  /**
   * Told that an attempt of a board edit of this game has left the request budget (see
   * budgetedRequests): until Discord answers it, an interaction's update of the board waits for it.
   */
  editSent(gameId: number, attempt: Promise<unknown>): void {
    keepUntilSettled(this.sent, gameId, attempt);
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
    try {
      const posted = (await this.client.rest.post(Routes.channelMessages(game.channelId), {
        body: { content, allowed_mentions: { parse: [], users: [userId] } },
        headers: priority('ping'),
      })) as { id: string };
      return posted.id;
    } catch (error) {
      if (!isLostAccess(error)) throw error;
      await this.refusePings(game, error);
      return undefined;
    }
  }

  /** Deletes a turn ping; one that someone already deleted is gone all the same. Tried once only. */
  async deletePing(game: StoredGame, messageId: string): Promise<void> {
    try {
      await this.client.rest.delete(Routes.channelMessage(game.channelId, messageId), { headers: priority('ping') });
    } catch (error) {
      if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMessage) return;
      if (!isLostAccess(error)) throw error;
      await this.refusePings(game, error);
    }
  }

  /** The board's message link, for a ping; undefined while the board is not known. */
  boardLink(game: StoredGame): string | undefined {
    return messageLink(game.guildId, game.channelId, game.boardMessageId);
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
  async openThread(channelId: string, name: string): Promise<string> {
    const thread = (await this.client.rest.post(Routes.threads(channelId), {
      headers: priority('waited-for'),
      body: {
        name: name.slice(0, 100),
        type: ChannelType.PublicThread,
        // Only new messages keep a thread open; a day covers an evening's series with room to spare.
        auto_archive_duration: ThreadAutoArchiveDuration.OneDay,
      },
    })) as { id: string };
    return thread.id;
  }

  /** Posts a new game's first board with the bot's token, where no interaction can answer (a new thread). */
  async post(game: StoredGame, board: MessagePayload): Promise<void> {
    this.willPost(game.id);
    const posted = (await this.client.rest.post(Routes.channelMessages(game.channelId), {
      ...toRestRequest(board),
      headers: priority('waited-for'),
    })) as { id: string };
    await this.adopt(game, posted.id, game.state.version);
  }

  /** A board replaced by a newer message says where the game went instead, and loses its controls. */
  private async retire(game: StoredGame, messageId: string, newMessageId: string): Promise<void> {
    const tr = await this.translatorFor(game, guildWide(this.languages, this.client, game.guildId));
    const link = messageLink(game.guildId, game.channelId, newMessageId) ?? '';
    try {
      await this.client.rest.patch(
        Routes.channelMessage(game.channelId, messageId),
        toRestRequest(asEdit(renderMoved(game.id, link, tr))),
      );
    } catch (error) {
      this.log.warn('could not retire an old board', { gameId: game.id, messageId, error });
    }
  }

  /** Resolves when the game's redraws under way have finished (at once when there are none). */
  async redrawn(gameId: number): Promise<void> {
    await this.chains.get(gameId);
  }

  /** Resolves when every redraw under way has finished; used on shutdown. */
  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.allSettled([...this.chains.values()]);
  }

  /**
   * Edits the board; false if the board turned out to be out of reach (it is then marked lost).
   * First in the request budget: these are the redraws nobody's click answers (a timer ran out, a
   * computer moved), and the players are looking at the board for them.
   */
  private async edit(game: StoredGame, messageId: string, message: OutgoingMessage): Promise<boolean> {
    try {
      await this.client.rest.patch(Routes.channelMessage(game.channelId, messageId), {
        ...toRestRequest(message),
        headers: { ...priority('waited-for'), ...drawing(game.id, game.state.version) },
      });
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

/**
 * Keeps `work`, as a promise that settles with it but never rejects, as the game's latest in `map`
 * until it settles; a newer one set meanwhile is not removed by it.
 */
function keepUntilSettled(map: Map<number, Promise<void>>, gameId: number, work: Promise<unknown>): void {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  map.set(gameId, settled);
  void settled.finally(() => {
    if (map.get(gameId) === settled) map.delete(gameId);
  });
}

/** Resolves when `work` settles or after `ms`, whichever comes first. */
function atMost(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([work, elapsed]).finally(() => clearTimeout(timer));
}
