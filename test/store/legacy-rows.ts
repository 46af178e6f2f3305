/**
 * A database as the store before migration 2 left it, for the migration tests of both dialects:
 * every game's state JSON without sheets and turns, its seats, sheet rows and turns in tables of
 * their own, and results (with the reroll count) for finished games. Written row by row, as that
 * store wrote them, since today's store cannot open a database at schema 1.
 */
import { type GameState, serializeGame, standings } from '../../src/game/index.js';
import { type GamePlan, newGameState, step } from './drive-game.js';

export const LEGACY_GUILD = '900000000000000001';
export const LEGACY_TIME = Date.UTC(2026, 10, 30, 22, 0);

export interface LegacyGame {
  readonly id: number;
  readonly seriesId: number;
  readonly seriesGameNumber: number;
  readonly channelId: string;
  readonly state: GameState;
  readonly lastActionAt: number;
}

/** One statement with `?` placeholders; booleans as the dialect writes them. */
export interface LegacyInsert {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** The plan played to its end, or until `until` holds. */
export function playedOut(plan: GamePlan, until: (state: GameState) => boolean = () => false): GameState {
  let state = newGameState(plan);
  for (let next = step(state, plan); next && !until(state); next = step(state, plan)) state = next;
  return state;
}

/**
 * The games a bot had stored before migration 2: in one series, a finished game of two people and a
 * computer, then one of two people in which one left; a cancelled one; and one still in play.
 */
export function legacyGames(): LegacyGame[] {
  const [alice, bob, carol] = ['100000000000000001', '100000000000000002', '100000000000000003'];
  const game = (id: number, seriesId: number, number: number, channelId: string, state: GameState) => ({
    id,
    seriesId,
    seriesGameNumber: number,
    channelId,
    state,
    lastActionAt: LEGACY_TIME + id * 60_000,
  });
  return [
    game(1, 1, 1, '910000000000000001', playedOut({ seed: 21, humans: [alice, bob], computers: ['optimal'] })),
    game(
      2,
      1,
      2,
      '910000000000000001',
      playedOut({ seed: 22, humans: [bob, alice], leaves: { playerId: alice, round: 6 } }),
    ),
    game(3, 2, 1, '910000000000000002', playedOut({ seed: 23, humans: [carol, alice], cancelAtRound: 4 })),
    game(
      4,
      3,
      1,
      '910000000000000003',
      playedOut({ seed: 24, humans: [carol], rules: { rerolls: 2, thirteen: 'no-pair' } }, (s) => s.round === 5),
    ),
  ];
}

/** The rows schema 1 held for `games`, series first. */
export function legacyInserts(games: readonly LegacyGame[], bool: (value: boolean) => unknown): LegacyInsert[] {
  const inserts: LegacyInsert[] = [];
  for (const game of games.filter((candidate) => candidate.seriesGameNumber === 1)) {
    inserts.push({
      sql: 'INSERT INTO series (id, guild_id, channel_id, rules, created_at) VALUES (?, ?, ?, ?, ?)',
      params: [game.seriesId, LEGACY_GUILD, game.channelId, JSON.stringify(game.state.rules), game.lastActionAt],
    });
  }
  for (const game of games) {
    const { state } = game;
    inserts.push({
      sql: `INSERT INTO games (id, guild_id, channel_id, series_id, series_game_number, board_message_id, status, rules,
              state, state_version, turn_timer_seconds, hints_enabled, turn_deadline, created_at, updated_at, last_action_at)
            VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, 300, ?, NULL, ?, ?, ?)`,
      params: [
        game.id,
        LEGACY_GUILD,
        game.channelId,
        game.seriesId,
        game.seriesGameNumber,
        state.status,
        JSON.stringify(state.rules),
        serializeGame({ ...state, sheets: {}, history: [] }),
        state.version,
        bool(true),
        game.lastActionAt,
        game.lastActionAt,
        game.lastActionAt,
      ],
    });
    state.seats.forEach((seat, index) => {
      inserts.push({
        sql: 'INSERT INTO game_seats (game_id, seat_index, player_id, computer_level) VALUES (?, ?, ?, ?)',
        params: [game.id, index, seat.playerId, seat.computer],
      });
    });
    for (const [playerId, sheet] of Object.entries(state.sheets)) {
      for (const [row, entry] of Object.entries(sheet)) {
        inserts.push({
          sql: 'INSERT INTO sheet_rows (game_id, player_id, row, points, round) VALUES (?, ?, ?, ?, ?)',
          params: [game.id, playerId, row, entry?.points, entry?.round],
        });
      }
    }
    state.history.forEach((turn, index) => {
      inserts.push({
        sql: 'INSERT INTO turn_history (game_id, turn, record) VALUES (?, ?, ?)',
        params: [game.id, index, JSON.stringify(turn)],
      });
    });
    if (state.status !== 'finished') continue;
    for (const standing of standings(state)) {
      inserts.push({
        sql: 'INSERT INTO game_results (game_id, player_id, total, place, is_computer, rerolls) VALUES (?, ?, ?, ?, ?, ?)',
        params: [
          game.id,
          standing.playerId,
          standing.total,
          standing.place,
          bool(standing.computer !== null),
          state.rules.rerolls,
        ],
      });
    }
  }
  return inserts;
}
