import type { GameState } from '../game/index.js';
import type { Rating } from '../ratings/index.js';
import { RULE_SET_KEYS, type RuleSetKey } from '../stats/rule-sets.js';
import type { CreateOutcome, GameToCreate, StoreBackend } from './backend.js';
import { type GameOver, gameOver, isOver } from './game-over.js';
import { type GameRow, gameStateOf, toStoredGame } from './game-rows.js';
import {
  type GameStore,
  leaderboardLimit,
  type RatedPerson,
  type RatingEntry,
  type RatingsRebuild,
} from './game-store.js';
import { GameWebhooks } from './game-webhooks.js';
import type { LeaderboardReadName, RatingRow } from './reads-and-writes.js';
import { RecentGames } from './recent-games.js';
import { replayRatings } from './replay-ratings.js';
import { rowChanges } from './row-changes.js';
import {
  leaderboardFilter,
  newestOf,
  rankByOf,
  stateJson,
  toGameResult,
  toLeaderboardRow,
  toPersonStatsLines,
  toPlayerResult,
  toRecentChange,
  toSeason,
  toStatsLines,
} from './stored-rows.js';
import type * as api from './types.js';

export interface SqlGameStoreOptions {
  /** The clock for created/updated times, in epoch ms. */
  readonly now?: () => number;
  /**
   * Which guilds' games this process keeps parsed in memory: only those no other process writes (a
   * shard's own guilds). A game another process changed is caught by the version check all the
   * same, but until then this process would refuse clicks on its newer board. Default: every guild,
   * for a bot that runs as one process.
   */
  readonly cacheGuild?: (guildId: string) => boolean;
}

/** Games kept parsed in memory (see RecentGames). */
const CACHED_GAMES = 256;
/**
 * Ends read per page while looking for a shard's newest. With one shard in N, about N rows are read;
 * games ending in the same millisecond across a page's edge would be skipped, far beyond any real bot.
 */
const ENDS_PAGE = 256;

/**
 * The GameStore, written once above any database: `backend` runs the SQL of its dialect (SQLite or
 * PostgreSQL, see backend.ts) and this class does the rest. The guarantees of GameStore hold because
 * every backend's write checks the version in SQL: the version pre-check and the cache here only
 * spare a query, never decide what lands.
 */
export class SqlGameStore implements GameStore {
  /** Recently used games as last read or written by this process, for the guilds it may cache. */
  private readonly recent: RecentGames;
  private readonly now: () => number;
  readonly webhooks: GameWebhooks;

  constructor(
    private readonly backend: StoreBackend,
    options: SqlGameStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.recent = new RecentGames(CACHED_GAMES, options.cacheGuild);
    this.webhooks = new GameWebhooks(backend);
  }

  async createGame(game: api.NewGame): Promise<api.CreateGameResult> {
    return this.created(game, await this.backend.createGame(this.toCreate(game)));
  }

  async createGames(games: readonly api.NewGame[]): Promise<api.CreateGameResult[]> {
    const outcomes = await this.backend.createGames(games.map((game) => this.toCreate(game)));
    return outcomes.map((outcome, index) => this.created(games[index] as api.NewGame, outcome));
  }

  async gameById(id: number): Promise<api.StoredGame | undefined> {
    const cached = this.recent.get(id);
    if (cached) return this.recent.remember(cached);
    const game = await this.readGame(id);
    return game && this.recent.remember(game);
  }

  async activeGameInChannel(channelId: string): Promise<api.StoredGame | undefined> {
    return this.games(await this.backend.read('activeInChannel', { channelId }))[0];
  }

  async latestGameInChannel(channelId: string): Promise<api.StoredGame | undefined> {
    return this.games(await this.backend.read('latestInChannel', { channelId }))[0];
  }

  async saveState(
    gameId: number,
    expectedVersion: number,
    next: GameState,
    extra: api.SaveExtras = {},
  ): Promise<api.SaveResult> {
    if (next.version <= expectedVersion) {
      throw new RangeError(`the next state's version ${next.version} must be above ${expectedVersion}`);
    }
    // The analysis behind a finished game's statistics runs before any transaction opens.
    const over = gameOver(next);
    const cached = this.recent.get(gameId);
    const previous = cached?.state.version === expectedVersion ? cached : await this.readGame(gameId);
    if (!previous) return { ok: false, reason: 'missing' };
    if (previous.state.version !== expectedVersion) return this.refused(previous);
    const saved = await this.writeOver(previous, next, extra, over);
    if (saved) return { ok: true, game: this.recent.remember(saved) };
    // Another writer replaced this version since it was read: what the row holds now is what to show.
    const current = await this.readGame(gameId);
    return current ? this.refused(current) : { ok: false, reason: 'missing' };
  }

  async setBoardMessage(gameId: number, messageId: string | null): Promise<boolean> {
    const now = this.now();
    const changed = await this.backend.write('setBoardMessage', { gameId, messageId, now });
    this.recent.patch(gameId, { boardMessageId: messageId, updatedAt: now });
    return changed === 1;
  }

  async setPingMessage(gameId: number, messageId: string | null): Promise<boolean> {
    const changed = await this.backend.write('setPingMessage', { gameId, messageId });
    this.recent.patch(gameId, { pingMessageId: messageId });
    return changed === 1;
  }

  /** Whole games (turns and all) are not read, so thousands of them cost little. */
  async turnsInPlay(): Promise<api.TurnInPlay[]> {
    return (await this.backend.read('turnsInPlay', {})).map((row) => ({
      gameId: row.id,
      guildId: row.guild_id,
      version: row.state_version,
      computerToMove: row.computer !== null,
      turnDeadline: row.turn_deadline,
    }));
  }

  /** Read lightly (no sheets, only the last turn), since after a busy spell they can be many. */
  async recentlyChangedBoards(windowMs: number, inGuild?: (guildId: string) => boolean): Promise<api.RecentChange[]> {
    const newest = inGuild ? await this.newestChangeIn(inGuild) : (await this.backend.read('newestChange', {}))[0]?.at;
    if (!newest) return [];
    const rows = await this.backend.read('boardsChangedSince', { since: newest - windowMs });
    return rows
      .filter((row) => inGuild?.(row.guild_id) ?? true)
      .sort((a, b) => a.id - b.id)
      .map(toRecentChange);
  }

  /** The newest change in the guilds `inGuild` admits: their games in play, then the ends, newest first. */
  private async newestChangeIn(inGuild: (guildId: string) => boolean): Promise<number | undefined> {
    const active = newestOf(await this.backend.read('newestActivePerGuild', {}), inGuild);
    for (let before = Number.MAX_SAFE_INTEGER; ; ) {
      const page = await this.backend.read('endsBefore', { before, limit: ENDS_PAGE });
      for (const end of page) {
        if (active !== undefined && end.ended_at <= active) return active;
        if (inGuild(end.guild_id)) return Math.max(end.ended_at, active ?? 0);
      }
      const last = page.at(-1);
      if (page.length < ENDS_PAGE || !last) return active;
      before = last.ended_at;
    }
  }

  async gamesIdleSince(before: number): Promise<api.StoredGame[]> {
    return this.games(await this.backend.read('idleGames', { before }));
  }

  async activeGamesInGuild(guildId: string): Promise<api.StoredGame[]> {
    return this.games(await this.backend.read('activeInGuild', { guildId }));
  }

  async purgeEndedLobbies(before: number): Promise<number> {
    const gone = await this.backend.purgeEndedLobbies(before);
    for (const id of gone) this.recent.drop(id);
    return gone.length;
  }

  async seriesGames(seriesId: number): Promise<api.SeriesGame[]> {
    const [games, resultRows] = await Promise.all([
      this.backend.read('seriesGames', { seriesId }),
      this.backend.read('seriesResults', { seriesId }),
    ]);
    const results = groupByGame(resultRows, toPlayerResult);
    return games.map((row) => ({
      gameId: row.id,
      seriesGameNumber: row.series_game_number,
      status: row.status as GameState['status'],
      results: results.get(row.id) ?? [],
    }));
  }

  async seriesTotals(seriesId: number): Promise<api.SeriesTotal[]> {
    return (await this.backend.read('seriesTotals', { seriesId })).map((row) => ({
      playerId: row.player_id,
      total: row.total,
      games: row.games,
      wins: row.wins,
    }));
  }

  async leaderboard(query: api.LeaderboardQuery): Promise<api.LeaderboardRow[]> {
    const name = leaderboardRead('top', query);
    const rows = await this.backend.read(name, { ...leaderboardFilter(query), limit: leaderboardLimit(query) });
    return rows.map(toLeaderboardRow);
  }

  async leaderboardRank(
    query: api.LeaderboardQuery & { readonly playerId: string },
  ): Promise<api.LeaderboardRow | undefined> {
    const name = leaderboardRead('rank', query);
    const [row] = await this.backend.read(name, { ...leaderboardFilter(query), playerId: query.playerId });
    return row && toLeaderboardRow(row);
  }

  async playerStats(guildId: string, playerId: string, period: string): Promise<api.PlayerStats> {
    const [names, lines] = await Promise.all([
      this.backend.read('playerName', { guildId, playerId }),
      this.backend.read('playerStats', { guildId, period, playerId }),
    ]);
    return { name: names[0]?.name ?? null, lines: toStatsLines(lines) };
  }

  async personStats(guildId: string, playerId: string, period: string): Promise<api.PlayerStats> {
    const [names, rows] = await Promise.all([
      this.backend.read('playerName', { guildId, playerId }),
      this.backend.read('personStats', { period, playerId }),
    ]);
    return { name: names[0]?.name ?? null, lines: toPersonStatsLines(rows) };
  }

  async ratingsOf(ratedId: string): Promise<RatingEntry[]> {
    const lines = await Promise.all(
      RULE_SET_KEYS.map(async (rules) => {
        const [row] = await this.backend.read('ratingLine', { rules, ratedId });
        return row && toRatingEntry(rules, row);
      }),
    );
    return lines.filter((line) => line !== undefined);
  }

  async ratingLeaders(rules: RuleSetKey, guildId: string, limit: number): Promise<RatedPerson[]> {
    const rows = await this.backend.read('ratingLeaders', { rules, guildId, limit });
    return rows.map((row) => ({ ...toRatingEntry(rules, row), name: row.name }));
  }

  async ratingTrend(rules: RuleSetKey, ratedId: string, limit: number): Promise<Rating[]> {
    const rows = await this.backend.read('ratingTrend', { rules, ratedId, limit });
    return rows.reverse().map(({ mu, sigma }) => ({ mu, sigma }));
  }

  async rebuildRatings(options: { readonly write: boolean }): Promise<RatingsRebuild> {
    const replayed = replayRatings(await this.backend.read('ratedSeats', {}));
    const stored = new Map(
      (await this.backend.read('allRatings', {})).map((row) => [`${row.rules} ${row.rated_id}`, row]),
    );
    let differing = stored.size - replayed.ratings.length;
    for (const line of replayed.ratings) {
      const row = stored.get(`${line.rules} ${line.ratedId}`);
      if (!row || row.mu !== line.mu || row.sigma !== line.sigma || row.games !== line.games) differing += 1;
    }
    if (options.write) await this.backend.replaceRatings(replayed.ratings, replayed.changes);
    const games = new Set(replayed.changes.map((change) => `${change.rules} ${change.gameId}`)).size;
    return { games, ratings: replayed.ratings.length, differing: Math.max(differing, 0) };
  }

  async finishedGames(query: api.FinishedGamesQuery): Promise<api.FinishedGame[]> {
    const page = { guildId: query.guildId, beforeId: query.beforeId ?? Number.MAX_SAFE_INTEGER, limit: query.limit };
    const rows =
      query.channelId === undefined
        ? await this.backend.read('finishedInGuild', page)
        : await this.backend.read('finishedInChannel', { ...page, channelId: query.channelId });
    const resultRows =
      rows.length === 0 ? [] : await this.backend.read('resultsOf', { gameIds: rows.map((row) => row.id) });
    const results = groupByGame(resultRows, toGameResult);
    return this.games(rows).map(({ id, guildId, channelId, seriesId, seriesGameNumber, boardMessageId, ...game }) => ({
      id,
      guildId,
      channelId,
      seriesId,
      seriesGameNumber,
      boardMessageId,
      finishedAt: game.lastActionAt,
      state: game.state,
      results: results.get(id) ?? [],
    }));
  }

  async currentSeason(guildId: string): Promise<api.Season> {
    return toSeason((await this.backend.read('currentSeason', { guildId }))[0]);
  }

  async startSeason(guildId: string, startedBy: string): Promise<api.Season> {
    return { number: await this.backend.startSeason(guildId, startedBy, this.now()) };
  }

  async close(): Promise<void> {
    this.recent.clear();
    await this.backend.close();
  }

  private async readGame(id: number): Promise<api.StoredGame | undefined> {
    return this.games(await this.backend.read('gameById', { id }))[0];
  }

  /** Whole games from their rows. */
  private games(rows: readonly GameRow[]): api.StoredGame[] {
    return rows.map((row) =>
      toStoredGame(
        row,
        gameStateOf(row, () => this.backend.playRows(row)),
      ),
    );
  }

  /**
   * A save refused because the game is at another version. The copy just read replaces the one kept
   * (which is not trusted again); RecentGames keeps whichever is newer.
   */
  private refused(current: api.StoredGame): api.SaveResult {
    return { ok: false, reason: 'stale', current: this.recent.remember(current) };
  }

  /** A new game as every backend writes it; the analysis of one stored already over runs here, before any transaction. */
  private toCreate(game: api.NewGame): GameToCreate {
    const over = gameOver(game.state);
    const now = this.now();
    return {
      insert: {
        guildId: game.guildId,
        channelId: game.channelId,
        seriesId: game.seriesId,
        rules: JSON.stringify(game.state.rules),
        boardMessageId: game.boardMessageId ?? null,
        status: game.state.status,
        state: over ? over.state : stateJson(game.state),
        version: game.state.version,
        turnTimerSeconds: game.turnTimerSeconds,
        hintsEnabled: game.hintsEnabled,
        pingsEnabled: game.pingsEnabled ?? true,
        viaWebhooks: game.viaWebhooks ?? false,
        turnDeadline: game.turnDeadline ?? null,
        now,
        endedAt: over ? now : null,
      },
      writes: over ? { kind: 'end', over } : { kind: 'play', changes: rowChanges(game.state, null) },
    };
  }

  private created(game: api.NewGame, outcome: CreateOutcome): api.CreateGameResult {
    if (outcome.ok) return { ok: true, game: toStoredGame(outcome.row, game.state) };
    if (outcome.reason === 'unknown-series') return outcome;
    const [active] = this.games([outcome.active]);
    if (!active) throw new Error(`channel ${game.channelId} was busy with no active game`);
    return { ok: false, reason: 'channel-busy', active };
  }

  /**
   * Writes `next` over the stored `previous`; undefined if the row no longer holds that version. The
   * save that ends a game packs it and counts it (`over`).
   */
  private async writeOver(
    previous: api.StoredGame,
    next: GameState,
    extra: api.SaveExtras,
    over: GameOver | undefined,
  ): Promise<api.StoredGame | undefined> {
    // Its statistics were counted when it ended: writing it again would count them twice.
    if (isOver(previous.state)) throw new RangeError(`game ${previous.id} is over and is never saved again`);
    const now = this.now();
    // A game that is over has no turn to time out.
    const turnDeadline = over ? null : extra.turnDeadline === undefined ? previous.turnDeadline : extra.turnDeadline;
    const saved = await this.backend.saveState({
      gameId: previous.id,
      guildId: previous.guildId,
      seriesId: previous.seriesId,
      expectedVersion: previous.state.version,
      state: over ? over.state : stateJson(next),
      version: next.version,
      status: next.status,
      statusChanged: next.status !== previous.state.status,
      turnDeadline,
      now,
      writes: over ? { kind: 'end', over } : { kind: 'play', changes: rowChanges(next, previous.state) },
    });
    if (!saved) return undefined;
    const { boardMessageId } = saved;
    return { ...previous, state: next, turnDeadline, boardMessageId, updatedAt: now, lastActionAt: now };
  }
}

/** The leaderboard read a query asks for. */
function leaderboardRead<K extends 'top' | 'rank'>(
  kind: K,
  query: api.LeaderboardQuery,
): Extract<LeaderboardReadName, `${K}:${string}`> {
  return `${kind}:${query.scope}:${rankByOf(query)}` as Extract<LeaderboardReadName, `${K}:${string}`>;
}

/** Result rows in lists per game, in the order read. */
function groupByGame<R extends { game_id: number }, T>(rows: readonly R[], toResult: (row: R) => T): Map<number, T[]> {
  const results = new Map<number, T[]>();
  for (const row of rows) {
    const list = results.get(row.game_id) ?? [];
    list.push(toResult(row));
    results.set(row.game_id, list);
  }
  return results;
}

function toRatingEntry(rules: RuleSetKey, row: RatingRow): RatingEntry {
  return { rules, ratedId: row.rated_id, mu: row.mu, sigma: row.sigma, games: row.games };
}
