import type Database from 'better-sqlite3';
import { deserializeGame, type GameState, type SheetEntry, type TurnRecord } from '../../game/index.js';
import { type EndedGame, type GameOver, gameOver, isOver } from '../game-over.js';
import { type GameStore, leaderboardLimit } from '../game-store.js';
import { defaultMigrationsDir, loadMigrations } from '../migrations.js';
import { readPackedGame } from '../packed-game.js';
import { RecentGames } from '../recent-games.js';
import {
  leaderboardFilter,
  newestOf,
  rankByOf,
  stateJson,
  toGameResult,
  toLeaderboardRow,
  toRecentChange,
  toSeason,
  toStatsLines,
} from '../stored-rows.js';
import type {
  CreateGameResult,
  FinishedGame,
  FinishedGamesQuery,
  LeaderboardQuery,
  LeaderboardRow,
  NewGame,
  PlayerResult,
  PlayerStats,
  RecentChange,
  SaveExtras,
  SaveResult,
  Season,
  SeriesGame,
  SeriesTotal,
  StoredGame,
  TurnInPlay,
} from '../types.js';
import { writeGameOver } from './game-over-writes.js';
import { BUSY_TIMEOUT_MS, openDatabase } from './open-database.js';
import { type GameMetaRow, type GameRow, prepareStatements, type Statements } from './statements.js';
import { prepareStatsStatements, type StatsStatements } from './stats-statements.js';
import { syncRows } from './sync-rows.js';
import { WalCheckpointer } from './wal-checkpointer.js';

export interface SqliteStoreOptions {
  /** The clock for created/updated times, in epoch ms. */
  readonly now?: () => number;
  /** Where the NNNN_name.sql files are; defaults to `migrations/sqlite/` at the package root. */
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
  /**
   * Which guilds' games this process keeps parsed in memory: only those no other process writes (a
   * shard's own guilds, when several shard processes of one host share the file). Default: every
   * guild, for a bot that runs as one process.
   */
  readonly cacheGuild?: (guildId: string) => boolean;
}

/** Games kept parsed in memory (see RecentGames). */
const CACHED_GAMES = 256;
/** Games from before migration 2 packed and counted per transaction at start-up. */
const LEGACY_BATCH = 200;

/**
 * Opens the database at `path`, creating it and its folder if needed, and applies pending
 * migrations. Throws StoreOpenError, leaving the file untouched, when it cannot or should not.
 */
export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): SqliteGameStore {
  const now = options.now ?? Date.now;
  const migrations = loadMigrations(options.migrationsDir ?? defaultMigrationsDir('sqlite'));
  const db = openDatabase(path, migrations, { now, checkIntegrity: options.checkIntegrity ?? false });
  const checkpointer =
    options.checkpoints === 'inline'
      ? undefined
      : new WalCheckpointer(db, path, BUSY_TIMEOUT_MS, {
          ...(options.onCheckpointError ? { onError: options.onCheckpointError } : {}),
        });
  const store = new SqliteGameStore(db, now, checkpointer, options.cacheGuild);
  try {
    store.packLegacyGames();
  } catch (error) {
    void store.close();
    throw error;
  }
  return store;
}

/**
 * The default GameStore: one SQLite file. Writes run in BEGIN IMMEDIATE transactions, so a save
 * either lands whole or not at all, and two writers never deadlock. better-sqlite3 is synchronous:
 * each method does all its work before its promise settles, so a click costs no extra round trips.
 */
export class SqliteGameStore implements GameStore {
  private readonly statements: Statements;
  private readonly stats: StatsStatements;
  private readonly createGamesTx: (
    games: readonly NewGame[],
    overs: readonly (GameOver | undefined)[],
  ) => CreateGameResult[];
  private readonly saveStateTx: (
    id: number,
    expected: number,
    next: GameState,
    extra: SaveExtras,
    over: GameOver | undefined,
  ) => SaveResult;
  private readonly startSeasonTx: (guildId: string, startedBy: string) => Season;
  private readonly packLegacyTx: (limit: number) => number;
  private readonly purgeTx: (before: number) => number;
  /** Recently used games as last read or written by this process, for the guilds it may cache. */
  private readonly recent: RecentGames;

  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number,
    private readonly checkpointer?: WalCheckpointer,
    cacheGuild?: (guildId: string) => boolean,
  ) {
    this.recent = new RecentGames(CACHED_GAMES, cacheGuild);
    this.statements = prepareStatements(db);
    this.stats = prepareStatsStatements(db);
    const createGames = db.transaction((games: readonly NewGame[], overs: readonly (GameOver | undefined)[]) =>
      games.map((game, index) => this.insertGame(game, overs[index])),
    );
    this.createGamesTx = (games, overs) => createGames.immediate(games, overs);
    const saveState = db.transaction(
      (id: number, expected: number, next: GameState, extra: SaveExtras, over: GameOver | undefined) =>
        this.writeState(id, expected, next, extra, over),
    );
    this.saveStateTx = (id, expected, next, extra, over) => saveState.immediate(id, expected, next, extra, over);
    const startSeason = db.transaction((guildId: string, startedBy: string) => {
      const season = {
        number: toSeason(this.stats.currentSeason.get(guildId)).number + 1,
        startedAt: this.now(),
        startedBy,
      };
      this.stats.insertSeason.run(guildId, season.number, season.startedAt, startedBy);
      return season;
    });
    this.startSeasonTx = (guildId, startedBy) => startSeason.immediate(guildId, startedBy);
    const packLegacy = db.transaction((limit: number) => this.packLegacyBatch(limit));
    this.packLegacyTx = (limit) => packLegacy.immediate(limit);
    const purge = db.transaction((before: number) => {
      const lobbies = this.statements.endedLobbies.all({ before });
      for (const lobby of lobbies) {
        this.statements.deleteGame.run(lobby.id);
        this.statements.deleteEmptySeries.run({ series: lobby.series_id });
        this.recent.drop(lobby.id);
      }
      return lobbies.length;
    });
    this.purgeTx = (before) => purge.immediate(before);
  }

  async createGame(game: NewGame): Promise<CreateGameResult> {
    const [created] = await this.createGames([game]);
    if (!created) throw new Error('createGames returned nothing for one game');
    return created;
  }

  async createGames(games: readonly NewGame[]): Promise<CreateGameResult[]> {
    // The analysis behind a finished game's statistics runs before the write lock is taken.
    return this.createGamesTx(
      games,
      games.map((game) => gameOver(game.state)),
    );
  }

  async activeGameInChannel(channelId: string): Promise<StoredGame | undefined> {
    const row = this.statements.activeInChannel.get(channelId);
    return row && this.load(row);
  }

  async latestGameInChannel(channelId: string): Promise<StoredGame | undefined> {
    const row = this.statements.latestInChannel.get(channelId);
    return row && this.load(row);
  }

  async gameById(id: number): Promise<StoredGame | undefined> {
    const cached = this.recent.get(id);
    if (cached) return this.recent.remember(cached);
    const row = this.statements.gameById.get(id);
    return row && this.recent.remember(this.load(row));
  }

  /** Whole games (turns and all) are not read, so thousands of them cost little. */
  async turnsInPlay(): Promise<TurnInPlay[]> {
    return this.statements.turnsInPlay.all().map((row) => ({
      gameId: row.id,
      guildId: row.guild_id,
      version: row.state_version,
      computerToMove: row.computer !== null,
      turnDeadline: row.turn_deadline,
    }));
  }

  /** Read lightly (no sheets, only the last turn), since after a busy spell they can be many. */
  async recentlyChangedBoards(windowMs: number, inGuild?: (guildId: string) => boolean): Promise<RecentChange[]> {
    const newest = inGuild ? this.newestChangeIn(inGuild) : this.statements.newestChange.get()?.at;
    if (!newest) return [];
    const rows = this.statements.boardsChangedSince
      .all({ since: newest - windowMs })
      .filter((row) => inGuild?.(row.guild_id) ?? true)
      .sort((a, b) => a.id - b.id);
    return rows.map(toRecentChange);
  }

  /** The newest change in the guilds `inGuild` admits: their games in play, then the ends, newest first. */
  private newestChangeIn(inGuild: (guildId: string) => boolean): number | undefined {
    const active = newestOf(this.statements.newestActivePerGuild.all(), inGuild);
    for (const end of this.statements.endsNewestFirst.iterate()) {
      if (active !== undefined && end.ended_at <= active) return active;
      if (inGuild(end.guild_id)) return Math.max(end.ended_at, active ?? 0);
    }
    return active;
  }

  async gamesIdleSince(before: number): Promise<StoredGame[]> {
    return this.statements.idleGames.all(before).map((row) => this.load(row));
  }

  async activeGamesInGuild(guildId: string): Promise<StoredGame[]> {
    return this.statements.activeInGuild.all(guildId).map((row) => this.load(row));
  }

  async purgeEndedLobbies(before: number): Promise<number> {
    return this.purgeTx(before);
  }

  async saveState(
    gameId: number,
    expectedVersion: number,
    next: GameState,
    extra: SaveExtras = {},
  ): Promise<SaveResult> {
    if (next.version <= expectedVersion) {
      throw new RangeError(`the next state's version ${next.version} must be above ${expectedVersion}`);
    }
    return this.saveStateTx(gameId, expectedVersion, next, extra, gameOver(next));
  }

  async setBoardMessage(gameId: number, messageId: string | null): Promise<boolean> {
    const now = this.now();
    const changed = this.statements.setBoardMessage.run(messageId, now, gameId).changes === 1;
    this.recent.patch(gameId, { boardMessageId: messageId, updatedAt: now });
    return changed;
  }

  async setPingMessage(gameId: number, messageId: string | null): Promise<boolean> {
    const changed = this.statements.setPingMessage.run(messageId, gameId).changes === 1;
    this.recent.patch(gameId, { pingMessageId: messageId });
    return changed;
  }

  async seriesGames(seriesId: number): Promise<SeriesGame[]> {
    const results = new Map<number, PlayerResult[]>();
    for (const row of this.statements.seriesResults.all(seriesId)) {
      const list = results.get(row.game_id) ?? [];
      list.push({ playerId: row.player_id, total: row.total, place: row.place, isComputer: Boolean(row.is_computer) });
      results.set(row.game_id, list);
    }
    return this.statements.seriesGames.all(seriesId).map((row) => ({
      gameId: row.id,
      seriesGameNumber: row.series_game_number,
      status: row.status as GameState['status'],
      results: results.get(row.id) ?? [],
    }));
  }

  async seriesTotals(seriesId: number): Promise<SeriesTotal[]> {
    return this.statements.seriesTotals.all(seriesId).map((row) => ({
      playerId: row.player_id,
      total: row.total,
      games: row.games,
      wins: row.wins,
    }));
  }

  async leaderboard(query: LeaderboardQuery): Promise<LeaderboardRow[]> {
    const limit = leaderboardLimit(query);
    return this.statements.leaderboard[query.scope][rankByOf(query)]
      .all({ ...leaderboardFilter(query), limit })
      .map(toLeaderboardRow);
  }

  async leaderboardRank(query: LeaderboardQuery & { readonly playerId: string }): Promise<LeaderboardRow | undefined> {
    const row = this.statements.leaderboardRank[query.scope][rankByOf(query)].get({
      ...leaderboardFilter(query),
      playerId: query.playerId,
    });
    return row && toLeaderboardRow(row);
  }

  async playerStats(guildId: string, playerId: string, period: string): Promise<PlayerStats> {
    return {
      name: this.stats.playerName.get(guildId, playerId)?.name ?? null,
      lines: toStatsLines(this.stats.playerStats.all(guildId, period, playerId)),
    };
  }

  async finishedGames(query: FinishedGamesQuery): Promise<FinishedGame[]> {
    const before = query.beforeId ?? Number.MAX_SAFE_INTEGER;
    const rows =
      query.channelId === undefined
        ? this.stats.finishedInGuild.all(query.guildId, before, query.limit)
        : this.stats.finishedInChannel.all(query.channelId, query.guildId, before, query.limit);
    return rows.map((row) => ({
      id: row.id,
      guildId: row.guild_id,
      channelId: row.channel_id,
      seriesId: row.series_id,
      seriesGameNumber: row.series_game_number,
      boardMessageId: row.board_message_id,
      finishedAt: row.last_action_at,
      state: this.load(row).state,
      results: this.statements.resultsOf.all(row.id).map(toGameResult),
    }));
  }

  async currentSeason(guildId: string): Promise<Season> {
    return toSeason(this.stats.currentSeason.get(guildId));
  }

  async startSeason(guildId: string, startedBy: string): Promise<Season> {
    return this.startSeasonTx(guildId, startedBy);
  }

  /**
   * Packs and counts the games that were over before migration 2 (listed in games_to_pack), oldest
   * first, a batch per transaction: a crash part-way leaves each game either untouched and listed, or
   * packed, counted and unlisted. Runs when the store opens; returns how many it did.
   */
  packLegacyGames(): number {
    let done = 0;
    for (let batch = this.packLegacyTx(LEGACY_BATCH); batch > 0; batch = this.packLegacyTx(LEGACY_BATCH)) {
      done += batch;
    }
    return done;
  }

  private packLegacyBatch(limit: number): number {
    const ids = this.stats.gamesToPack.all(limit);
    for (const id of ids) {
      const row = this.statements.gameById.get(id);
      const over = row && gameOver(this.load(row).state);
      if (row && over) {
        this.statements.deleteResults.run(id);
        this.statements.packState.run(over.state, id);
        writeGameOver(this.statements, this.stats, endedGame(row), over);
      }
      this.stats.packed.run(id);
    }
    return ids.length;
  }

  /** A game as stored: a packed state whole, or a state JSON with its sheets and turns put back. */
  private load(row: GameRow): StoredGame {
    const packed = readPackedGame(row.state);
    if (packed) return toStoredGame(row, packed);
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

  async close(): Promise<void> {
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

  private insertGame(game: NewGame, over: GameOver | undefined): CreateGameResult {
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
        state: over ? over.state : stateJson(game.state),
        version: game.state.version,
        turnTimerSeconds: game.turnTimerSeconds,
        hintsEnabled: game.hintsEnabled ? 1 : 0,
        pingsEnabled: (game.pingsEnabled ?? true) ? 1 : 0,
        turnDeadline: game.turnDeadline ?? null,
        now,
        endedAt: over ? now : null,
      }).lastInsertRowid,
    );
    const meta = this.statements.gameMeta.get(id);
    if (!meta) throw new Error(`game ${id} vanished inside its own transaction`);
    if (over) writeGameOver(this.statements, this.stats, endedGame(meta), over);
    else syncRows(this.statements, id, game.state, null);
    return { ok: true, game: toStoredGame(meta, game.state) };
  }

  private writeState(
    gameId: number,
    expectedVersion: number,
    next: GameState,
    extra: SaveExtras,
    over: GameOver | undefined,
  ): SaveResult {
    const cached = this.recent.get(gameId);
    if (cached?.state.version === expectedVersion) {
      const saved = this.writeOver(cached, next, extra, over);
      if (saved) return { ok: true, game: this.recent.remember(saved) };
      this.recent.drop(gameId); // Somebody else wrote this game: read it afresh below.
    }
    const row = this.statements.gameById.get(gameId);
    if (!row) return { ok: false, reason: 'missing' };
    const previous = this.recent.remember(this.load(row));
    if (previous.state.version !== expectedVersion) return { ok: false, reason: 'stale', current: previous };
    const saved = this.writeOver(previous, next, extra, over);
    if (!saved) throw new Error(`game ${gameId} changed inside its own transaction`);
    return { ok: true, game: this.recent.remember(saved) };
  }

  /**
   * Writes `next` over the stored `previous`; undefined if the row no longer holds that version. The
   * save that ends a game packs it and counts it (`over`).
   */
  private writeOver(
    previous: StoredGame,
    next: GameState,
    extra: SaveExtras,
    over: GameOver | undefined,
  ): StoredGame | undefined {
    // Its statistics were counted when it ended: writing it again would count them twice.
    if (isOver(previous.state)) throw new RangeError(`game ${previous.id} is over and is never saved again`);
    const now = this.now();
    // A game that is over has no turn to time out.
    const turnDeadline = over ? null : extra.turnDeadline === undefined ? previous.turnDeadline : extra.turnDeadline;
    const boardMessageId = extra.boardMessageId === undefined ? previous.boardMessageId : extra.boardMessageId;
    const written = this.statements.updateState.run({
      id: previous.id,
      expectedVersion: previous.state.version,
      state: over ? over.state : stateJson(next),
      version: next.version,
      now,
      turnDeadline,
      boardMessageId,
    });
    if (written.changes !== 1) return undefined;
    if (over) this.statements.endGame.run(next.status, now, previous.id);
    else if (next.status !== previous.state.status) this.statements.updateStatus.run(next.status, previous.id);
    const ended = { id: previous.id, guildId: previous.guildId, seriesId: previous.seriesId, finishedAt: now };
    if (over) writeGameOver(this.statements, this.stats, ended, over);
    else syncRows(this.statements, previous.id, next, previous.state);
    return { ...previous, state: next, turnDeadline, boardMessageId, updatedAt: now, lastActionAt: now };
  }
}

/** The game a row holds, as its end is written: it counts in the periods of its last action. */
function endedGame(row: GameMetaRow): EndedGame {
  return { id: row.id, guildId: row.guild_id, seriesId: row.series_id, finishedAt: row.last_action_at };
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
    pingsEnabled: row.pings_enabled === 1,
    pingMessageId: row.ping_message_id,
    turnDeadline: row.turn_deadline,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastActionAt: row.last_action_at,
    state,
  };
}
