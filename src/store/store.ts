import type Database from 'better-sqlite3';
import { deserializeGame, type GameState, type SheetEntry, serializeGame, type TurnRecord } from '../game/index.js';
import { defaultMigrationsDir, loadMigrations } from './migrations.js';
import { BUSY_TIMEOUT_MS, openDatabase } from './open-database.js';
import { type GameMetaRow, type GameRow, prepareStatements, type RankedRow, type Statements } from './statements.js';
import { syncRows } from './sync-rows.js';
import type {
  CreateGameResult,
  LeaderboardQuery,
  LeaderboardRow,
  NewGame,
  PlayerResult,
  RecentChange,
  SaveExtras,
  SaveResult,
  SeriesGame,
  SeriesTotal,
  StoredGame,
  TurnInPlay,
} from './types.js';
import { WalCheckpointer } from './wal-checkpointer.js';

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
  /**
   * 'background' (the default) checkpoints the WAL on a second connection in a worker thread;
   * 'inline' leaves it to SQLite, which makes an occasional commit wait for the disk.
   */
  readonly checkpoints?: 'background' | 'inline';
  /** Told if background checkpoints fail; the store then falls back to inline ones. */
  readonly onCheckpointError?: (error: Error) => void;
}

const MAX_LEADERBOARD_ROWS = 100;
/**
 * Games kept parsed in memory, most recently used first. Every click reads its game and writes it
 * back; keeping the hot ones saves parsing the state JSON and a query on each. Small, so memory stays
 * flat however many games a server has.
 */
const CACHED_GAMES = 256;

/**
 * Opens the database at `path`, creating it and its folder if needed, and applies pending
 * migrations. Throws StoreOpenError, leaving the file untouched, when it cannot or should not.
 */
export function openStore(path: string, options: StoreOptions = {}): Store {
  const now = options.now ?? Date.now;
  const migrations = loadMigrations(options.migrationsDir ?? defaultMigrationsDir());
  const db = openDatabase(path, migrations, { now, checkIntegrity: options.checkIntegrity ?? false });
  const checkpointer =
    options.checkpoints === 'inline'
      ? undefined
      : new WalCheckpointer(db, path, BUSY_TIMEOUT_MS, {
          ...(options.onCheckpointError ? { onError: options.onCheckpointError } : {}),
        });
  return new Store(db, now, checkpointer);
}

/**
 * Every game, sheet and result, persisted after each accepted action. Writes run in BEGIN IMMEDIATE
 * transactions, so a save either lands whole or not at all, and two writers never deadlock.
 */
export class Store {
  private readonly statements: Statements;
  private readonly createGameTx: (game: NewGame) => CreateGameResult;
  private readonly saveStateTx: (id: number, expected: number, next: GameState, extra: SaveExtras) => SaveResult;
  /**
   * Recently used games as last read or written by this store. The bot is the database's only writer
   * (one process per file), and every write still checks the version in SQL, so a stale entry could
   * at worst make a save refused as stale, never overwrite anything.
   */
  private readonly recent = new Map<number, StoredGame>();

  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number,
    private readonly checkpointer?: WalCheckpointer,
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
    return row && this.load(row);
  }

  /** The channel's active game, or else its most recent one. */
  latestGameInChannel(channelId: string): StoredGame | undefined {
    const row = this.statements.latestInChannel.get(channelId);
    return row && this.load(row);
  }

  gameById(id: number): StoredGame | undefined {
    const cached = this.recent.get(id);
    if (cached) return this.remember(cached);
    const row = this.statements.gameById.get(id);
    return row && this.remember(this.load(row));
  }

  /**
   * Every game under way, oldest first, with just what its turn timer needs: what a restart must
   * pick up again. Whole games (turns and all) are not read, so thousands of them cost little.
   */
  turnsInPlay(): TurnInPlay[] {
    return this.statements.turnsInPlay.all().map((row) => ({
      gameId: row.id,
      version: row.state_version,
      computerToMove: row.computer !== null,
      turnDeadline: row.turn_deadline,
    }));
  }

  /**
   * Games past their lobby, with a board, whose last action came within `windowMs` of the newest
   * action in the database: after a crash, the ones whose board may not show their last move yet.
   * Read lightly (no sheets, only the last turn), since after a busy spell they can be many.
   */
  recentlyChangedBoards(windowMs: number): RecentChange[] {
    return this.statements.recentlyChangedBoards.all(windowMs).map((row) => ({
      gameId: row.id,
      state: deserializeGame(row.state),
      lastTurn: row.last_turn === null ? undefined : (JSON.parse(row.last_turn) as TurnRecord),
    }));
  }

  /** Active games with no action since `before` (epoch ms), oldest first. */
  gamesIdleSince(before: number): StoredGame[] {
    return this.statements.idleGames.all(before).map((row) => this.load(row));
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
    const now = this.now();
    const changed = this.statements.setBoardMessage.run(messageId, now, gameId).changes === 1;
    this.patchRecent(gameId, { boardMessageId: messageId, updatedAt: now });
    return changed;
  }

  /** Records when the current turn times out (epoch ms), or null; the version stays. */
  setTurnDeadline(gameId: number, deadline: number | null): boolean {
    const now = this.now();
    const changed = this.statements.setTurnDeadline.run(deadline, now, gameId).changes === 1;
    this.patchRecent(gameId, { turnDeadline: deadline, updatedAt: now });
    return changed;
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

  /** A game as stored: its state JSON with its sheets and turns put back. */
  private load(row: GameRow): StoredGame {
    const state = deserializeGame(row.state);
    // Every seat has a sheet, empty until its first row is scored.
    const sheets: Record<string, Record<string, SheetEntry>> = {};
    for (const seat of state.seats) sheets[seat.playerId] = {};
    for (const entry of this.statements.sheetRowsOf.all(row.id)) {
      const sheet = sheets[entry.player_id];
      if (sheet) sheet[entry.row] = { points: entry.points, round: entry.round };
    }
    const history = this.statements.historyOf.all(row.id).map((turn) => JSON.parse(turn.record) as TurnRecord);
    return toStoredGame(row, { ...state, sheets, history });
  }

  private remember(game: StoredGame): StoredGame {
    this.recent.delete(game.id);
    this.recent.set(game.id, game);
    if (this.recent.size > CACHED_GAMES) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
    return game;
  }

  private patchRecent(gameId: number, changes: Partial<StoredGame>): void {
    const cached = this.recent.get(gameId);
    if (cached) this.recent.set(gameId, { ...cached, ...changes });
  }

  close(): void {
    this.recent.clear();
    if (!this.db.open) return;
    this.checkpointer?.stop();
    try {
      // Lets SQLite refresh its query-planner statistics where they have drifted; cheap when they have not.
      this.db.pragma('optimize');
    } finally {
      this.db.close();
    }
  }

  private insertGame(game: NewGame): CreateGameResult {
    const busy = this.statements.activeInChannel.get(game.channelId);
    if (busy) return { ok: false, reason: 'channel-busy', active: this.load(busy) };
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
        state: stateJson(game.state),
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
    const cached = this.recent.get(gameId);
    if (cached?.state.version === expectedVersion) {
      const saved = this.writeOver(cached, next, extra);
      if (saved) return { ok: true, game: this.remember(saved) };
      this.recent.delete(gameId); // Somebody else wrote this game: read it afresh below.
    }
    const row = this.statements.gameById.get(gameId);
    if (!row) return { ok: false, reason: 'missing' };
    const previous = this.remember(this.load(row));
    if (previous.state.version !== expectedVersion) return { ok: false, reason: 'stale', current: previous };
    const saved = this.writeOver(previous, next, extra);
    if (!saved) throw new Error(`game ${gameId} changed inside its own transaction`);
    return { ok: true, game: this.remember(saved) };
  }

  /** Writes `next` over the stored `previous`; undefined if the row no longer holds that version. */
  private writeOver(previous: StoredGame, next: GameState, extra: SaveExtras): StoredGame | undefined {
    const now = this.now();
    const over = next.status === 'finished' || next.status === 'cancelled';
    // A game that is over has no turn to time out.
    const turnDeadline = over ? null : extra.turnDeadline === undefined ? previous.turnDeadline : extra.turnDeadline;
    const boardMessageId = extra.boardMessageId === undefined ? previous.boardMessageId : extra.boardMessageId;
    const written = this.statements.updateState.run({
      id: previous.id,
      expectedVersion: previous.state.version,
      state: stateJson(next),
      version: next.version,
      now,
      turnDeadline,
      boardMessageId,
    });
    if (written.changes !== 1) return undefined;
    if (next.status !== previous.state.status) this.statements.updateStatus.run(next.status, previous.id);
    syncRows(this.statements, previous.id, next, previous.state);
    return { ...previous, state: next, turnDeadline, boardMessageId, updatedAt: now, lastActionAt: now };
  }
}

/**
 * The state JSON for the games table: everything but the sheets and the turns, which have tables of
 * their own. A click then rewrites a few hundred bytes rather than every score of every player.
 */
function stateJson(state: GameState): string {
  return serializeGame({ ...state, sheets: {}, history: [] });
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
