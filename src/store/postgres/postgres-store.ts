import type pg from 'pg';
import { deserializeGame, type GameState, type TurnRecord } from '../../game/index.js';
import { type GameStore, leaderboardLimit } from '../game-store.js';
import { defaultMigrationsDir, loadMigrations } from '../migrations.js';
import { RecentGames } from '../recent-games.js';
import { leaderboardFilter, newestOf, type RankedRow, stateJson, toLeaderboardRow } from '../stored-rows.js';
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
} from '../types.js';
import { type GameMetaRow, type GameRow, gameFromRow, toStoredGame } from './game-rows.js';
import { leaderboardQuery, leaderboardRankQuery, SERIES_TOTALS_SQL } from './leaderboard-sql.js';
import { openDatabase } from './open-database.js';
import { QUERIES } from './queries.js';
import { rowChanges } from './row-changes.js';
import { createStatement, needsRewrite, rewriteStatements, type Statement, saveStatement } from './row-writes.js';

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
  return new PostgresGameStore(pool, now, options.cacheGuild);
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
    for (let attempt = 1; ; attempt += 1) {
      const created = await this.transaction(async (client) => {
        const result = await this.insertGame(client, game);
        return { commit: result !== 'channel-busy' && result.ok, result };
      });
      if (created !== 'channel-busy') return created;
      const active = await this.activeGameInChannel(game.channelId);
      if (active) return { ok: false, reason: 'channel-busy', active };
      if (attempt === CREATE_ATTEMPTS) throw new Error(`channel ${game.channelId} stayed busy with no active game`);
    }
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
    const cached = this.recent.get(gameId);
    const previous = cached?.state.version === expectedVersion ? cached : await this.readGame(gameId);
    if (!previous) return { ok: false, reason: 'missing' };
    if (previous.state.version !== expectedVersion) return this.refused(gameId, previous);
    const saved = await this.writeOver(previous, next, extra);
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
      ? newestOf(
          (await this.pool.query<{ guild_id: string; newest: number }>(QUERIES.newestActionPerGuild)).rows,
          inGuild,
        )
      : (await this.pool.query<{ newest: number | null }>(QUERIES.newestAction)).rows[0]?.newest;
    if (newest === null || newest === undefined) return [];
    const result = await this.pool.query<{ id: number; guild_id: string; state: string; last_turn: string | null }>({
      ...QUERIES.boardsChangedSince,
      values: [newest - windowMs],
    });
    return result.rows
      .filter((row) => inGuild?.(row.guild_id) ?? true)
      .map((row) => ({
        gameId: row.id,
        guildId: row.guild_id,
        state: deserializeGame(row.state),
        lastTurn: row.last_turn === null ? undefined : (JSON.parse(row.last_turn) as TurnRecord),
      }));
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
    const statement = leaderboardQuery(query.scope, leaderboardFilter(query), leaderboardLimit(query));
    return (await this.pool.query<RankedRow>(statement)).rows.map(toLeaderboardRow);
  }

  async leaderboardRank(query: LeaderboardQuery & { readonly playerId: string }): Promise<LeaderboardRow | undefined> {
    const statement = leaderboardRankQuery(query.scope, leaderboardFilter(query), query.playerId);
    const [row] = (await this.pool.query<RankedRow>(statement)).rows;
    return row && toLeaderboardRow(row);
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

  private async insertGame(client: pg.PoolClient, game: NewGame): Promise<CreateGameResult | 'channel-busy'> {
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
        rules: JSON.stringify(game.state.rules),
        state: stateJson(game.state),
        version: game.state.version,
        turnTimerSeconds: game.turnTimerSeconds,
        hintsEnabled: game.hintsEnabled,
        pingsEnabled: game.pingsEnabled ?? true,
        turnDeadline: game.turnDeadline ?? null,
        now,
      },
      rowChanges(game.state, null),
    );
    const [row] = (await client.query<GameMetaRow>(insert)).rows;
    if (!row) return 'channel-busy';
    return { ok: true, game: toStoredGame(row, game.state) };
  }

  /** Writes `next` over the stored `previous`; undefined if the row no longer holds that version. */
  private async writeOver(previous: StoredGame, next: GameState, extra: SaveExtras): Promise<StoredGame | undefined> {
    const now = this.now();
    const over = next.status === 'finished' || next.status === 'cancelled';
    // A game that is over has no turn to time out.
    const turnDeadline = over ? null : extra.turnDeadline === undefined ? previous.turnDeadline : extra.turnDeadline;
    const changes = rowChanges(next, previous.state);
    const save = saveStatement(
      {
        gameId: previous.id,
        expectedVersion: previous.state.version,
        state: stateJson(next),
        version: next.version,
        status: next.status,
        turnDeadline,
        boardMessageId: extra.boardMessageId,
        now,
      },
      changes,
    );
    const saved = needsRewrite(changes)
      ? await this.transaction(async (client) => {
          const row = await this.run(client, save);
          // Seats or results that only a delete before an insert can replace: after the save, in its transaction.
          if (row) for (const statement of rewriteStatements(previous.id, changes)) await client.query(statement);
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

/** What a save returns of the row it wrote: the board message, which a save may leave as another process set it. */
interface SavedRow {
  board_message_id: string | null;
}
