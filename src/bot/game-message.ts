import type { TableOffer } from '../activity/table-offer.js';
import type { Translator } from '../i18n/index.js';
import { metrics } from '../ops/metrics.js';
import { CardThread } from '../score-card/card-thread.js';
import type { ScoreCardModel } from '../score-card/model.js';
import type { GameStore, StoredGame } from '../store/index.js';
import type { HouseRules } from './house-rules.js';
import {
  type DiceFaces,
  type GameView,
  type MessagePayload,
  type PrivateCard,
  renderGame,
  renderSheet,
  SCORE_CARD_FILE,
  scoreCardOf,
} from './render/index.js';
import { gameView } from './view.js';

/** A file sent with a message, in the shape discord.js takes (`files`); the REST edits convert it. */
export interface AttachedFile {
  readonly name: string;
  readonly attachment: Buffer;
}

/** A message with the files it shows (`attachment://…`): the score card's, on cards that show one. */
export type WithFiles<T> = T & { files?: AttachedFile[] };

/** The thread that draws the cards, started with the first one (see `CardThread`). */
let cards: CardThread | undefined;

/** A game's score card as a PNG, drawn from its state in `tr`'s language, off the main thread. */
export async function scoreCardFile(gameId: number, state: StoredGame['state'], tr: Translator): Promise<AttachedFile> {
  return { name: SCORE_CARD_FILE, attachment: await drawCard(scoreCardOf(gameId, state, tr)) };
}

/** Any card in the score card's style (a tournament's standings, say) as a PNG, off the main thread. */
export function drawCard(model: ScoreCardModel): Promise<Buffer> {
  cards ??= new CardThread();
  metrics.scoreCards.inc();
  return cards.draw(model);
}

/** Where a game's drawing comes from: its stored rows, and what it froze of its server's house rules. */
export interface BoardSources {
  readonly store: GameStore;
  readonly houseRules: HouseRules;
  /** Where a lobby offers Play at the table; absent: nowhere (no Activity in this process). */
  readonly tables?: TableOffer;
}

/** The game's view, saying whether its server's house rules shaped it. */
export async function boardView(sources: BoardSources, game: StoredGame): Promise<GameView> {
  const [view, frozen] = await Promise.all([gameView(sources.store, game), sources.houseRules.ofGame(game.id)]);
  const atTable = game.state.status === 'lobby' && (sources.tables?.offeredIn(game.channelId) ?? false);
  return { ...view, fromServer: (frozen?.fromServer.length ?? 0) > 0, atTable };
}

/**
 * A game's public message, whatever stage it is at, as sent: once the game is finished, the final
 * standings show its score card, attached here. Every first drawing of the standings goes through
 * this, whichever path draws it (a click's response or the bot's own edit). `serverLocale` speaks
 * the server's Discord locale; a language the server set for its boards when the game started wins.
 * `drawing` says what only the one who sends it knows (the board publisher: that it is about to wait).
 */
export async function gameMessage(
  sources: BoardSources,
  game: StoredGame,
  serverLocale: Translator,
  faces: DiceFaces,
  drawing: Pick<GameView, 'waiting'> = {},
): Promise<WithFiles<MessagePayload>> {
  const tr = await sources.houseRules.translatorFor(game.id, serverLocale);
  const message = renderGame({ ...(await boardView(sources, game)), ...drawing }, tr, faces);
  if (game.state.status !== 'finished') return message;
  return { ...message, files: [await scoreCardFile(game.id, game.state, tr)] };
}

/** A player's sheet with the whole table's score card, for them alone. */
export async function sheetCard(game: StoredGame, playerId: string, tr: Translator): Promise<WithFiles<PrivateCard>> {
  return { ...renderSheet(game.state, playerId, tr), files: [await scoreCardFile(game.id, game.state, tr)] };
}

/**
 * The same message as an edit. A board posted as embeds, before the bot drew Components V2, becomes
 * one only if the edit empties its embeds (Discord refuses the flag beside them; the flag, once set,
 * stays), so every edit of a game's message says so.
 */
export function asEdit<T extends MessagePayload>(message: T): T & { embeds: [] } {
  return { ...message, embeds: [] };
}
