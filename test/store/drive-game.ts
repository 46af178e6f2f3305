/**
 * Plays whole games through the real engine, deterministically: every choice and every die comes
 * from a generator seeded by (game seed, state version), so a state can be replayed from scratch
 * and compared with what the store holds, even across processes.
 */
import {
  type Action,
  applyAction,
  CATEGORY_IDS,
  type ComputerLevel,
  createGame,
  currentPlayerId,
  DEFAULT_RULES,
  type GameState,
  openRows,
  type RandomInt,
  type Rules,
  rerollsLeft,
  seededRandom,
} from '../../src/game/index.js';

export interface GamePlan {
  readonly seed: number;
  /** Human players; the first hosts. */
  readonly humans: readonly string[];
  readonly computers?: readonly ComputerLevel[];
  readonly rules?: Rules;
  /** This player leaves once the game reaches this round; their open rows score 0. */
  readonly leaves?: { readonly playerId: string; readonly round: number };
  /** The host cancels the game once it reaches this round. */
  readonly cancelAtRound?: number;
  /** Display names people join with; absent ones join without. */
  readonly names?: Readonly<Record<string, string>>;
}

function randomFor(seed: number, version: number, stream: number): RandomInt {
  return seededRandom((Math.imul(seed, 0x9e3779b1) ^ Math.imul(version, 0x85ebca6b) ^ stream) >>> 0);
}

export function newGameState(plan: GamePlan): GameState {
  const host = plan.humans[0];
  if (!host) throw new Error('a plan needs at least one human');
  return createGame(host, plan.rules ?? DEFAULT_RULES, plan.names?.[host]);
}

/** The action the plan takes next, or undefined when the game is over. */
export function nextAction(state: GameState, plan: GamePlan): Action | undefined {
  if (state.status === 'lobby') {
    const host = state.hostId;
    const missing = plan.humans.find((id) => !state.seats.some((seat) => seat.playerId === id));
    if (missing) return { type: 'join', playerId: missing, name: plan.names?.[missing] };
    const computersSeated = state.seats.filter((seat) => seat.computer !== null).length;
    const level = plan.computers?.[computersSeated];
    if (level) return { type: 'add-computer', playerId: host, level };
    return { type: 'start', playerId: host };
  }
  const playerId = currentPlayerId(state);
  if (!playerId) return undefined;
  if (plan.cancelAtRound !== undefined && state.round >= plan.cancelAtRound) {
    return { type: 'cancel', playerId: state.hostId };
  }
  const leaver = plan.leaves && state.seats.find((seat) => seat.playerId === plan.leaves?.playerId && !seat.left);
  if (leaver && plan.leaves && state.round >= plan.leaves.round) return { type: 'leave', playerId: leaver.playerId };
  const choose = randomFor(plan.seed, state.version, 1);
  if (rerollsLeft(state) > 0 && choose(3) === 0) {
    const keep = [choose(2) === 1, choose(2) === 1, false] as const;
    return { type: 'reroll', playerId, keep };
  }
  const open = openRows(state.sheets[playerId] ?? {}, CATEGORY_IDS);
  const category = open[choose(open.length)];
  if (!category) throw new Error(`${playerId} has no open row but the game goes on`);
  return { type: 'score', playerId, category };
}

/** Applies the plan's next action; undefined when the game is over. */
export function step(state: GameState, plan: GamePlan): GameState | undefined {
  const action = nextAction(state, plan);
  if (!action) return undefined;
  const result = applyAction(state, action, randomFor(plan.seed, state.version, 2));
  if (!result.ok) throw new Error(`the plan's ${action.type} was refused: ${result.code}`);
  return result.state;
}

/** The state the plan reaches at `version`, replayed from a new game. */
export function replayTo(plan: GamePlan, version: number): GameState {
  let state = newGameState(plan);
  while (state.version < version) {
    const next = step(state, plan);
    if (!next) throw new Error(`the game ended at version ${state.version}, before ${version}`);
    state = next;
  }
  return state;
}
