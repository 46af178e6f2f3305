import type Database from 'better-sqlite3';
import { deserializeGame, type GameState, serializeGame } from '../game/index.js';
import { defaultMigrationsDir, loadMigrations } from './migrations.js';
import { openDatabase } from './open-database.js';
import { type GameMetaRow, type GameRow, prepareStatements, type RankedRow, type Statements } from './statements.js';
import { syncRows } from './sync-rows.js';
import type {
  CreateGameResult,
  LeaderboardQuery,
  LeaderboardRow,
  NewGame,
  PlayerResult,
  SaveExtras,
  SaveResult,
  SeriesGame,
  SeriesTotal,
  StoredGame,
} from './types.js';

export interface StoreOptions {
  /** The clock for created/updated times, in epoch ms. */
  readonly now?: () => number;
  /** Where the NNNN_name.sql files are; defaults to `migrations/` at the package root. */
  readonly migrationsDir?: string;
  /**
   * Read every page with PRAGMA quick_check before opening. It always runs before a migration;
   * otherwise it is skipped because it costs time in proportion to the file's size.
   */
  readonly checkIntegrity?: boolean;
}

const MAX_LEADERBOARD_ROWS = 100;

/**
 * Opens the database at `path`, creating it and its folder if needed, and applies pending
 * migrations. Throws StoreOpenError, leaving the file untouched, when it cannot or should not.
 */
export function openStore(path: string, options: StoreOptions = {}): Store {
  const now = options.now ?? Date.now;
  const migrations = loadMigrations(options.migrationsDir ?? defaultMigrationsDir());
  const db = openDatabase(path, migrations, { now, checkIntegrity: options.checkIntegrity ?? false });
  return new Store(db, now);
}

/**
 * Every game, sheet and result, persisted after each accepted action. Writes run in BEGIN IMMEDIATE
 * transactions, so a save either lands whole or not at all, and two writers never deadlock.
 */
export class Store {
  private readonly statements: Statements;
  private readonly createGameTx: (game: NewGame) => CreateGameResult;
  private readonly saveStateTx: (id: number, expected: number, next: GameState, extra: SaveExtras) => SaveResult;

  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number,
  ) {
    this.statements = prepareStatements(db);
    const createGame = db.transaction((game: NewGame) => this.insertGame(game));
    this.createGameTx = (game) => createGame.immediate(game);
    const saveState = db.transaction((id: number, expected: number, next: GameState, extra: SaveExtras) =>
      this.writeState(id, expected, next, extra),
    );
    this.saveStateTx = (id, expected, next, extra) => saveState.immediate(id, expected, next, extra);
  }

  /** Stores a new game; refused while the channel has a game in the lobby or under way. */
  createGame(game: NewGame): CreateGameResult {
    return this.createGameTx(game);
  }

  activeGameInChannel(channelId: string): StoredGame | undefined {
    const row = this.statements.activeInChannel.get(channelId);
    return row && toStoredGame(row, deserializeGame(row.state));
  }

  /** The channel's active game, or else its most recent one. */
  latestGameInChannel(channelId: string): StoredGame | undefined {
    const row = this.statements.latestInChannel.get(channelId);
    return row && toStoredGame(row, deserializeGame(row.state));
  }

  gameById(id: number): StoredGame | undefined {
    const row = this.statements.gameById.get(id);
    return row && toStoredGame(row, deserializeGame(row.state));
  }

  /** Games in the lobby or under way, oldest first: what a restart must pick up again. */
  activeGames(): StoredGame[] {
    return this.statements.activeGames.all().map((row) => toStoredGame(row, deserializeGame(row.state)));
  }

  /**
   * Replaces the state of a game whose stored version is `expectedVersion`, with its sheet rows and,
   * when it finishes, its results, in one transaction. Anything else is 'stale' and writes nothing.
   */
  saveState(gameId: number, expectedVersion: number, next: GameState, extra: SaveExtras = {}): SaveResult {
    if (next.version <= expectedVersion) {
      throw new RangeError(`the next state's version ${next.version} must be above ${expectedVersion}`);
    }
    return this.saveStateTx(gameId, expectedVersion, next, extra);
  }

  /** Records the board message; not a game action, so the version stays. Returns false for no such game. */
  setBoardMessage(gameId: number, messageId: string | null): boolean {
    return this.statements.setBoardMessage.run(messageId, this.now(), gameId).changes === 1;
  }

  /** Records when the current turn times out (epoch ms), or null; the version stays. */
  setTurnDeadline(gameId: number, deadline: number | null): boolean {
    return this.statements.setTurnDeadline.run(deadline, this.now(), gameId).changes === 1;
  }

  /** Every game of a series in order, with the results of those that finished. */
  seriesGames(seriesId: number): SeriesGame[] {
    const results = new Map<number, PlayerResult[]>();
    for (const row of this.statements.seriesResults.all(seriesId)) {
      const list = results.get(row.game_id) ?? [];
      list.push({ playerId: row.player_id, total: row.total, place: row.place, isComputer: row.is_computer === 1 });
      results.set(row.game_id, list);
    }
    return this.statements.seriesGames.all(seriesId).map((row) => ({
      gameId: row.id,
      seriesGameNumber: row.series_game_number,
      status: row.status as GameState['status'],
      results: results.get(row.id) ?? [],
    }));
  }

  /** The back-to-back totals of a series: finished games only, humans only, highest first. */
  seriesTotals(seriesId: number): SeriesTotal[] {
    return this.statements.seriesTotals.all(seriesId).map((row) => ({
      playerId: row.player_id,
      total: row.total,
      games: row.games,
      wins: row.wins,
    }));
  }

  leaderboard(query: LeaderboardQuery): LeaderboardRow[] {
    const limit = Math.min(Math.max(Math.trunc(query.limit ?? 10), 1), MAX_LEADERBOARD_ROWS);
    return this.statements.leaderboard[query.scope].all({ ...leaderboardFilter(query), limit }).map(toLeaderboardRow);
  }

  /** One player's line of the leaderboard, wherever they rank; undefined if they have no games in it. */
  leaderboardRank(query: LeaderboardQuery & { readonly playerId: string }): LeaderboardRow | undefined {
    const row = this.statements.leaderboardRank[query.scope].get({
      ...leaderboardFilter(query),
      playerId: query.playerId,
    });
    return row && toLeaderboardRow(row);
  }

  close(): void {
    if (!this.db.open) return;
    try {
      // Lets SQLite refresh its query-planner statistics where they have drifted; cheap when they have not.
      this.db.pragma('optimize');
    } finally {
      this.db.close();
    }
  }

  private insertGame(game: NewGame): CreateGameResult {
    const busy = this.statements.activeInChannel.get(game.channelId);
    if (busy) return { ok: false, reason: 'channel-busy', active: toStoredGame(busy, deserializeGame(busy.state)) };
    const now = this.now();
    let seriesId = game.seriesId;
    if (seriesId === undefined) {
      const rules = JSON.stringify(game.state.rules);
      seriesId = Number(this.statements.insertSeries.run(game.guildId, game.channelId, rules, now).lastInsertRowid);
    } else if (!this.statements.seriesInGuild.get(seriesId, game.guildId)) {
      return { ok: false, reason: 'unknown-series' };
    }
    const seriesGameNumber = this.statements.nextSeriesGameNumber.get(seriesId)?.next ?? 1;
    const id = Number(
      this.statements.insertGame.run({
        guildId: game.guildId,
        channelId: game.channelId,
        seriesId,
        seriesGameNumber,
        boardMessageId: game.boardMessageId ?? null,
        status: game.state.status,
        rules: JSON.stringify(game.state.rules),
        state: serializeGame(game.state),
        version: game.state.version,
        turnTimerSeconds: game.turnTimerSeconds,
        hintsEnabled: game.hintsEnabled ? 1 : 0,
        turnDeadline: game.turnDeadline ?? null,
        now,
      }).lastInsertRowid,
    );
    syncRows(this.statements, id, game.state, null);
    const meta = this.statements.gameMeta.get(id);
    if (!meta) throw new Error(`game ${id} vanished inside its own transaction`);
    return { ok: true, game: toStoredGame(meta, game.state) };
  }

  private writeState(gameId: number, expectedVersion: number, next: GameState, extra: SaveExtras): SaveResult {
    const meta = this.statements.gameMeta.get(gameId);
    if (!meta) return { ok: false, reason: 'missing' };
    if (meta.state_version !== expectedVersion) {
      const current = this.gameById(gameId);
      if (!current) return { ok: false, reason: 'missing' };
      return { ok: false, reason: 'stale', current };
    }
    const now = this.now();
    const over = next.status === 'finished' || next.status === 'cancelled';
    // A game that is over has no turn to time out.
    const turnDeadline = over ? null : extra.turnDeadline === undefined ? meta.turn_deadline : extra.turnDeadline;
    const boardMessageId = extra.boardMessageId === undefined ? meta.board_message_id : extra.boardMessageId;
    this.statements.updateState.run({
      id: gameId,
      expectedVersion,
      state: serializeGame(next),
      version: next.version,
      now,
      turnDeadline,
      boardMessageId,
    });
    if (next.status !== meta.status) this.statements.updateStatus.run(next.status, gameId);
    syncRows(this.statements, gameId, next, meta.status as GameState['status']);
    const saved: GameMetaRow = {
      ...meta,
      status: next.status,
      state_version: next.version,
      turn_deadline: turnDeadline,
      board_message_id: boardMessageId,
      updated_at: now,
      last_action_at: now,
    };
    return { ok: true, game: toStoredGame(saved, next) };
  }
}

function toStoredGame(row: GameMetaRow | GameRow, state: GameState): StoredGame {
  return {
    id: row.id,
    guildId: row.guild_id,
    channelId: row.channel_id,
    seriesId: row.series_id,
    seriesGameNumber: row.series_game_number,
    boardMessageId: row.board_message_id,
    turnTimerSeconds: row.turn_timer_seconds,
    hintsEnabled: row.hints_enabled === 1,
    turnDeadline: row.turn_deadline,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastActionAt: row.last_action_at,
    state,
  };
}

function leaderboardFilter(query: LeaderboardQuery): { guildId: string; seriesId: number | null; rerolls: number } {
  if (query.scope === 'series' && query.seriesId === undefined) {
    throw new RangeError('a series leaderboard needs a seriesId');
  }
  return { guildId: query.guildId, seriesId: query.seriesId ?? null, rerolls: query.rerolls };
}

function toLeaderboardRow(row: RankedRow): LeaderboardRow {
  return {
    rank: row.rank,
    playerId: row.player_id,
    total: row.total,
    games: row.games,
    wins: row.wins,
    average: row.total / row.games,
    best: row.best,
  };
}
