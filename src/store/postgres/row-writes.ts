import type { GameInsert, RowWrites, StateSave } from '../backend.js';
import { GAME_COLUMNS } from '../standard-queries.js';
import type { GameResult } from '../types.js';

/** A statement for pg: named, so each connection parses and plans each shape once. */
export interface Statement {
  readonly name: string;
  readonly text: string;
  readonly values: unknown[];
}

/** Numbers a statement's parameters as its parts are added. */
export class Parameters {
  readonly values: unknown[] = [];

  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }

  /**
   * `unnest($1::type[], ...) AS alias(name, ...)`: the rows as one array parameter per column, the
   * way PostgreSQL takes many rows in one statement. `columns` lists them as "name type, ...", each
   * read from the rows' field of that name.
   */
  unnest(alias: string, rows: readonly object[], columns: string): string {
    const named = columns.split(',').map((column) => column.trim().split(/\s+/) as [name: string, type: string]);
    const arrays = named.map(([name, type]) =>
      this.add(
        rows.map((row) => (row as Record<string, unknown>)[name]),
        `${type}[]`,
      ),
    );
    return `unnest(${arrays.join(', ')}) AS ${alias}(${named.map(([name]) => name).join(', ')})`;
  }
}

/**
 * The row writes as data-modifying CTEs over `target`, the CTE that writes the game's row and returns
 * its id. They write only for the row `target` returns, so when its version check refuses the save
 * the whole statement writes nothing. One statement is one transaction and one round trip. Only
 * non-empty parts are added; `key` names the shape for the prepared statement. (The statistics of
 * a game's end are written after it, by game-over-writes.ts.)
 */
function rowWrites(writes: RowWrites | EndRows, params: Parameters): { ctes: string[]; key: string } {
  const ctes: string[] = [];
  let key = '';
  const part = (flag: string, present: boolean, cte: () => string) => {
    key += present ? flag : '-';
    if (present) ctes.push(cte());
  };
  if (writes.kind !== 'play') {
    const results = writes.kind === 'end' ? writes.over.results : writes.results;
    ctes.push(
      'sheet_rows_dropped AS (DELETE FROM sheet_rows s USING target WHERE s.game_id = target.id)',
      'turns_dropped AS (DELETE FROM turn_history h USING target WHERE h.game_id = target.id)',
    );
    part('r', results.length > 0, () => {
      const rows = results.map((result) => ({
        player_id: result.playerId,
        total: result.total,
        place: result.place,
        is_computer: result.isComputer,
        won: result.won,
        skill_loss: result.skillLoss,
        luck: result.luck,
        decisions: result.decisions ?? null,
      }));
      const columns =
        'player_id text, total int, place int, is_computer bool, won bool, skill_loss float8, luck float8, decisions int';
      return `results_added AS (
        INSERT INTO game_results (game_id, player_id, total, place, is_computer, won, skill_loss, luck, decisions)
        SELECT target.id, r.player_id, r.total, r.place, r.is_computer, r.won, r.skill_loss, r.luck, r.decisions
        FROM target, ${params.unnest('r', rows, columns)})`;
    });
    return { ctes, key: `end${key}` };
  }
  const { sheetRows, clearedSheetRows, newTurns, turnsFrom } = writes.changes;
  part('s', sheetRows.rows.length > 0, () => {
    const rows = `unnest(${params.add(sheetRows.playerIds, 'text[]')}, ${params.add(sheetRows.rows, 'text[]')},
      ${params.add(sheetRows.points, 'int[]')}, ${params.add(sheetRows.rounds, 'int[]')}) AS s(player_id, row, points, round)`;
    return `sheet_rows_set AS (
      INSERT INTO sheet_rows (game_id, player_id, row, points, round)
      SELECT target.id, s.player_id, s.row, s.points, s.round FROM target, ${rows}
      ON CONFLICT (game_id, player_id, row) DO UPDATE SET points = excluded.points, round = excluded.round)`;
  });
  part('c', clearedSheetRows.rows.length > 0, () => {
    const rows = `unnest(${params.add(clearedSheetRows.playerIds, 'text[]')}, ${params.add(clearedSheetRows.rows, 'text[]')}) AS s(player_id, row)`;
    return `sheet_rows_cleared AS (
      DELETE FROM sheet_rows r USING target, ${rows}
      WHERE r.game_id = target.id AND r.player_id = s.player_id AND r.row = s.row)`;
  });
  // Deleted turns all come after the added ones: the two never meet on one row.
  part('d', turnsFrom !== null, () => {
    return `turns_dropped AS (
      DELETE FROM turn_history h USING target WHERE h.game_id = target.id AND h.turn >= ${params.add(turnsFrom, 'int')})`;
  });
  part('t', newTurns.turns.length > 0, () => {
    const turns = `unnest(${params.add(newTurns.turns, 'int[]')}, ${params.add(newTurns.records, 'json[]')}) AS h(turn, record)`;
    return `turns_added AS (
      INSERT INTO turn_history (game_id, turn, record) SELECT target.id, h.turn, h.record FROM target, ${turns})`;
  });
  return { ctes, key: `play${key}` };
}

function statement(name: string, ctes: readonly string[], select: string, params: Parameters): Statement {
  return { name, text: `WITH ${ctes.join(',\n')}\n${select}`, values: params.values };
}

/** A game's end as a game from before migration 2 is packed: its results only. */
interface EndRows {
  readonly kind: 'legacy-end';
  readonly results: readonly GameResult[];
}

/**
 * A save: the state row, written only over `expectedVersion` (checked by the UPDATE itself, so two
 * processes can never both apply a click), with its row writes. Returns the row's board message
 * (left as it is: another process may have set it since this one read the game), or no row when the
 * version check refused the save and nothing was written. A click leaves ended_at unchanged, keeping
 * the update HOT.
 */
export function saveStatement(save: StateSave): Statement {
  const params = new Parameters();
  const endedAt = save.writes.kind === 'end' ? save.now : null;
  const target = `target AS (
    UPDATE games SET state = ${params.add(save.state, 'json')}, state_version = ${params.add(save.version, 'int')},
      status = ${params.add(save.status, 'text')}, turn_deadline = ${params.add(save.turnDeadline, 'bigint')},
      updated_at = ${params.add(save.now, 'bigint')}, last_action_at = ${params.add(save.now, 'bigint')},
      ended_at = COALESCE(ended_at, ${params.add(endedAt, 'bigint')})
    WHERE id = ${params.add(save.gameId, 'bigint')} AND state_version = ${params.add(save.expectedVersion, 'int')}
    RETURNING id, board_message_id)`;
  const { ctes, key } = rowWrites(save.writes, params);
  return statement(`crag_save_${key}`, [target, ...ctes], 'SELECT board_message_id FROM target', params);
}

/**
 * A new game with all its rows, unless the channel has an active game already: then the partial
 * unique index turns the INSERT into nothing, and the statement returns no row and writes nothing.
 */
export function createStatement(game: GameInsert, seriesId: number, writes: RowWrites): Statement {
  const params = new Parameters();
  const series = params.add(seriesId, 'bigint');
  const now = params.add(game.now, 'bigint');
  const target = `target AS (
    INSERT INTO games (guild_id, channel_id, series_id, series_game_number, board_message_id, status, state,
      state_version, turn_timer_seconds, hints_enabled, pings_enabled, turn_deadline, created_at, updated_at,
      last_action_at, ended_at, via_webhooks)
    VALUES (${params.add(game.guildId, 'text')}, ${params.add(game.channelId, 'text')}, ${series},
      (SELECT COALESCE(MAX(series_game_number), 0) + 1 FROM games WHERE series_id = ${series}),
      ${params.add(game.boardMessageId, 'text')}, ${params.add(game.status, 'text')},
      ${params.add(game.state, 'json')}, ${params.add(game.version, 'int')}, ${params.add(game.turnTimerSeconds, 'int')},
      ${params.add(game.hintsEnabled, 'bool')}, ${params.add(game.pingsEnabled, 'bool')},
      ${params.add(game.turnDeadline, 'bigint')}, ${now}, ${now}, ${now}, ${params.add(game.endedAt, 'bigint')},
      ${params.add(game.viaWebhooks, 'bool')})
    ON CONFLICT (channel_id) WHERE status IN ('lobby', 'playing') DO NOTHING
    RETURNING ${GAME_COLUMNS})`;
  const { ctes, key } = rowWrites(writes, params);
  return statement(`crag_create_${key}`, [target, ...ctes], `SELECT ${GAME_COLUMNS} FROM target`, params);
}

/** The rows of a game from before migration 2 as it is packed: its sheet rows and turns go, its results go in. */
export function legacyEndStatement(gameId: number, results: readonly GameResult[]): Statement {
  const params = new Parameters();
  const target = `target AS (SELECT ${params.add(gameId, 'bigint')} AS id)`;
  const { ctes, key } = rowWrites({ kind: 'legacy-end', results }, params);
  return statement(`crag_legacy_${key}`, [target, ...ctes], 'SELECT 1', params);
}
