import { type Action, applyAction, type GameState, type RandomInt } from '../game/index.js';
import type { GameStore, NewGame, StoredGame } from '../store/index.js';
import { GameLocks } from './game-locks.js';
import type { Refusal } from './outcome.js';
import { channelBusy, engineRefusal, GAME_GONE, MOVED_ON, SERIES_GONE } from './refusals.js';
import type { TurnScheduler } from './scheduler.js';

/** What a change's caller decides, given the game as stored: an action for the engine, or a refusal. */
export type Decision = Action | Refusal;

/** The one result shape of every state change, whatever triggered it. */
export type Changed = { readonly ok: true; readonly game: StoredGame } | ({ readonly ok: false } & Refusal);

export interface GameFlowDeps {
  readonly store: GameStore;
  readonly scheduler: TurnScheduler;
  readonly random: RandomInt;
  /**
   * The dice of one action when they are not `random`'s: a daily game's come from its keyed stream
   * (see DailyDeals). Undefined for every other game.
   */
  readonly randomFor?: (state: GameState, action: Action) => RandomInt | undefined;
  readonly now: () => number;
  /** Milliseconds in one "minute" of the turn timer. */
  readonly turnTimerUnitMs: number;
  /**
   * Told, once stored, of every change that began a new turn or ended the game, with whoever's
   * action it was (undefined for a timer): turn pings follow from it.
   */
  readonly turnMoved?: (game: StoredGame, actorId: string | undefined) => void;
  /** Told of every game stored by this flow, opened or changed: the Activity's tables follow it. */
  readonly stored?: (game: StoredGame) => void;
  /**
   * Told, once stored, of every change that ended a game (finished or cancelled), however it came
   * (a click, a timer, a sweep): a feature whose round waits for its games follows it.
   */
  readonly ended?: (game: StoredGame) => void;
}

/** A new game as a command describes it; its first deadline is the flow's to compute. */
export type GameToOpen = Omit<NewGame, 'turnDeadline' | 'boardMessageId'>;

/**
 * The one path of every state change, whatever triggered it (a click, a command, a timer, Play
 * again): the engine applies the action, the store persists it (checking the version), and the
 * turn timer follows the stored game. Nothing is shown before it is persisted; callers draw the
 * board from the game this returns.
 */
export class GameFlow {
  private readonly locks = new GameLocks();

  constructor(private readonly deps: GameFlowDeps) {}

  /**
   * Stores a new game: `game.state` with `actions` applied in order (seating computers, the joins
   * and the start of a Play again). Refused if the engine refuses any action or the channel is busy.
   */
  async open(game: GameToOpen, actions: readonly Action[] = []): Promise<Changed> {
    let state = game.state;
    for (const action of actions) {
      const result = applyAction(state, action, this.diceFor(state, action));
      if (!result.ok) return { ok: false, ...engineRefusal(result.code) };
      state = result.state;
    }
    const created = await this.deps.store.createGame({
      ...game,
      state,
      turnDeadline: this.deadlineOf(game.turnTimerSeconds, state),
    });
    if (!created.ok) {
      return { ok: false, ...(created.reason === 'channel-busy' ? channelBusy(created.active) : SERIES_GONE) };
    }
    this.deps.scheduler.arm(created.game);
    this.deps.stored?.(created.game);
    return created;
  }

  /**
   * Reads the game, lets `decide` choose what to do with it as stored, applies and persists that.
   * Changes of one game run one at a time, so `decide` always sees the latest state.
   */
  change(gameId: number, decide: (game: StoredGame) => Decision): Promise<Changed> {
    return this.locks.run(gameId, async () => {
      const game = await this.deps.store.gameById(gameId);
      if (!game) return { ok: false, ...GAME_GONE };
      const decision = decide(game);
      if ('refusal' in decision) return { ok: false, ...decision };
      const result = applyAction(game.state, decision, this.diceFor(game.state, decision));
      if (!result.ok) return { ok: false, ...engineRefusal(result.code) };
      const turnDeadline = turnMoved(game.state, result.state)
        ? this.deadlineOf(game.turnTimerSeconds, result.state)
        : game.turnDeadline;
      const saved = await this.deps.store.saveState(game.id, game.state.version, result.state, { turnDeadline });
      // Another process wrote this game first (a shared database): the click was made on an old board.
      if (!saved.ok) return { ok: false, ...MOVED_ON };
      this.deps.scheduler.arm(saved.game);
      this.deps.stored?.(saved.game);
      if (turnMoved(game.state, result.state))
        this.deps.turnMoved?.(saved.game, 'playerId' in decision ? decision.playerId : undefined);
      if (isOver(saved.game.state) && !isOver(game.state)) this.deps.ended?.(saved.game);
      return { ok: true, game: saved.game };
    });
  }

  private diceFor(state: GameState, action: Action): RandomInt {
    return this.deps.randomFor?.(state, action) ?? this.deps.random;
  }

  /**
   * When the turn now in play times out, or null when no person's turn is running. A daily game, and
   * a tournament round's, is played at the person's own pace, on their own board: it has no turn
   * timer (a round has its deadline instead).
   */
  private deadlineOf(turnTimerSeconds: number, state: GameState): number | null {
    if (state.status !== 'playing' || state.dailyDay !== undefined || state.tournamentRound !== undefined) return null;
    const seat = state.seats[state.currentSeat];
    if (!seat || seat.computer !== null) return null;
    return this.deps.now() + (turnTimerSeconds / 60) * this.deps.turnTimerUnitMs;
  }
}

/** A new turn began (or the game ended): the old deadline no longer applies. */
function turnMoved(before: GameState, after: GameState): boolean {
  return after.currentSeat !== before.currentSeat || after.round !== before.round || after.status !== before.status;
}

function isOver(state: GameState): boolean {
  return state.status === 'finished' || state.status === 'cancelled';
}
