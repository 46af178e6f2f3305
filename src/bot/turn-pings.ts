import type { Client } from 'discord.js';
import type { GameState } from '../game/index.js';
import type { Languages } from '../i18n/index.js';
import type { Logger } from '../log.js';
import { metrics } from '../ops/metrics.js';
import type { GameStore, StoredGame } from '../store/index.js';
import { guildWide } from './audience.js';
import type { BoardPublisher } from './board-publisher.js';
import type { RequestBudget } from './request-budget.js';

export interface TurnPingsDeps {
  readonly client: Client;
  readonly store: GameStore;
  readonly boards: BoardPublisher;
  readonly languages: Languages;
  readonly log: Logger;
  /** The bot's request budget: pings come last in it, and are skipped when it is short. */
  readonly budget: RequestBudget;
}

/** Which turn a ping is for: the round and the seat to act. */
interface TurnKey {
  readonly round: number;
  readonly seat: number;
}

/**
 * Turn notifications: when a person's turn begins, a short message that mentions them (and pings
 * only them) is posted at the bottom of the channel with a link to the board; when that turn ends,
 * it is deleted. Edits never notify anyone, so a ping needs a new message; deleting it keeps the
 * channel clean, with at most one such message per game at a time. Its id is stored with the game,
 * so a restart in between still deletes it.
 *
 * Nobody is pinged for a turn they brought about themselves (the host who pressed Start), for a
 * computer seat, or when no other person is still playing: a solo player at a table of computers
 * knows their turn comes round. Nor when the host turned pings off, or the board is out of reach.
 *
 * Changes of one game are settled one after another, each reading the game as stored, so quick
 * turns (computers move within a second or two) never leave two pings behind.
 *
 * Pings come last in the bot's request budget (see RequestBudget): a ping is not sent when the
 * budget is short (counted in `skipped`, with a log line), and its delete waits behind every other
 * request. A turn that ended while its ping's delete waited gets no ping.
 */
export class TurnPings {
  private readonly chains = new Map<number, Promise<void>>();
  /** Games whose channel is gone: their ping went with it, and no request is made there. */
  private readonly gone = new Set<number>();
  /**
   * The ping each game in play shows, as this process made it (null: none). Only this process
   * posts and deletes a game's pings, so this is the truth; the store's copy is read once per game
   * (after a restart), since a game cached in the store may carry a ping id a save wrote back just
   * after it changed.
   */
  private readonly shown = new Map<number, string | null>();
  /** Pings not sent because the request budget was short, since the start: the log line says how many. */
  skipped = 0;

  constructor(private readonly deps: TurnPingsDeps) {}

  /** A turn began or the game ended (`game` as just stored), because of `actorId`'s action, if anyone's. */
  turnMoved(game: StoredGame, actorId: string | undefined): void {
    const turn = { round: game.state.round, seat: game.state.currentSeat };
    this.enqueue(game.id, () => this.settle(game.id, turn, actorId));
  }

  /**
   * The game's channel, thread or server is gone, and its ping with it: from now on nothing is sent
   * or deleted for it, and the stored ping is forgotten. Call before ending the game.
   */
  placeGone(gameId: number): void {
    this.gone.add(gameId);
    this.enqueue(gameId, () => this.settle(gameId, undefined, undefined));
  }

  /** Resolves when every ping under way has been sent or deleted; used on shutdown. */
  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.allSettled([...this.chains.values()]);
  }

  /** Runs `job` after the game's earlier ones. */
  private enqueue(gameId: number, job: () => Promise<void>): void {
    const next = (this.chains.get(gameId) ?? Promise.resolve())
      .then(job)
      .catch((error: unknown) => this.deps.log.warn('a turn ping failed', { gameId, error }));
    this.chains.set(gameId, next);
    void next.finally(() => {
      if (this.chains.get(gameId) !== next) return;
      this.chains.delete(gameId);
      this.gone.delete(gameId);
    });
  }

  /**
   * Deletes the game's ping (the turn it was for has ended), then pings for `turn` if it is still
   * the turn in play and deserves it; without a turn, only the deleting.
   */
  private async settle(gameId: number, turn: TurnKey | undefined, actorId: string | undefined): Promise<void> {
    const { store, boards } = this.deps;
    // The change's own redraw (a timer's or a computer's, started right after the change) goes first:
    // the ping then follows the board, and a board found out of reach on the way gets no ping.
    await new Promise((resolve) => setImmediate(resolve));
    await boards.redrawn(gameId);
    const before = await store.gameById(gameId);
    if (!before) {
      this.shown.delete(gameId);
      return;
    }
    const ping = this.shown.has(gameId) ? this.shown.get(gameId) : before.pingMessageId;
    if (ping) {
      if (!this.gone.has(gameId)) await boards.deletePing(before, ping);
      await store.setPingMessage(gameId, null);
    }
    this.shown.set(gameId, null);
    if (before.state.status !== 'playing') this.shown.delete(gameId);
    // The delete may have waited in the budget: what counts is the game as it is now.
    const game = ping ? await store.gameById(gameId) : before;
    // Play moved on meanwhile: the change that moved it settles its own turn.
    if (!game || !turn || game.state.round !== turn.round || game.state.currentSeat !== turn.seat) return;
    if (game.state.status !== 'playing') return;
    const playerId = whoToPing(game, actorId);
    const link = boards.boardLink(game);
    if (!playerId) return;
    if (!link || this.gone.has(gameId) || !boards.canPing(game))
      return void metrics.turnPings.inc({ outcome: 'skipped' });
    if (!this.deps.budget.roomForPing()) {
      this.skipped += 1;
      metrics.turnPings.inc({ outcome: 'skipped' });
      this.deps.log.info('turn ping skipped: the request budget is short', {
        gameId,
        waiting: this.deps.budget.waiting(),
        skipped: this.skipped,
      });
      return;
    }
    const tr = await boards.translatorFor(game, guildWide(this.deps.languages, this.deps.client, game.guildId));
    const posted = await boards.postPing(
      game,
      tr.t('ping.your-turn', { player: `<@${playerId}>`, board: link }),
      playerId,
    );
    metrics.turnPings.inc({ outcome: posted ? 'posted' : 'skipped' });
    if (!posted) return;
    this.shown.set(gameId, posted);
    await store.setPingMessage(gameId, posted);
  }
}

/** The person to ping now that `game`'s turn moved, or undefined (see TurnPings). */
export function whoToPing(
  game: Pick<StoredGame, 'pingsEnabled' | 'state'>,
  actorId: string | undefined,
): string | undefined {
  const { state } = game;
  if (!game.pingsEnabled || state.status !== 'playing') return undefined;
  const seat = state.seats[state.currentSeat];
  if (!seat || seat.computer !== null || seat.left || seat.playerId === actorId) return undefined;
  return othersPlaying(state, seat.playerId) ? seat.playerId : undefined;
}

function othersPlaying(state: GameState, playerId: string): boolean {
  return state.seats.some((seat) => seat.computer === null && !seat.left && seat.playerId !== playerId);
}
