import { CATEGORY_IDS, type CategoryId, categoryById, isCategoryId } from './categories.js';
import { type Keep, NO_KEEP, type RandomInt, rerollDice, rollDice } from './dice.js';
import { type ActionRefusal, refuse } from './refusals.js';
import { scoreRoll } from './scoring.js';
import {
  type ComputerLevel,
  computerPlayerId,
  currentDice,
  type GameState,
  isGameOver,
  MAX_MISSED_TURNS,
  MAX_SEATS,
  ROUNDS,
  rerollsLeft,
  type Seat,
  type Sheet,
  type TurnRecord,
  withSeatName,
} from './state.js';

/**
 * What every action of a person carries: who they are and, optionally, how the server showed them
 * as they acted (see Seat.name). The name is remembered on their seat when the action is accepted.
 */
interface ByPerson {
  readonly playerId: string;
  readonly name?: string;
}

export type Action =
  | ({ readonly type: 'join' } & ByPerson)
  | ({ readonly type: 'leave' } & ByPerson)
  | ({ readonly type: 'add-computer'; readonly level: ComputerLevel } & ByPerson)
  | ({ readonly type: 'start' } & ByPerson)
  | ({ readonly type: 'toggle-keep'; readonly die: number } & ByPerson)
  | ({ readonly type: 'reroll'; readonly keep?: Keep } & ByPerson)
  | ({ readonly type: 'score'; readonly category: string } & ByPerson)
  | ({ readonly type: 'cancel'; readonly moderator?: boolean } & ByPerson)
  | { readonly type: 'time-out' }
  | { readonly type: 'abandon' };

export type ActionResult = { readonly ok: true; readonly state: GameState } | ActionRefusal;

export function applyAction(state: GameState, action: Action, random: RandomInt): ActionResult {
  const result = applyRules(state, action, random);
  if (!result.ok || !('name' in action) || action.name === undefined) return result;
  return { ok: true, state: withSeatName(result.state, action.playerId, action.name) };
}

function applyRules(state: GameState, action: Action, random: RandomInt): ActionResult {
  switch (action.type) {
    case 'join':
      return join(state, action.playerId);
    case 'leave':
      return leave(state, action.playerId, random);
    case 'add-computer':
      return addComputer(state, action.playerId, action.level);
    case 'start':
      return start(state, action.playerId, random);
    case 'toggle-keep':
      return toggleKeep(state, action.playerId, action.die);
    case 'reroll':
      return reroll(state, action.playerId, random, action.keep);
    case 'score':
      return scoreRow(state, action.playerId, action.category, random);
    case 'cancel':
      return cancel(state, action.playerId, action.moderator ?? false);
    case 'time-out':
      return timeOut(state, random);
    case 'abandon':
      return abandon(state);
  }
}

function accept(state: GameState, changes: Partial<GameState>): ActionResult {
  return { ok: true, state: { ...state, ...changes, version: state.version + 1 } };
}

export function join(state: GameState, playerId: string): ActionResult {
  if (isGameOver(state)) return refuse('game-over');
  if (state.status !== 'lobby') return refuse('already-started');
  if (state.seats.some((seat) => seat.playerId === playerId)) return refuse('already-joined');
  if (state.seats.length >= MAX_SEATS) return refuse('game-full');
  return accept(state, {
    seats: [...state.seats, { playerId, computer: null, left: false, missedTurns: 0 }],
    sheets: { ...state.sheets, [playerId]: {} },
  });
}

export function addComputer(state: GameState, playerId: string, level: ComputerLevel): ActionResult {
  if (isGameOver(state)) return refuse('game-over');
  if (state.status !== 'lobby') return refuse('already-started');
  if (playerId !== state.hostId) return refuse('not-host');
  if (state.seats.length >= MAX_SEATS) return refuse('game-full');
  const taken = new Set(state.seats.map((seat) => seat.playerId));
  let n = 1;
  while (taken.has(computerPlayerId(level, n))) n += 1;
  const computerId = computerPlayerId(level, n);
  return accept(state, {
    seats: [...state.seats, { playerId: computerId, computer: level, left: false, missedTurns: 0 }],
    sheets: { ...state.sheets, [computerId]: {} },
  });
}

export function start(state: GameState, playerId: string, random: RandomInt): ActionResult {
  if (isGameOver(state)) return refuse('game-over');
  if (state.status !== 'lobby') return refuse('already-started');
  if (playerId !== state.hostId) return refuse('not-host');
  if (!state.seats.some((seat) => seat.computer === null)) return refuse('not-enough-players');
  return accept(state, {
    status: 'playing',
    round: 1,
    currentSeat: 0,
    turn: { rolls: [rollDice(random)], keeps: [], keep: NO_KEEP },
  });
}

/** Checks that it is `playerId`'s turn in a game under way. */
function checkTurn(state: GameState, playerId: string): ActionRefusal | null {
  if (isGameOver(state)) return refuse('game-over');
  if (state.status !== 'playing' || !state.turn) return refuse('not-started');
  if (!state.seats.some((seat) => seat.playerId === playerId && !seat.left)) return refuse('not-in-game');
  if (state.seats[state.currentSeat]?.playerId !== playerId) return refuse('not-your-turn');
  return null;
}

export function toggleKeep(state: GameState, playerId: string, die: number): ActionResult {
  const refusal = checkTurn(state, playerId);
  if (refusal) return refusal;
  if (die !== 0 && die !== 1 && die !== 2) return refuse('bad-die');
  if (rerollsLeft(state) <= 0) return refuse('no-rerolls-left');
  const turn = state.turn!;
  const keep = [...turn.keep] as [boolean, boolean, boolean];
  keep[die] = !keep[die];
  return accept(state, { turn: { ...turn, keep } });
}

export function reroll(state: GameState, playerId: string, random: RandomInt, keep?: Keep): ActionResult {
  const refusal = checkTurn(state, playerId);
  if (refusal) return refusal;
  if (rerollsLeft(state) <= 0) return refuse('no-rerolls-left');
  const turn = state.turn!;
  const kept = keep ?? turn.keep;
  if (kept.every(Boolean)) return refuse('all-dice-kept');
  const dice = rerollDice(currentDice(turn), kept, random);
  return accept(state, { turn: { rolls: [...turn.rolls, dice], keeps: [...turn.keeps, kept], keep: kept } });
}

export function scoreRow(state: GameState, playerId: string, category: string, random: RandomInt): ActionResult {
  const refusal = checkTurn(state, playerId);
  if (refusal) return refusal;
  if (!isCategoryId(category)) return refuse('unknown-row');
  if (state.sheets[playerId]?.[category] !== undefined) return refuse('row-used');
  return enterScore(state, category, false, random);
}

/** The row a greedy player takes: the most points now, sacrificing the cheapest row on a tie. */
export function bestImmediateRow(state: GameState): CategoryId | undefined {
  const seat = state.seats[state.currentSeat];
  if (!seat || !state.turn) return undefined;
  const sheet = state.sheets[seat.playerId] ?? {};
  const dice = currentDice(state.turn);
  let best: CategoryId | undefined;
  let bestPoints = -1;
  for (const id of CATEGORY_IDS) {
    if (sheet[id] !== undefined) continue;
    const points = scoreRoll(dice, id, state.rules);
    if (
      points > bestPoints ||
      (points === bestPoints && best && categoryById(id).maxPoints < categoryById(best).maxPoints)
    ) {
      best = id;
      bestPoints = points;
    }
  }
  return best;
}

/** The turn timer ran out: the current player's best immediate row is scored for them. */
export function timeOut(state: GameState, random: RandomInt): ActionResult {
  if (isGameOver(state)) return refuse('game-over');
  if (state.status !== 'playing' || !state.turn) return refuse('not-started');
  const category = bestImmediateRow(state);
  if (!category) return refuse('game-over');
  return enterScore(state, category, true, random);
}

function enterScore(state: GameState, category: CategoryId, timedOut: boolean, random: RandomInt): ActionResult {
  const seat = state.seats[state.currentSeat];
  const turn = state.turn;
  if (!seat || !turn) return refuse('not-started');
  const points = scoreRoll(currentDice(turn), category, state.rules);
  const record: TurnRecord = {
    round: state.round,
    playerId: seat.playerId,
    rolls: turn.rolls,
    keeps: turn.keeps,
    category,
    points,
    timedOut,
  };
  const missedTurns = timedOut ? seat.missedTurns + 1 : 0;
  let next: GameState = {
    ...state,
    seats: state.seats.map((s, i) => (i === state.currentSeat ? { ...s, missedTurns } : s)),
    sheets: {
      ...state.sheets,
      [seat.playerId]: { ...state.sheets[seat.playerId], [category]: { points, round: state.round } },
    },
    history: [...state.history, record],
  };
  if (missedTurns >= MAX_MISSED_TURNS) next = forfeitSeat(next, state.currentSeat);
  return accept(state, passTurn(next, random));
}

/** Marks a seat as gone and scores its open rows 0. */
function forfeitSeat(state: GameState, seatIndex: number): GameState {
  const seat = state.seats[seatIndex];
  if (!seat) return state;
  const sheet: Record<string, { points: number; round: number }> = { ...state.sheets[seat.playerId] };
  for (const id of CATEGORY_IDS) sheet[id] ??= { points: 0, round: Math.max(state.round, 1) };
  const seats = state.seats.map((s, i) => (i === seatIndex ? { ...s, left: true } : s));
  const hostId = seat.playerId === state.hostId ? (nextHost(seats) ?? state.hostId) : state.hostId;
  return { ...state, seats, hostId, sheets: { ...state.sheets, [seat.playerId]: sheet as Sheet } };
}

function nextHost(seats: readonly Seat[]): string | undefined {
  return seats.find((seat) => !seat.left && seat.computer === null)?.playerId;
}

/** Moves play to the next seat that is still in, rolling their dice, or ends the game. */
function passTurn(state: GameState, random: RandomInt): GameState {
  if (!state.seats.some((seat) => !seat.left && seat.computer === null)) {
    return { ...state, status: 'cancelled', turn: null, endReason: 'abandoned' };
  }
  const count = state.seats.length;
  for (let step = 1; step <= count; step += 1) {
    const index = (state.currentSeat + step) % count;
    const seat = state.seats[index];
    if (!seat || seat.left) continue;
    const round = index <= state.currentSeat ? state.round + 1 : state.round;
    if (round > ROUNDS) break;
    return { ...state, round, currentSeat: index, turn: { rolls: [rollDice(random)], keeps: [], keep: NO_KEEP } };
  }
  return { ...state, status: 'finished', turn: null, endReason: 'completed' };
}

export function leave(state: GameState, playerId: string, random: RandomInt): ActionResult {
  if (isGameOver(state)) return refuse('game-over');
  const seatIndex = state.seats.findIndex((seat) => seat.playerId === playerId && !seat.left);
  if (seatIndex < 0) return refuse('not-in-game');
  if (state.status === 'lobby') {
    const seats = state.seats.filter((_, i) => i !== seatIndex);
    const { [playerId]: _gone, ...sheets } = state.sheets;
    const hostId = playerId === state.hostId ? nextHost(seats) : state.hostId;
    if (!hostId) return accept(state, { seats, sheets, status: 'cancelled', endReason: 'abandoned' });
    return accept(state, { seats, sheets, hostId });
  }
  const forfeited = forfeitSeat(state, seatIndex);
  if (seatIndex === state.currentSeat) return accept(state, passTurn(forfeited, random));
  if (!forfeited.seats.some((seat) => !seat.left && seat.computer === null)) {
    return accept(state, { ...forfeited, status: 'cancelled', turn: null, endReason: 'abandoned' });
  }
  return accept(state, forfeited);
}

/** The host, or a moderator, ends the game; it counts for nobody. */
export function cancel(state: GameState, playerId: string, moderator: boolean): ActionResult {
  if (isGameOver(state)) return refuse('game-over');
  if (playerId !== state.hostId && !moderator) return refuse('not-host');
  return accept(state, { status: 'cancelled', turn: null, endReason: 'cancelled' });
}

/** Nobody has acted for a long time: the game ends and counts for nobody. */
export function abandon(state: GameState): ActionResult {
  if (isGameOver(state)) return refuse('game-over');
  return accept(state, { status: 'cancelled', turn: null, endReason: 'abandoned' });
}
