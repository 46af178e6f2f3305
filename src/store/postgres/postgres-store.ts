import type pg from 'pg';
import type { GameState } from '../../game/index.js';
import { type GameOver, gameOver, isOver } from '../game-over.js';
import { type GameStore, leaderboardLimit } from '../game-store.js';
import { defaultMigrationsDir, loadMigrations } from '../migrations.js';
import { RecentGames } from '../recent-games.js';
import {
  type ChangedBoardRow,
  leaderboardFilter,
  newestOf,
  type RankedRow,
  type ResultRow,
  rankByOf,
  type SeasonRow,
  type StatsRow,
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
  GameResult,
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
import { lockGuild, writeStatistics } from './game-over-writes.js';
import { type GameMetaRow, type GameRow, gameFromRow, toStoredGame } from './game-rows.js';
import { leaderboardQuery, leaderboardRankQuery, SERIES_TOTALS_SQL } from './leaderboard-sql.js';
import { openDatabase } from './open-database.js';
import { QUERIES } from './queries.js';
import { rowChanges } from './row-changes.js';
import { createStatement, legacyEndStatement, type RowWrites, type Statement, saveStatement } from './row-writes.js';
import { STATS_QUERIES } from './stats-queries.js';

export interface PostgresStoreOptions {
  /** The clock for created/updated times, in epoch ms. */
  readonly now?: () => number;
  /** Where the NNNN_name.sql files are; defaults to `migrations/postgres/` at the package root. */
  readonly migrationsDir?: string;
  /**
   * Which guilds' games this process keeps parsed in memory: only those no other process writes
   * (a shard's own guilds). A game another process changed is caught by the version check all the
   * same, but until then this process would refuse clicks on its newer board. Default: every guild,
   * for a bot that runs as one process.
   */
  readonly cacheGuild?: (guildId: string) => boolean;
  /** Connections kept open at most (default 10): clicks on different games run side by side. */
  readonly maxConnections?: number;
  /** How long a new connection may take before the store gives up (default 5 s). */
  readonly connectTimeoutMs?: number;
  /** Told when an idle connection fails (the server restarted, the network dropped); the pool replaces it. */
  readonly onConnectionError?: (error: Error) => void;
}

/** Games kept parsed in memory (see RecentGames), as the SQLite store does. */
const CACHED_GAMES = 256;
/** A createGame refused for a busy channel whose game then ended before it could be read is tried again. */
const CREATE_ATTEMPTS = 3;
/**
 * Ends read per page while looking for a shard's newest. With one shard in N, about N rows are read;
 * games ending in the same millisecond across a page's edge would be skipped, far beyond any real bot.
 */
const ENDS_PAGE = 256;

/**
 * Connects to the PostgreSQL database at `url`, refusing one that is not crag-bot's or from a newer
 * bot, and applies pending migrations. Throws StoreOpenError, with one line saying what to fix and
 * never the password, when it cannot or should not.
 */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<PostgresGameStore> {
  const now = options.now ?? Date.now;
  const migrations = loadMigrations(options.migrationsDir ?? defaultMigrationsDir('postgres'));
  const pool = await openDatabase(url, migrations, {
    now,
    maxConnections: options.maxConnections ?? 10,
    connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
    onConnectionError: options.onConnectionError ?? (() => undefined),
  });
  const store = new PostgresGameStore(pool, now, options.cacheGuild);
  try {
    await store.packLegacyGames();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/**
 * GameStore on PostgreSQL, which several bot processes may share. A save is one statement: the
 * UPDATE of the state row checks the version itself, and the sheet rows, turns, seats and results
 * are written by CTEs of the same statement, only if that UPDATE wrote. So a click costs one round
 * trip, lands whole or not at all, and is applied once however many processes race for it.
 */
export class PostgresGameStore implements GameStore {
  /** Recently used games as last read or written by this process, for the guilds it may cache. */
  private readonly recent: RecentGames;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
    cacheGuild?: (guildId: string) => boolean,
  ) {
    this.recent = new RecentGames(CACHED_GAMES, cacheGuild);
  }

  async createGame(game: NewGame): Promise<CreateGameResult> {
    // The analysis behind a finished game's statistics runs before the transaction opens.
    const over = gameOver(game.state);
    for (let attempt = 1; ; attempt += 1) {
      const created = await this.transaction(async (client) => {
        const result = await this.insertGame(client, game, over);
        return { commit: result !== 'channel-busy' && result.ok, result };
      });
      if (created !== 'channel-busy') return created;
      const active = await this.activeGameInChannel(game.channelId);
      if (active) return { ok: false, reason: 'channel-busy', active };
      if (attempt === CREATE_ATTEMPTS) throw new Error(`channel ${game.channelId} stayed busy with no active game`);
    }
  }

  async createGames(games: readonly NewGame[]): Promise<CreateGameResult[]> {
    const overs = games.map((game) => gameOver(game.state));
    return this.transaction(async (client) => {
      const results: CreateGameResult[] = [];
      for (const [index, game] of games.entries()) {
        const result = await this.insertGame(client, game, overs[index]);
        if (result !== 'channel-busy') results.push(result);
        else {
          const [active] = (await client.query<GameRow>({ ...QUERIES.activeInChannel, values: [game.channelId] })).rows;
          if (!active) throw new Error(`channel ${game.channelId} was busy with no active game`);
          results.push({ ok: false, reason: 'channel-busy', active: gameFromRow(active) });
        }
      }
      return { commit: true, result: results };
    });
  }

  async gameById(id: number): Promise<StoredGame | undefined> {
    const cached = this.recent.get(id);
    if (cached) return this.recent.remember(cached);
    const game = await this.readGame(id);
    return game && this.recent.remember(game);
  }

  async activeGameInChannel(channelId: string): Promise<StoredGame | undefined> {
    return this.readOne(QUERIES.activeInChannel, [channelId]);
  }

  async latestGameInChannel(channelId: string): Promise<StoredGame | undefined> {
    return this.readOne(QUERIES.latestInChannel, [channelId]);
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
    const over = gameOver(next);
    const cached = this.recent.get(gameId);
    const previous = cached?.state.version === expectedVersion ? cached : await this.readGame(gameId);
    if (!previous) return { ok: false, reason: 'missing' };
    if (previous.state.version !== expectedVersion) return this.refused(gameId, previous);
    const saved = await this.writeOver(previous, next, extra, over);
    if (saved) return { ok: true, game: this.recent.remember(saved) };
    // Another process wrote this game since it was read: what it holds now is what to show.
    const current = await this.readGame(gameId);
    return current ? this.refused(gameId, current) : { ok: false, reason: 'missing' };
  }

  async setBoardMessage(gameId: number, messageId: string | null): Promise<boolean> {
    const now = this.now();
    const result = await this.pool.query({ ...QUERIES.setBoardMessage, values: [messageId, now, gameId] });
    this.recent.patch(gameId, { boardMessageId: messageId, updatedAt: now });
    return result.rowCount === 1;
  }

  async setPingMessage(gameId: number, messageId: string | null): Promise<boolean> {
    const result = await this.pool.query({ ...QUERIES.setPingMessage, values: [messageId, gameId] });
    this.recent.patch(gameId, { pingMessageId: messageId });
    return result.rowCount === 1;
  }

  /** Whole games (turns and all) are not read, so thousands of them cost little. */
  async turnsInPlay(): Promise<TurnInPlay[]> {
    const result = await this.pool.query<{
      id: number;
      guild_id: string;
      state_version: number;
      turn_deadline: number | null;
      computer: string | null;
    }>(QUERIES.turnsInPlay);
    return result.rows.map((row) => ({
      gameId: row.id,
      guildId: row.guild_id,
      version: row.state_version,
      computerToMove: row.computer !== null,
      turnDeadline: row.turn_deadline,
    }));
  }

  /** Read lightly (no sheets, only the last turn), since after a busy spell they can be many. */
  async recentlyChangedBoards(windowMs: number, inGuild?: (guildId: string) => boolean): Promise<RecentChange[]> {
    const newest = inGuild
      ? await this.newestChangeIn(inGuild)
      : (await this.pool.query<{ at: number | null }>(QUERIES.newestChange)).rows[0]?.at;
    if (newest === null || newest === undefined) return [];
    const result = await this.pool.query<ChangedBoardRow>({
      ...QUERIES.boardsChangedSince,
      values: [newest - windowMs],
    });
    return result.rows.filter((row) => inGuild?.(row.guild_id) ?? true).map(toRecentChange);
  }

  /** The newest change in the guilds `inGuild` admits: their games in play, then the ends, newest first. */
  private async newestChangeIn(inGuild: (guildId: string) => boolean): Promise<number | undefined> {
    const perGuild = await this.pool.query<{ guild_id: string; newest: number }>(QUERIES.newestActivePerGuild);
    const active = newestOf(perGuild.rows, inGuild);
    for (let before = Number.MAX_SAFE_INTEGER; ; ) {
      const page = await this.pool.query<{ guild_id: string; ended_at: number }>({
        ...QUERIES.endsBefore,
        values: [before, ENDS_PAGE],
      });
      for (const end of page.rows) {
        if (active !== undefined && end.ended_at <= active) return active;
        if (inGuild(end.guild_id)) return Math.max(end.ended_at, active ?? 0);
      }
      const last = page.rows.at(-1);
      if (page.rows.length < ENDS_PAGE || !last) return active;
      before = last.ended_at;
    }
  }

  async gamesIdleSince(before: number): Promise<StoredGame[]> {
    const result = await this.pool.query<GameRow>({ ...QUERIES.idleGames, values: [before] });
    return result.rows.map(gameFromRow);
  }

  async activeGamesInGuild(guildId: string): Promise<StoredGame[]> {
    const result = await this.pool.query<GameRow>({ ...QUERIES.activeInGuild, values: [guildId] });
    return result.rows.map(gameFromRow);
  }

  async purgeEndedLobbies(before: number): Promise<number> {
    const result = await this.pool.query<{ id: number }>({ ...QUERIES.purgeEndedLobbies, values: [before] });
    for (const { id } of result.rows) this.recent.drop(id);
    return result.rows.length;
  }

  async seriesGames(seriesId: number): Promise<SeriesGame[]> {
    const [games, resultRows] = await Promise.all([
      this.pool.query<{ id: number; series_game_number: number; status: string }>({
        ...QUERIES.seriesGames,
        values: [seriesId],
      }),
      this.pool.query<{ game_id: number; player_id: string; total: number; place: number; is_computer: boolean }>({
        ...QUERIES.seriesResults,
        values: [seriesId],
      }),
    ]);
    const results = new Map<number, PlayerResult[]>();
    for (const row of resultRows.rows) {
      const list = results.get(row.game_id) ?? [];
      list.push({ playerId: row.player_id, total: row.total, place: row.place, isComputer: row.is_computer });
      results.set(row.game_id, list);
    }
    return games.rows.map((row) => ({
      gameId: row.id,
      seriesGameNumber: row.series_game_number,
      status: row.status as GameState['status'],
      results: results.get(row.id) ?? [],
    }));
  }

  async seriesTotals(seriesId: number): Promise<SeriesTotal[]> {
    const result = await this.pool.query<{ player_id: string; total: number; games: number; wins: number }>({
      name: 'crag_series_totals',
      text: SERIES_TOTALS_SQL,
      values: [seriesId],
    });
    return result.rows.map((row) => ({ playerId: row.player_id, total: row.total, games: row.games, wins: row.wins }));
  }

  async leaderboard(query: LeaderboardQuery): Promise<LeaderboardRow[]> {
    const statement = leaderboardQuery(query.scope, rankByOf(query), leaderboardFilter(query), leaderboardLimit(query));
    return (await this.pool.query<RankedRow>(statement)).rows.map(toLeaderboardRow);
  }

  async leaderboardRank(query: LeaderboardQuery & { readonly playerId: string }): Promise<LeaderboardRow | undefined> {
    const statement = leaderboardRankQuery(query.scope, rankByOf(query), leaderboardFilter(query), query.playerId);
    const [row] = (await this.pool.query<RankedRow>(statement)).rows;
    return row && toLeaderboardRow(row);
  }

  async playerStats(guildId: string, playerId: string, period: string): Promise<PlayerStats> {
    const [names, lines] = await Promise.all([
      this.pool.query<{ name: string }>({ ...STATS_QUERIES.playerName, values: [guildId, playerId] }),
      this.pool.query<StatsRow>({ ...STATS_QUERIES.playerStats, values: [guildId, period, playerId] }),
    ]);
    return { name: names.rows[0]?.name ?? null, lines: toStatsLines(lines.rows) };
  }

  async finishedGames(query: FinishedGamesQuery): Promise<FinishedGame[]> {
    const before = query.beforeId ?? Number.MAX_SAFE_INTEGER;
    const games = (
      await this.pool.query<GameRow>(
        query.channelId === undefined
          ? { ...STATS_QUERIES.finishedInGuild, values: [query.guildId, before, query.limit] }
          : { ...STATS_QUERIES.finishedInChannel, values: [query.channelId, query.guildId, before, query.limit] },
      )
    ).rows;
    const results = new Map<number, GameResult[]>();
    const resultRows = await this.pool.query<ResultRow>({
      ...STATS_QUERIES.resultsOf,
      values: [games.map((game) => game.id)],
    });
    for (const row of resultRows.rows) {
      const list = results.get(row.game_id) ?? [];
      list.push(toGameResult(row));
      results.set(row.game_id, list);
    }
    return games.map((row) => ({
      id: row.id,
      guildId: row.guild_id,
      channelId: row.channel_id,
      seriesId: row.series_id,
      seriesGameNumber: row.series_game_number,
      boardMessageId: row.board_message_id,
      finishedAt: row.last_action_at,
      state: gameFromRow(row).state,
      results: results.get(row.id) ?? [],
    }));
  }

  async currentSeason(guildId: string): Promise<Season> {
    const [row] = (await this.pool.query<SeasonRow>({ ...STATS_QUERIES.currentSeason, values: [guildId] })).rows;
    return toSeason(row);
  }

  async startSeason(guildId: string, startedBy: string): Promise<Season> {
    return this.transaction(async (client) => {
      await lockGuild(client, guildId);
      const [row] = (await client.query<SeasonRow>({ ...STATS_QUERIES.currentSeason, values: [guildId] })).rows;
      const season = { number: toSeason(row).number + 1, startedAt: this.now(), startedBy };
      await client.query({
        ...STATS_QUERIES.insertSeason,
        values: [guildId, season.number, season.startedAt, startedBy],
      });
      return { commit: true, result: season };
    });
  }

  /**
   * Packs and counts the games that were over before migration 2 (listed in games_to_pack), one per
   * transaction: each process starting at once claims different ones (SKIP LOCKED), and a crash
   * part-way leaves each game either untouched and listed, or packed, counted and unlisted. Runs
   * when the store opens; returns how many this process did.
   */
  async packLegacyGames(): Promise<number> {
    let done = 0;
    while (await this.transaction(async (client) => ({ commit: true, result: await this.packLegacyGame(client) }))) {
      done += 1;
    }
    return done;
  }

  private async packLegacyGame(client: pg.PoolClient): Promise<boolean> {
    const [claimed] = (await client.query<{ game_id: number }>(STATS_QUERIES.claimGameToPack)).rows;
    if (!claimed) return false;
    const [row] = (await client.query<GameRow>({ ...QUERIES.gameById, values: [claimed.game_id] })).rows;
    const over = row && gameOver(gameFromRow(row).state);
    if (!row || !over) return true;
    await lockGuild(client, row.guild_id);
    await client.query({ ...STATS_QUERIES.packLegacy, values: [row.id, over.state] });
    await client.query(legacyEndStatement(row.id, over.results));
    const ended = { id: row.id, guildId: row.guild_id, seriesId: row.series_id, finishedAt: row.last_action_at };
    await writeStatistics(client, ended, over);
    return true;
  }

  async close(): Promise<void> {
    this.recent.clear();
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }

  private async readGame(id: number): Promise<StoredGame | undefined> {
    return this.readOne(QUERIES.gameById, [id]);
  }

  private async readOne(query: { name: string; text: string }, values: unknown[]): Promise<StoredGame | undefined> {
    const [row] = (await this.pool.query<GameRow>({ ...query, values })).rows;
    return row && gameFromRow(row);
  }

  /** A save refused because the game is at another version: the kept copy is dropped, not trusted again. */
  private refused(gameId: number, current: StoredGame): SaveResult {
    this.recent.drop(gameId);
    return { ok: false, reason: 'stale', current };
  }

  /**
   * Runs `work` in a transaction on one connection, committed only if it says so: a refusal rolls
   * back whatever it wrote, and so does any error.
   */
  private async transaction<T>(work: (client: pg.PoolClient) => Promise<{ commit: boolean; result: T }>): Promise<T> {
    const client = await this.pool.connect();
    // A connection that cannot even roll back is broken: the pool drops it rather than lend it again.
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const { commit, result } = await work(client);
      await client.query(commit ? 'COMMIT' : 'ROLLBACK');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((failure: Error) => {
        broken = failure;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }

  private async insertGame(
    client: pg.PoolClient,
    game: NewGame,
    over: GameOver | undefined,
  ): Promise<CreateGameResult | 'channel-busy'> {
    // The server's lock comes first, before any row is written, as in every transaction that takes it.
    if (over) await lockGuild(client, game.guildId);
    const now = this.now();
    let seriesId = game.seriesId;
    if (seriesId === undefined) {
      const rules = JSON.stringify(game.state.rules);
      const series = await client.query<{ id: number }>({
        ...QUERIES.insertSeries,
        values: [game.guildId, game.channelId, rules, now],
      });
      seriesId = series.rows[0]?.id;
      if (seriesId === undefined) throw new Error('INSERT INTO series returned no id');
    } else if ((await client.query({ ...QUERIES.seriesInGuild, values: [seriesId, game.guildId] })).rowCount === 0) {
      return { ok: false, reason: 'unknown-series' };
    }
    const insert = createStatement(
      {
        guildId: game.guildId,
        channelId: game.channelId,
        seriesId,
        boardMessageId: game.boardMessageId ?? null,
        status: game.state.status,
        state: over ? over.state : stateJson(game.state),
        version: game.state.version,
        turnTimerSeconds: game.turnTimerSeconds,
        hintsEnabled: game.hintsEnabled,
        pingsEnabled: game.pingsEnabled ?? true,
        turnDeadline: game.turnDeadline ?? null,
        now,
        endedAt: over ? now : null,
      },
      rowWritesOf(game.state, null, over),
    );
    const [row] = (await client.query<GameMetaRow>(insert)).rows;
    if (!row) return 'channel-busy';
    if (over) await writeStatistics(client, { id: row.id, guildId: game.guildId, seriesId, finishedAt: now }, over);
    return { ok: true, game: toStoredGame(row, game.state) };
  }

  /**
   * Writes `next` over the stored `previous`; undefined if the row no longer holds that version. A
   * click is one statement; the save that ends a game also adds to the statistics, in a transaction
   * that holds the server's lock.
   */
  private async writeOver(
    previous: StoredGame,
    next: GameState,
    extra: SaveExtras,
    over: GameOver | undefined,
  ): Promise<StoredGame | undefined> {
    // Its statistics were counted when it ended: writing it again would count them twice.
    if (isOver(previous.state)) throw new RangeError(`game ${previous.id} is over and is never saved again`);
    const now = this.now();
    // A game that is over has no turn to time out.
    const turnDeadline = over ? null : extra.turnDeadline === undefined ? previous.turnDeadline : extra.turnDeadline;
    const save = saveStatement(
      {
        gameId: previous.id,
        expectedVersion: previous.state.version,
        state: over ? over.state : stateJson(next),
        version: next.version,
        status: next.status,
        turnDeadline,
        boardMessageId: extra.boardMessageId,
        now,
        endedAt: over ? now : null,
      },
      rowWritesOf(next, previous.state, over),
    );
    const ended = { id: previous.id, guildId: previous.guildId, seriesId: previous.seriesId, finishedAt: now };
    const saved = over
      ? await this.transaction(async (client) => {
          await lockGuild(client, previous.guildId);
          const row = await this.run(client, save);
          if (row) await writeStatistics(client, ended, over);
          return { commit: row !== undefined, result: row };
        })
      : await this.run(this.pool, save);
    if (!saved) return undefined;
    const boardMessageId = saved.board_message_id;
    return { ...previous, state: next, turnDeadline, boardMessageId, updatedAt: now, lastActionAt: now };
  }

  /** Runs a save statement: the row it wrote, or undefined when its version check refused it. */
  private async run(on: pg.Pool | pg.PoolClient, save: Statement): Promise<SavedRow | undefined> {
    return (await on.query<SavedRow>(save)).rows[0];
  }
}

/** What a save writes beside the game's row: the end's results, or the rows of a game in play. */
function rowWritesOf(state: GameState, previous: GameState | null, over: GameOver | undefined): RowWrites {
  return over ? { kind: 'end', results: over.results } : { kind: 'play', changes: rowChanges(state, previous) };
}

/** What a save returns of the row it wrote: the board message, which a save may leave as another process set it. */
interface SavedRow {
  board_message_id: string | null;
}
