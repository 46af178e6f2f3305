import { describe, expect, it } from 'vitest';
import { Ledger, type LedgerEntry, type LedgerKind } from '../../soak/ledger.js';
import {
  type Action,
  applyAction,
  bestImmediateRow,
  createGame,
  DEFAULT_RULES,
  type GameState,
  seededRandom,
} from '../../src/game/index.js';

const ALICE = '100000000000000001';
const BOB = '100000000000000002';
const GAME = 7;

/** A game played through the engine, with the ledger the people would have written of it. */
function played(): { state: GameState; entries: LedgerEntry[] } {
  const random = seededRandom(3);
  let state = createGame(ALICE, DEFAULT_RULES);
  const entries: LedgerEntry[] = [];
  const act = (kind: LedgerKind, action: Action & { playerId: string }, row?: string) => {
    const result = applyAction(state, action, random);
    if (!result.ok) throw new Error(result.code);
    entries.push({
      gameId: GAME,
      from: state.version,
      to: result.state.version,
      kind,
      user: action.playerId,
      round: state.round,
      ...(row ? { row } : {}),
    });
    state = result.state;
  };
  act('join', { type: 'join', playerId: BOB });
  act('start', { type: 'start', playerId: ALICE });
  for (let turn = 0; turn < 4; turn += 1) {
    const player = state.seats[state.currentSeat]?.playerId ?? '';
    act('keep', { type: 'toggle-keep', playerId: player, die: 0 });
    act('reroll', { type: 'reroll', playerId: player });
    const row = bestImmediateRow(state) ?? '';
    act('score', { type: 'score', playerId: player, category: row }, row);
  }
  return { state, entries };
}

function ledgerOf(entries: readonly LedgerEntry[], unanswered = 0): Ledger {
  const ledger = new Ledger();
  ledger.seen(GAME, 1, false);
  for (const entry of entries) ledger.accepted(entry);
  for (let i = 0; i < unanswered; i += 1) ledger.unknown(GAME);
  return ledger;
}

describe('the soak’s ledger', () => {
  it('finds a game that replays its ledger exactly, and resumable', () => {
    const { state, entries } = played();
    const ledger = ledgerOf(entries);
    ledger.shown(GAME, state.version);
    expect(ledger.check([{ id: GAME, status: state.status, state }])).toMatchObject({ lost: 0, doubled: 0, stuck: 0 });
  });

  it('counts an accepted row the database lost', () => {
    const { state, entries } = played();
    const [row, points] = Object.entries(state.sheets[BOB] ?? {})[0] ?? [];
    expect(points).toBeDefined();
    const { [row as string]: _gone, ...rest } = state.sheets[BOB] as Record<string, unknown>;
    const lostRow = { ...state, sheets: { ...state.sheets, [BOB]: rest } } as GameState;
    expect(ledgerOf(entries).check([{ id: GAME, status: 'playing', state: lostRow }]).lost).toBeGreaterThan(0);
  });

  it('counts a step accepted twice, and a change nobody was answered for, as doubled', () => {
    const { state, entries } = played();
    const twice = [...entries, entries[3] as LedgerEntry];
    expect(ledgerOf(twice).check([{ id: GAME, status: 'playing', state }]).doubled).toBe(1);
    // One more version than the ledger explains (a reroll applied twice), with no unanswered interaction…
    const extra = { ...state, version: state.version + 1 };
    expect(ledgerOf(entries).check([{ id: GAME, status: 'playing', state: extra }]).doubled).toBe(1);
    // …is allowed when one interaction of the game got no answer (it may have been applied).
    expect(ledgerOf(entries, 1).check([{ id: GAME, status: 'playing', state: extra }]).doubled).toBe(0);
  });

  it('counts a game in play that the end’s /crag board did not show at its version as stuck', () => {
    const { state, entries } = played();
    const ledger = ledgerOf(entries);
    ledger.shown(GAME, state.version - 1);
    expect(ledger.check([{ id: GAME, status: 'playing', state }]).stuck).toBe(1);
  });
});
