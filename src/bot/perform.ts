import { type Action, applyAction, type GameState, type RefusalCode } from '../game/index.js';
import type { StoredGame } from '../store/index.js';
import type { BotContext } from './context.js';
import { MOVED_ON, REFUSAL_TEXT } from './refusal-text.js';

export type Performed =
  | { readonly ok: true; readonly game: StoredGame }
  | { readonly ok: false; readonly code: RefusalCode | 'stale'; readonly refusal: string };

/** When the turn now in play times out, or null when no person's turn is running. */
export function turnDeadlineFor(ctx: BotContext, game: StoredGame, state: GameState): number | null {
  if (state.status !== 'playing') return null;
  const seat = state.seats[state.currentSeat];
  if (!seat || seat.computer !== null) return null;
  const minutes = game.turnTimerSeconds / 60;
  return ctx.now() + minutes * ctx.config.turnTimerUnitMs;
}

/**
 * Applies one action to a stored game and persists it before anything is shown: the engine
 * decides, the store checks the version so nothing is applied twice, then the timers follow.
 * Synchronous from load to commit, so two clicks in one process can never interleave.
 */
export function perform(ctx: BotContext, game: StoredGame, action: Action): Performed {
  const result = applyAction(game.state, action, ctx.random);
  if (!result.ok) return { ok: false, code: result.code, refusal: REFUSAL_TEXT[result.code] };
  const turnChanged =
    result.state.currentSeat !== game.state.currentSeat ||
    result.state.round !== game.state.round ||
    result.state.status !== game.state.status;
  const turnDeadline = turnChanged ? turnDeadlineFor(ctx, game, result.state) : game.turnDeadline;
  const saved = ctx.store.saveState(game.id, game.state.version, result.state, { turnDeadline });
  if (!saved.ok) return { ok: false, code: 'stale', refusal: MOVED_ON };
  ctx.scheduler.arm(saved.game);
  return { ok: true, game: saved.game };
}
