/**
 * Property tests: random games of 1-5 seats (humans and computers), driven by random choices among
 * legal and illegal actions. Every answer is checked against an expectation worked out here, and
 * every state against the game's invariants.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  ALL_RULE_SETS,
  applyAction,
  type CategoryId,
  type ComputerLevel,
  createGame,
  deserializeGame,
  type GameState,
  type Keep,
  type RandomInt,
  type RefusalCode,
  type Rules,
  seededRandom,
  serializeGame,
  standings,
} from '../../src/game/index.js';
import { everyAction, expectedScore, ROW_MAX, ROWS } from './support.js';

type Expected = 'ok' | RefusalCode;

interface Candidate {
  readonly action: Action;
  readonly expected: Expected;
}

interface Settings {
  readonly rules: Rules;
  readonly diceSeed: number;
  readonly chooserSeed: number;
  /** Seats the lobby grows to before the host starts. */
  readonly seats: number;
  readonly computers: number;
  /** Relative weights of a leave, a cancel and a time-out among the choices in play. */
  readonly leaveWeight: number;
  readonly cancelWeight: number;
  readonly timeOutWeight: number;
  /** Never time out a player a third time in a row (so nobody is removed). */
  readonly spareTimeOuts: boolean;
  readonly maxSteps: number;
}

const LEVELS: readonly ComputerLevel[] = ['easy', 'optimal', 'strong'];
const OUTSIDER = 'x';

/** What the test tracks alongside the engine. */
interface Model {
  scoringActions: number;
  accepted: number;
  readonly missed: Map<string, number>;
  readonly removed: Set<string>;
  readonly left: Set<string>;
  nextHuman: number;
}

function pickWeighted<T>(random: RandomInt, options: readonly (readonly [number, () => T])[]): T {
  const live = options.filter(([weight]) => weight > 0);
  const total = live.reduce((sum, [weight]) => sum + weight, 0);
  let roll = (random(1_000_000) / 1_000_000) * total;
  for (const [weight, make] of live) {
    if (roll < weight) return make();
    roll -= weight;
  }
  const last = live.at(-1);
  if (!last) throw new Error('nothing to choose');
  return last[1]();
}

function pickOne<T>(random: RandomInt, items: readonly T[]): T {
  const item = items[random(items.length)];
  if (item === undefined) throw new Error('empty choice');
  return item;
}

function isOver(state: GameState): boolean {
  return state.status === 'finished' || state.status === 'cancelled';
}

function rerollsUsed(state: GameState): number {
  return (state.turn?.rolls.length ?? 1) - 1;
}

function currentId(state: GameState): string {
  const seat = state.seats[state.currentSeat];
  if (!seat) throw new Error('no current seat');
  return seat.playerId;
}

/** Every kind of action from every seat, an outsider and a moderator: a finished game refuses all. */

function lobbyCandidate(state: GameState, settings: Settings, model: Model, choose: RandomInt): Candidate {
  const host = state.hostId;
  const seated = state.seats.map((seat) => seat.playerId);
  const guests = state.seats.filter((seat) => seat.playerId !== host).map((seat) => seat.playerId);
  const full = state.seats.length >= 5;
  const computersSeated = state.seats.filter((seat) => seat.computer !== null).length;
  const wantComputer = computersSeated < settings.computers;
  const humans = state.seats.length - computersSeated;
  const grow = (): Candidate => {
    if (wantComputer && (humans >= settings.seats - settings.computers || choose(2) === 0)) {
      return {
        action: { type: 'add-computer', playerId: host, level: pickOne(choose, LEVELS) },
        expected: full ? 'game-full' : 'ok',
      };
    }
    model.nextHuman += 1;
    return { action: { type: 'join', playerId: `h${model.nextHuman}` }, expected: full ? 'game-full' : 'ok' };
  };
  const illegal = (): Candidate =>
    pickOne<() => Candidate>(choose, [
      () => ({ action: { type: 'join', playerId: pickOne(choose, seated) }, expected: 'already-joined' }),
      () => ({
        action: { type: 'add-computer', playerId: pickOne(choose, [...guests, OUTSIDER]), level: 'easy' },
        expected: 'not-host',
      }),
      () => ({ action: { type: 'start', playerId: pickOne(choose, [...guests, OUTSIDER]) }, expected: 'not-host' }),
      () => ({ action: { type: 'cancel', playerId: pickOne(choose, [...guests, OUTSIDER]) }, expected: 'not-host' }),
      () => ({ action: { type: 'leave', playerId: OUTSIDER }, expected: 'not-in-game' }),
      () => ({ action: { type: 'reroll', playerId: pickOne(choose, seated) }, expected: 'not-started' }),
      () => ({ action: { type: 'toggle-keep', playerId: host, die: choose(3) }, expected: 'not-started' }),
      () => ({ action: { type: 'score', playerId: host, category: pickOne(choose, ROWS) }, expected: 'not-started' }),
      () => ({ action: { type: 'time-out' }, expected: 'not-started' }),
    ])();
  const ready = state.seats.length >= settings.seats || full;
  return pickWeighted<Candidate>(choose, [
    [ready ? 0 : 50, grow],
    [full ? 15 : 0, grow],
    [ready ? 40 : 0, () => ({ action: { type: 'start', playerId: host }, expected: 'ok' })],
    [30, illegal],
    [settings.leaveWeight, () => ({ action: { type: 'leave', playerId: pickOne(choose, seated) }, expected: 'ok' })],
    [settings.cancelWeight, () => ({ action: { type: 'cancel', playerId: host }, expected: 'ok' })],
  ]);
}

function playCandidate(state: GameState, settings: Settings, choose: RandomInt): Candidate {
  const turn = state.turn;
  if (!turn) throw new Error('playing without a turn');
  const me = currentId(state);
  const mySheet = state.sheets[me] ?? {};
  const open = ROWS.filter((row) => mySheet[row] === undefined);
  const used = ROWS.filter((row) => mySheet[row] !== undefined);
  const canReroll = rerollsUsed(state) < settings.rules.rerolls;
  const others = state.seats.filter((seat) => !seat.left && seat.playerId !== me).map((seat) => seat.playerId);
  const gone = [OUTSIDER, ...state.seats.filter((seat) => seat.left).map((seat) => seat.playerId)];
  const everyone = [...state.seats.map((seat) => seat.playerId), OUTSIDER];
  const notHost = everyone.filter((id) => id !== state.hostId);
  const mySeat = state.seats[state.currentSeat];
  const timeOutAllowed = !settings.spareTimeOuts || (mySeat?.missedTurns ?? 0) < 2;

  const randomKeep = (): Keep => [choose(2) === 0, choose(2) === 0, choose(2) === 0];
  const rerollExpected = (keep: Keep): Expected =>
    !canReroll ? 'no-rerolls-left' : keep.every(Boolean) ? 'all-dice-kept' : 'ok';

  const illegal = (): Candidate => {
    const options: (() => Candidate)[] = [
      () => ({
        action: { type: 'score', playerId: me, category: pickOne(choose, ['yacht', '', 'Ones']) },
        expected: 'unknown-row',
      }),
      () => ({
        action: { type: 'toggle-keep', playerId: me, die: pickOne(choose, [-1, 3, 0.5, 7]) },
        expected: 'bad-die',
      }),
      () => ({
        action: { type: 'reroll', playerId: me, keep: [true, true, true] },
        expected: rerollExpected([true, true, true]),
      }),
      () => ({ action: { type: 'score', playerId: pickOne(choose, gone), category: 'ones' }, expected: 'not-in-game' }),
      () => ({ action: { type: 'reroll', playerId: pickOne(choose, gone) }, expected: 'not-in-game' }),
      () => ({ action: { type: 'leave', playerId: pickOne(choose, gone) }, expected: 'not-in-game' }),
      () => ({ action: { type: 'join', playerId: pickOne(choose, everyone) }, expected: 'already-started' }),
      () => ({ action: { type: 'start', playerId: state.hostId }, expected: 'already-started' }),
      () => ({
        action: { type: 'add-computer', playerId: state.hostId, level: 'optimal' },
        expected: 'already-started',
      }),
      () => ({ action: { type: 'cancel', playerId: pickOne(choose, notHost) }, expected: 'not-host' }),
    ];
    if (used.length > 0) {
      options.push(() => ({
        action: { type: 'score', playerId: me, category: pickOne(choose, used) },
        expected: 'row-used',
      }));
    }
    if (others.length > 0) {
      options.push(
        () => ({
          action: { type: 'score', playerId: pickOne(choose, others), category: 'ones' },
          expected: 'not-your-turn',
        }),
        () => ({ action: { type: 'reroll', playerId: pickOne(choose, others) }, expected: 'not-your-turn' }),
        () => ({
          action: { type: 'toggle-keep', playerId: pickOne(choose, others), die: 0 },
          expected: 'not-your-turn',
        }),
      );
    }
    return pickOne(choose, options)();
  };

  return pickWeighted<Candidate>(choose, [
    [40, () => ({ action: { type: 'score', playerId: me, category: pickOne(choose, open) }, expected: 'ok' })],
    [
      15,
      () => {
        if (choose(2) === 0) return { action: { type: 'reroll', playerId: me }, expected: rerollExpected(turn.keep) };
        const keep = randomKeep();
        return { action: { type: 'reroll', playerId: me, keep }, expected: rerollExpected(keep) };
      },
    ],
    [
      12,
      () => ({
        action: { type: 'toggle-keep', playerId: me, die: choose(3) },
        expected: canReroll ? 'ok' : 'no-rerolls-left',
      }),
    ],
    [timeOutAllowed ? settings.timeOutWeight : 0, () => ({ action: { type: 'time-out' }, expected: 'ok' })],
    [20, illegal],
    [
      settings.leaveWeight,
      () => ({
        action: {
          type: 'leave',
          playerId: pickOne(
            choose,
            state.seats.filter((s) => !s.left).map((s) => s.playerId),
          ),
        },
        expected: 'ok',
      }),
    ],
    [
      settings.cancelWeight,
      () =>
        pickOne<Candidate>(choose, [
          { action: { type: 'cancel', playerId: state.hostId }, expected: 'ok' },
          { action: { type: 'cancel', playerId: OUTSIDER, moderator: true }, expected: 'ok' },
        ]),
    ],
  ]);
}

/** An assertion whose message is only built when it fails: these run thousands of times a game. */
function check(condition: unknown, message: () => string): asserts condition {
  if (!condition) assert.fail(message());
}

function same<T>(actual: T, expected: T, message: () => string): void {
  if (actual !== expected) assert.fail(`${message()}: got ${String(actual)}, expected ${String(expected)}`);
}

/** The invariants every reachable state keeps. Plain asserts: this runs after every step. */
function checkState(state: GameState, model: Model): string {
  const { rules } = state;
  const ids = state.seats.map((seat) => seat.playerId);
  assert.ok(state.seats.length <= 5, 'at most 5 seats');
  assert.equal(new Set(ids).size, ids.length, 'a player sits once');
  assert.deepEqual(Object.keys(state.sheets).sort(), [...ids].sort(), 'a sheet per seat');

  // Sheets: known rows only, each within its range.
  for (const id of ids) {
    for (const [row, entry] of Object.entries(state.sheets[id] ?? {})) {
      check(ROWS.includes(row as CategoryId), () => `unknown row ${row}`);
      check(entry.points >= 0 && entry.points <= ROW_MAX[row as CategoryId], () => `${row} scored ${entry.points}`);
      check(entry.round >= 1 && entry.round <= 13, () => `${row} filled in round ${entry.round}`);
    }
  }

  // History: each row used at most once per player, each turn within the reroll rule, and the
  // sheet holding exactly what the turn scored.
  const usedBy = new Map<string, Set<string>>();
  for (const record of state.history) {
    const rows = usedBy.get(record.playerId) ?? new Set<string>();
    check(!rows.has(record.category), () => `${record.playerId} used ${record.category} twice`);
    rows.add(record.category);
    usedBy.set(record.playerId, rows);
    assert.ok(record.rolls.length >= 1 && record.rolls.length - 1 <= rules.rerolls, 'rerolls within the rule');
    assert.equal(record.keeps.length, record.rolls.length - 1);
    record.keeps.forEach((keep, i) => {
      assert.ok(!keep.every(Boolean), 'a reroll rerolls something');
      for (let d = 0; d < 3; d += 1) if (keep[d]) assert.equal(record.rolls[i + 1]?.[d], record.rolls[i]?.[d]);
    });
    const last = record.rolls.at(-1) ?? [];
    same(record.points, expectedScore(last, record.category, rules.thirteen), () => `${last} in ${record.category}`);
    const entry = state.sheets[record.playerId]?.[record.category];
    assert.ok(entry && entry.points === record.points && entry.round === record.round, 'the sheet holds the turn');
  }
  for (const seat of state.seats) {
    const sheet = state.sheets[seat.playerId] ?? {};
    const played = usedBy.get(seat.playerId) ?? new Set<string>();
    for (const [row, entry] of Object.entries(sheet)) {
      // A row filled without a turn is a forfeited one: a zero on the sheet of someone gone.
      if (!played.has(row)) check(seat.left && entry.points === 0, () => `${seat.playerId}'s ${row} has no turn`);
    }
    if (seat.left) assert.equal(Object.keys(sheet).length, 13, 'a leaver has a full sheet');
    same(seat.missedTurns, model.missed.get(seat.playerId) ?? 0, () => `${seat.playerId}'s missed turns`);
    same(seat.left, model.left.has(seat.playerId) || model.removed.has(seat.playerId), () => `${seat.playerId} left`);
  }

  // Totals and places, counted here.
  const table = standings(state);
  assert.deepEqual(table.map((s) => s.playerId).sort(), [...ids].sort());
  table.forEach((standing, i) => {
    let sum = 0;
    for (const entry of Object.values(state.sheets[standing.playerId] ?? {})) sum += entry.points;
    same(standing.total, sum, () => `${standing.playerId}'s total`);
    assert.equal(standing.place, 1 + table.filter((other) => other.total > standing.total).length, 'place');
    if (i > 0) assert.ok(table[i - 1]!.total >= standing.total, 'highest total first');
  });

  assert.equal(state.history.length, model.scoringActions, 'a record per scoring action');

  switch (state.status) {
    case 'lobby': {
      assert.equal(state.round, 0);
      assert.equal(state.turn, null);
      assert.equal(state.history.length, 0);
      assert.equal(state.endReason, null);
      for (const id of ids) assert.deepEqual(state.sheets[id], {});
      // A lobby always has its host seated as a human, so 'start' never lacks players.
      assert.equal(state.seats.find((seat) => seat.playerId === state.hostId)?.computer, null, 'a human host');
      break;
    }
    case 'playing': {
      const turn = state.turn;
      if (!turn) assert.fail('a turn while playing');
      assert.equal(state.endReason, null);
      check(state.round >= 1 && state.round <= 13, () => `round ${state.round}`);
      assert.ok(turn.rolls.length >= 1 && turn.rolls.length - 1 <= rules.rerolls, 'rerolls within the rule');
      assert.equal(turn.keeps.length, turn.rolls.length - 1);
      assert.equal(state.seats[state.currentSeat]?.left, false, 'the player to act is in');
      assert.ok(
        state.seats.some((s) => !s.left && s.computer === null),
        'a human is still in',
      );
      assert.equal(state.seats.find((s) => s.playerId === state.hostId)?.left, false, 'the host is in');
      // Turn order: seats before the current one have played this round, the rest not yet.
      state.seats.forEach((s, i) => {
        if (s.left) return;
        const filled = Object.keys(state.sheets[s.playerId] ?? {}).length;
        const want = i < state.currentSeat ? state.round : state.round - 1;
        same(filled, want, () => `${s.playerId} in round ${state.round}`);
      });
      break;
    }
    case 'finished': {
      assert.equal(state.endReason, 'completed');
      assert.equal(state.turn, null);
      for (const id of ids) same(Object.keys(state.sheets[id] ?? {}).length, 13, () => `${id} has 13 rows`);
      // 13 rows for every seat: turns played plus rows forfeited by those who left.
      const forfeited = state.seats.reduce((n, seat) => n + 13 - (usedBy.get(seat.playerId)?.size ?? 0), 0);
      assert.equal(state.history.length + forfeited, 13 * state.seats.length);
      break;
    }
    case 'cancelled': {
      check(state.endReason === 'cancelled' || state.endReason === 'abandoned', () => `${state.endReason}`);
      assert.equal(state.turn, null);
      break;
    }
  }

  // The JSON round trip is checked on every third version (and on every final state): a value
  // that JSON loses would stay in the state, so sampling still finds it.
  const json = serializeGame(state);
  if (state.version % 3 === 0 || isOver(state)) {
    assert.deepStrictEqual(deserializeGame(json), state, 'survives a JSON round trip');
  }
  return json;
}

/** Checks what an accepted action did, beyond the invariants. */
function checkTransition(before: GameState, action: Action, after: GameState, model: Model): void {
  assert.equal(after.version, before.version + 1, 'version + 1');
  model.accepted += 1;
  switch (action.type) {
    case 'score':
    case 'time-out': {
      const playerId = currentId(before);
      const turn = before.turn!;
      const last = turn.rolls.at(-1)!;
      const record = after.history.at(-1);
      assert.equal(after.history.length, before.history.length + 1);
      assert.ok(record);
      assert.deepEqual(
        { round: record.round, playerId: record.playerId, rolls: record.rolls, keeps: record.keeps },
        { round: before.round, playerId, rolls: turn.rolls, keeps: turn.keeps },
      );
      assert.equal(record.timedOut, action.type === 'time-out');
      if (action.type === 'score') {
        assert.equal(record.category, action.category);
        model.missed.set(playerId, 0);
      } else {
        // A time-out takes the most points now, sacrificing the cheapest row on a tie.
        const sheet = before.sheets[playerId] ?? {};
        const open = ROWS.filter((row) => sheet[row] === undefined);
        const points = (row: CategoryId) => expectedScore(last, row, before.rules.thirteen);
        const top = Math.max(...open.map(points));
        const cheapest = Math.min(...open.filter((row) => points(row) === top).map((row) => ROW_MAX[row]));
        assert.equal(points(record.category), top, 'a time-out takes the most points');
        assert.equal(ROW_MAX[record.category], cheapest, 'a time-out sacrifices the cheapest row');
        const missed = (model.missed.get(playerId) ?? 0) + 1;
        model.missed.set(playerId, missed);
        if (missed >= 3) model.removed.add(playerId);
      }
      model.scoringActions += 1;
      break;
    }
    case 'reroll': {
      const keep = action.keep ?? before.turn!.keep;
      const was = before.turn!.rolls.at(-1)!;
      const now = after.turn!.rolls.at(-1)!;
      assert.equal(after.turn!.rolls.length, before.turn!.rolls.length + 1);
      assert.deepEqual(after.turn!.keeps, [...before.turn!.keeps, keep]);
      for (let d = 0; d < 3; d += 1) if (keep[d]) assert.equal(now[d], was[d], 'a kept die stays');
      break;
    }
    case 'toggle-keep': {
      assert.deepEqual(after.turn!.rolls, before.turn!.rolls);
      after.turn!.keep.forEach((kept, d) => {
        assert.equal(kept, d === action.die ? !before.turn!.keep[d] : before.turn!.keep[d]);
      });
      break;
    }
    case 'leave': {
      if (before.status === 'lobby') {
        assert.ok(!after.seats.some((s) => s.playerId === action.playerId), 'the seat is freed');
        break;
      }
      model.left.add(action.playerId);
      // The leaver's played rows stay; the open ones score 0; nobody else's sheet moves.
      const sheet = after.sheets[action.playerId] ?? {};
      for (const row of ROWS) {
        same(sheet[row]?.points, before.sheets[action.playerId]?.[row]?.points ?? 0, () => `leaver's ${row}`);
      }
      for (const seat of before.seats) {
        if (seat.playerId !== action.playerId) {
          assert.deepStrictEqual(after.sheets[seat.playerId], before.sheets[seat.playerId], `${seat.playerId}'s sheet`);
        }
      }
      const humansLeft = after.seats.some((s) => !s.left && s.computer === null);
      if (!humansLeft) {
        assert.equal(after.status, 'cancelled');
        assert.equal(after.endReason, 'abandoned');
      } else if (currentId(before) !== action.playerId) {
        // Not their turn: play goes on exactly where it was.
        assert.equal(after.status, 'playing');
        assert.equal(after.currentSeat, before.currentSeat);
        assert.equal(after.round, before.round);
        assert.deepEqual(after.turn, before.turn);
      } else if (after.status === 'playing') {
        assert.notEqual(currentId(after), action.playerId, 'the turn passes on');
      } else {
        assert.equal(after.status, 'finished');
        assert.equal(before.round, 13);
      }
      break;
    }
    case 'cancel':
      assert.equal(after.status, 'cancelled');
      assert.equal(after.endReason, 'cancelled');
      break;
    case 'start':
      assert.equal(after.status, 'playing');
      assert.equal(after.round, 1);
      assert.equal(after.currentSeat, 0);
      assert.equal(after.turn?.rolls.length, 1);
      break;
    case 'join':
    case 'add-computer':
      assert.equal(after.seats.length, before.seats.length + 1);
      break;
  }
}

interface Outcome {
  readonly state: GameState;
  readonly model: Model;
  /** Status after each accepted scoring action, in order. */
  readonly afterScoring: GameState['status'][];
}

/**
 * Freezes a state all the way down (skipping parts already frozen, which earlier states share), so
 * an engine that wrote into a state it was given would throw instead of passing unnoticed.
 */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Runs one random game, checking every answer and every state. */
function runGame(settings: Settings): Outcome {
  const dice = seededRandom(settings.diceSeed);
  const choose = seededRandom(settings.chooserSeed);
  let state = deepFreeze(createGame('h0', settings.rules));
  const model: Model = {
    scoringActions: 0,
    accepted: 0,
    missed: new Map(),
    removed: new Set(),
    left: new Set(),
    nextHuman: 0,
  };
  const afterScoring: GameState['status'][] = [];
  let snapshot = checkState(state, model);
  for (let step = 0; step < settings.maxSteps && !isOver(state); step += 1) {
    const candidate =
      state.status === 'lobby'
        ? lobbyCandidate(state, settings, model, choose)
        : playCandidate(state, settings, choose);
    const result = applyAction(state, candidate.action, dice);
    const label = () => `${JSON.stringify(candidate.action)} in ${state.status}`;
    if (candidate.expected === 'ok') {
      check(result.ok, () => `${label()}: refused with ${result.ok ? '' : result.code}`);
    } else {
      if (result.ok || result.code !== candidate.expected) {
        assert.deepStrictEqual(result, { ok: false, code: candidate.expected }, label());
      }
      assert.deepStrictEqual(Object.keys(result).sort(), ['code', 'ok'], 'a refusal is only its code');
    }
    // The old state is frozen, so no action can have changed it; a refusal also leaves the game
    // where it was, since the caller keeps the old state.
    if (!result.ok) {
      same(serializeGame(state), snapshot, () => `${label()} changed the state`);
      continue;
    }
    assert.notEqual(result.state, state, 'an accepted action gives a new state');
    checkTransition(state, candidate.action, result.state, model);
    state = deepFreeze(result.state);
    if (candidate.action.type === 'score' || candidate.action.type === 'time-out') afterScoring.push(state.status);
    snapshot = checkState(state, model);
  }
  // Version counts exactly the accepted actions.
  assert.equal(state.version, 1 + model.accepted);
  if (isOver(state)) {
    for (const action of everyAction(state)) {
      assert.deepStrictEqual(
        applyAction(state, action, dice),
        { ok: false, code: 'game-over' },
        JSON.stringify(action),
      );
    }
    assert.equal(serializeGame(state), snapshot);
  }
  return { state, model, afterScoring };
}

const settingsArb = (overrides: Partial<Settings>): fc.Arbitrary<Settings> =>
  fc
    .record({
      rules: fc.constantFrom(...ALL_RULE_SETS),
      diceSeed: fc.integer(),
      chooserSeed: fc.integer(),
      seats: fc.integer({ min: 1, max: 5 }),
      computerShare: fc.integer({ min: 0, max: 4 }),
      leaveWeight: fc.constantFrom(0, 0.5, 2),
      cancelWeight: fc.constantFrom(0, 0.2),
      timeOutWeight: fc.constantFrom(0, 6, 30),
    })
    .map(
      ({ computerShare, ...rest }): Settings => ({
        ...rest,
        computers: Math.min(computerShare, rest.seats - 1),
        spareTimeOuts: false,
        maxSteps: 400,
        ...overrides,
      }),
    );

describe('random games', () => {
  it('keep every invariant, and answer every action, legal or not, as expected', () => {
    fc.assert(
      fc.property(settingsArb({}), (settings) => {
        runGame(settings);
      }),
      { numRuns: 50 },
    );
  });

  it('where nobody leaves, end after exactly 13 scoring actions per seat', () => {
    fc.assert(
      fc.property(
        settingsArb({ leaveWeight: 0, cancelWeight: 0, spareTimeOuts: true, maxSteps: 5_000 }),
        (settings) => {
          const { state, model, afterScoring } = runGame(settings);
          expect(state.status).toBe('finished');
          expect(state.seats.every((seat) => !seat.left)).toBe(true);
          expect(state.seats).toHaveLength(settings.seats);
          expect(state.seats.filter((seat) => seat.computer !== null)).toHaveLength(settings.computers);
          expect(model.scoringActions).toBe(13 * state.seats.length);
          // Still playing after every scoring action but the last.
          expect(afterScoring.slice(0, -1).every((status) => status === 'playing')).toBe(true);
          expect(afterScoring.at(-1)).toBe('finished');
          for (const standing of standings(state)) expect(standing.total).toBeLessThanOrEqual(244);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('the same seeds replay the same game', () => {
    fc.assert(
      fc.property(settingsArb({ maxSteps: 150 }), (settings) => {
        expect(runGame(settings).state).toStrictEqual(runGame(settings).state);
      }),
      { numRuns: 10 },
    );
  });
});
