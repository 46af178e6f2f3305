import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { applyAction, type GameState, seededRandom, sheetTotal, standings } from '../../src/game/index.js';
import { recordGame } from '../../src/stats/game-record.js';
import type { GameStore, StoredGame } from '../../src/store/index.js';
import { readPackedGame } from '../../src/store/packed-game.js';
import { type GamePlan, newGameState, step } from './drive-game.js';

/** A fresh temp folder per call; the returned function removes it. */
export function tempFolder(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'crag-store-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

export interface Table {
  guildId: string;
  channelId: string;
  seriesId?: number;
}

/** Stores a new game for the plan and saves every step until the game ends or `until` holds. */
export async function playThroughStore(
  store: GameStore,
  table: Table,
  plan: GamePlan,
  until: (state: GameState) => boolean = () => false,
): Promise<StoredGame> {
  const created = await store.createGame({
    ...table,
    state: newGameState(plan),
    turnTimerSeconds: 90,
    hintsEnabled: false,
  });
  if (!created.ok) throw new Error(`could not create the game: ${created.reason}`);
  let game = created.game;
  while (!until(game.state)) {
    const next = step(game.state, plan);
    if (!next) break;
    const saved = await store.saveState(game.id, game.state.version, next);
    if (!saved.ok) throw new Error(`save refused: ${saved.reason}`);
    game = saved.game;
  }
  return game;
}

/** Applies one action as the host (e.g. cancel) and saves it. */
export async function saveAction(
  store: GameStore,
  game: StoredGame,
  action: Parameters<typeof applyAction>[1],
): Promise<StoredGame> {
  const result = applyAction(game.state, action, seededRandom(game.state.version));
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  const saved = await store.saveState(game.id, game.state.version, result.state);
  if (!saved.ok) throw new Error(`save refused: ${saved.reason}`);
  return saved.game;
}

/**
 * Checks, through a separate connection, that the tables hold exactly `state`: a game in play as its
 * state JSON (without sheets and turns), sheet rows and turns; a game that is over as its packed
 * state alone, with the results it counted for (finished games only).
 */
export async function expectRowsInStep(db: RowReader, gameId: number, state: GameState): Promise<void> {
  const [row] = await db.rows<{
    status: string;
    state: string;
    state_version: number;
    ended_at: number | null;
    last_action_at: number;
  }>('SELECT status, state, state_version, ended_at, last_action_at FROM games WHERE id = ?', gameId);
  expect(row?.status).toBe(state.status);
  expect(row?.state_version).toBe(state.version);
  const over = state.status === 'finished' || state.status === 'cancelled';
  // A game that ended keeps when: its last action.
  expect(row?.ended_at).toBe(over ? row?.last_action_at : null);
  if (over) {
    expect(JSON.parse(row?.state ?? 'null')).toMatchObject({ packed: 1 });
    expect(readPackedGame(row?.state ?? '')).toEqual(state);
  } else {
    expect(JSON.parse(row?.state ?? 'null')).toEqual({ ...state, sheets: {}, history: [] });
  }

  const turns = await db.rows<{ turn: number; record: string }>(
    'SELECT turn, record FROM turn_history WHERE game_id = ? ORDER BY turn',
    gameId,
  );
  const storedHistory = over ? [] : state.history;
  expect(turns.map((turn) => turn.turn)).toEqual(storedHistory.map((_, index) => index));
  expect(turns.map((turn) => JSON.parse(turn.record))).toEqual(storedHistory);

  const sheetRows = await db.rows(
    'SELECT player_id, row, points, round FROM sheet_rows WHERE game_id = ? ORDER BY player_id, row',
    gameId,
  );
  const expectedRows = over
    ? []
    : Object.entries(state.sheets)
        .flatMap(([playerId, sheet]) =>
          Object.entries(sheet).map(([rowId, entry]) => ({
            player_id: playerId,
            row: rowId,
            points: entry?.points,
            round: entry?.round,
          })),
        )
        .sort((a, b) => compare(a.player_id, b.player_id) || compare(a.row, b.row));
  expect(sheetRows).toEqual(expectedRows);

  const results = await db.rows<{ player_id: string; skill_loss: number | null; luck: number | null }>(
    `SELECT player_id, total, place, CASE WHEN is_computer THEN 1 ELSE 0 END AS is_computer,
       CASE WHEN won THEN 1 ELSE 0 END AS won, skill_loss, luck
     FROM game_results WHERE game_id = ? ORDER BY player_id`,
    gameId,
  );
  const records = new Map(state.status === 'finished' ? recordGame(state).map((r) => [r.playerId, r]) : []);
  const expectedResults =
    state.status === 'finished'
      ? standings(state)
          .map((standing) => ({
            player_id: standing.playerId,
            total: sheetTotal(state.sheets[standing.playerId] ?? {}),
            place: standing.place,
            is_computer: standing.computer === null ? 0 : 1,
            won: records.get(standing.playerId)?.won ? 1 : 0,
            skill_loss: records.get(standing.playerId)?.skillLoss ?? null,
            luck: records.get(standing.playerId)?.luck ?? null,
          }))
          .sort((a, b) => compare(a.player_id, b.player_id))
      : [];
  expect(results).toEqual(expectedResults);
}

/** Reads rows through a connection of its own (see TestDatabase in backends.ts). */
export interface RowReader {
  rows<T>(sql: string, ...params: unknown[]): Promise<T[]>;
}

/** Plain code-unit order, the same as SQLite's BINARY collation and PostgreSQL's "C" for ASCII ids. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
