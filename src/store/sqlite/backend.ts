import type Database from 'better-sqlite3';
import type * as core from '../backend.js';
import { gameOver } from '../game-over.js';
import { endedGame, type GameRow, gameStateOf, type PlayRows } from '../game-rows.js';
import type { ReadName, Reads, WriteName, Writes } from '../reads-and-writes.js';
import { STANDARD_QUERIES } from '../standard-queries.js';
import { toSeason } from '../stored-rows.js';
import { writeGameOver, writeRatings } from './game-over-writes.js';
import { QUERIES } from './queries.js';
import { writeRowChanges } from './row-writes.js';
import type { WalCheckpointer } from './wal-checkpointer.js';
import { isBusy, whenUnlocked } from './when-unlocked.js';
import { prepareWrites, type WriteStatements } from './write-queries.js';

/** Games from before migration 2 packed and counted per transaction at start-up. */
const LEGACY_BATCH = 200;

/** The reads whose rows are whole games (a new one must be listed here, or this fails to compile). */
type GameReadName = { [K in ReadName]: Reads[K]['row'] extends GameRow ? K : never }[ReadName];
const GAME_READS = {
  gameById: true,
  activeInChannel: true,
  latestInChannel: true,
  idleGames: true,
  activeInGuild: true,
  finishedInGuild: true,
  finishedInChannel: true,
} as const satisfies Record<GameReadName, true>;

function isGameRead(name: ReadName): name is GameReadName {
  return name in GAME_READS;
}

/** Statuses of games that may still change; the rows of a game that is over never do. */
const CHANGING = new Set(['lobby', 'playing']);

/**
 * The store on one SQLite file. Writes run in BEGIN IMMEDIATE transactions, so a save either lands
 * whole or not at all, and two writers never deadlock. better-sqlite3 is synchronous: each method
 * does all its work before its promise settles, so a click costs no extra round trips. A write that
 * finds another connection holding the lock waits for it on timers (whenUnlocked), not inside
 * SQLite, which would block the whole process.
 */
export class SqliteBackend implements core.StoreBackend {
  private readonly queries: Readonly<Record<ReadName | WriteName, Database.Statement>>;
  private readonly statements: WriteStatements;
  private readonly createGamesTx: (games: readonly core.GameToCreate[]) => core.CreateOutcome[];
  private readonly saveStateTx: (save: core.StateSave) => core.SavedRow | undefined;
  private readonly purgeTx: (before: number) => number[];
  private readonly startSeasonTx: (guildId: string, startedBy: string, startedAt: number) => number;
  private readonly packLegacyTx: (limit: number) => number;
  private readonly replaceRatingsTx: (
    ratings: readonly core.RebuiltRating[],
    changes: readonly core.RebuiltChange[],
  ) => void;
  private readonly readGamesTx: (name: GameReadName, params: object) => GameRow[];
  /** The sheet rows and turns read with each row of a game that may still change (see readGames). */
  private readonly playRowsRead = new WeakMap<GameRow, PlayRows>();

  constructor(
    private readonly db: Database.Database,
    private readonly checkpointer?: WalCheckpointer,
  ) {
    const queries = { ...STANDARD_QUERIES, ...QUERIES };
    this.queries = Object.fromEntries(Object.entries(queries).map(([name, sql]) => [name, db.prepare(sql)])) as Record<
      ReadName | WriteName,
      Database.Statement
    >;
    this.statements = prepareWrites(db);
    this.createGamesTx = immediate(db, (games: readonly core.GameToCreate[]) =>
      games.map((game) => this.insertGame(game)),
    );
    this.saveStateTx = immediate(db, (save: core.StateSave) => this.writeState(save));
    this.purgeTx = immediate(db, (before: number) => this.purge(before));
    this.startSeasonTx = immediate(db, (guildId: string, startedBy: string, startedAt: number) => {
      const number = toSeason(this.statements.currentSeason.get({ guildId })).number + 1;
      this.statements.insertSeason.run(guildId, number, startedAt, startedBy);
      return number;
    });
    this.packLegacyTx = immediate(db, (limit: number) => this.packLegacyBatch(limit));
    this.replaceRatingsTx = immediate(
      db,
      (ratings: readonly core.RebuiltRating[], changes: readonly core.RebuiltChange[]) => {
        this.statements.deleteRatings.run();
        const now = Date.now();
        for (const line of ratings) this.statements.upsertRating.run({ ...line, now });
        for (const change of changes) this.statements.updateRatingChange.run(change);
      },
    );
    this.readGamesTx = db.transaction((name: GameReadName, params: object) => this.readGames(name, params));
  }

  async read<K extends ReadName>(name: K, params: Reads[K]['params']): Promise<Reads[K]['row'][]> {
    return whenUnlocked(
      () =>
        (isGameRead(name)
          ? this.readGamesTx(name, params)
          : this.queries[name].all(bindable(params))) as Reads[K]['row'][],
    );
  }

  async write<K extends WriteName>(name: K, params: Writes[K]): Promise<number> {
    return this.wrote(await whenUnlocked(() => this.queries[name].run(params).changes), (changes) => changes > 0);
  }

  playRows(row: GameRow): PlayRows {
    return this.playRowsRead.get(row) ?? this.playRowsNow(row);
  }

  /**
   * Games' rows with the sheet rows and turns of those that may still change, read in one
   * transaction before the read's promise settles (as is the active game a create finds in its
   * way). Read later, when the store turns the rows into games after an await, they could be a
   * newer commit's than the state row's: a save landing in between gave a board whose player to act
   * had every row filled already (Discord refused its empty menu).
   */
  private readGames(name: GameReadName, params: object): GameRow[] {
    return (this.queries[name].all(bindable(params)) as GameRow[]).map((row) => this.withPlayRows(row));
  }

  /** Keeps the play rows of a game that may still change as they are now, for `playRows` later. */
  private withPlayRows(row: GameRow): GameRow {
    if (CHANGING.has(row.status)) this.playRowsRead.set(row, this.playRowsNow(row));
    return row;
  }

  private playRowsNow(row: GameRow): PlayRows {
    return {
      sheetRows: this.statements.sheetRowsOf.all(row.id),
      turns: this.statements.historyOf.all(row.id).map((record) => JSON.parse(record)),
    };
  }

  async createGame(game: core.GameToCreate): Promise<core.CreateOutcome> {
    const [created] = this.wrote(await whenUnlocked(() => this.createGamesTx([game])));
    if (!created) throw new Error('createGames returned nothing for one game');
    return created;
  }

  async createGames(games: readonly core.GameToCreate[]): Promise<core.CreateOutcome[]> {
    return this.wrote(await whenUnlocked(() => this.createGamesTx(games)));
  }

  async saveState(save: core.StateSave): Promise<core.SavedRow | undefined> {
    // undefined: the version had moved on, and nothing was written.
    return this.wrote(await whenUnlocked(() => this.saveStateTx(save)), (saved) => saved !== undefined);
  }

  async purgeEndedLobbies(before: number): Promise<number[]> {
    return this.wrote(await whenUnlocked(() => this.purgeTx(before)), (purged) => purged.length > 0);
  }

  async replaceRatings(ratings: readonly core.RebuiltRating[], changes: readonly core.RebuiltChange[]): Promise<void> {
    this.wrote(await whenUnlocked(() => this.replaceRatingsTx(ratings, changes)));
  }

  async startSeason(guildId: string, startedBy: string, startedAt: number): Promise<number> {
    return this.wrote(await whenUnlocked(() => this.startSeasonTx(guildId, startedBy, startedAt)));
  }

  /**
   * Packs and counts the games that were over before migration 2 (listed in games_to_pack), oldest
   * first, a batch per transaction: a crash part-way leaves each game either untouched and listed, or
   * packed, counted and unlisted. Runs, synchronously, when the store opens; returns how many it did.
   */
  packLegacyGames(): number {
    let done = 0;
    for (let batch = this.packLegacyTx(LEGACY_BATCH); batch > 0; batch = this.packLegacyTx(LEGACY_BATCH)) {
      done += batch;
    }
    return this.wrote(done, (packed) => packed > 0);
  }

  /**
   * Tells the checkpointer that a transaction committed something (`changed` says whether this one
   * did), so that its worker runs while the bot writes; passes `result` through.
   */
  private wrote<R>(result: R, changed: (result: R) => boolean = () => true): R {
    if (changed(result)) this.checkpointer?.wrote();
    return result;
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.checkpointer?.stop();
    try {
      // Lets SQLite refresh its query-planner statistics where they have drifted; cheap when they have not.
      // Best effort: it needs the write lock, which another shard on the file may hold as they stop
      // together, and a clean stop must not fail over statistics that the next close can refresh.
      this.db.pragma('optimize');
    } catch (error) {
      if (!isBusy(error)) throw error;
    } finally {
      this.db.close();
    }
  }

  private insertGame({ insert, writes }: core.GameToCreate): core.CreateOutcome {
    const busy = this.statements.activeInChannel.get({ channelId: insert.channelId });
    if (busy) return { ok: false, reason: 'channel-busy', active: this.withPlayRows(busy) };
    let seriesId = insert.seriesId;
    if (seriesId === undefined) {
      const series = this.statements.insertSeries.run(insert.guildId, insert.channelId, insert.rules, insert.now);
      seriesId = Number(series.lastInsertRowid);
    } else if (!this.statements.seriesInGuild.get(seriesId, insert.guildId)) {
      return { ok: false, reason: 'unknown-series' };
    }
    const row = this.statements.insertGame.get({
      ...insert,
      seriesId,
      hintsEnabled: insert.hintsEnabled ? 1 : 0,
      pingsEnabled: insert.pingsEnabled ? 1 : 0,
      viaWebhooks: insert.viaWebhooks ? 1 : 0,
    });
    if (!row) throw new Error('INSERT INTO games returned no row');
    if (writes.kind === 'end') {
      writeGameOver(this.statements, endedGame(row), writes.over);
      writeRatings(this.statements, row.id, writes.over, insert.now);
    } else writeRowChanges(this.statements, row.id, writes.changes);
    return { ok: true, row };
  }

  private writeState(save: core.StateSave): core.SavedRow | undefined {
    const { gameId, writes } = save;
    const written = this.statements.updateState.get({
      id: gameId,
      expectedVersion: save.expectedVersion,
      state: save.state,
      version: save.version,
      now: save.now,
      turnDeadline: save.turnDeadline,
    });
    if (!written) return undefined;
    if (writes.kind === 'end') {
      this.statements.endGame.run(save.status, save.now, gameId);
      const ended = { id: gameId, guildId: save.guildId, seriesId: save.seriesId, finishedAt: save.now };
      writeGameOver(this.statements, ended, writes.over);
      writeRatings(this.statements, gameId, writes.over, save.now);
    } else {
      if (save.statusChanged) this.statements.updateStatus.run(save.status, gameId);
      writeRowChanges(this.statements, gameId, writes.changes);
    }
    return { boardMessageId: written.board_message_id };
  }

  private purge(before: number): number[] {
    const lobbies = this.statements.endedLobbies.all({ before });
    for (const lobby of lobbies) {
      this.statements.deleteGame.run(lobby.id);
      this.statements.deleteEmptySeries.run({ series: lobby.series_id });
    }
    return lobbies.map((lobby) => lobby.id);
  }

  private packLegacyBatch(limit: number): number {
    const ids = this.statements.gamesToPack.all(limit);
    for (const id of ids) {
      const row = this.statements.gameById.get({ id });
      const over = row && gameOver(gameStateOf(row, () => this.playRows(row)));
      if (row && over) {
        this.statements.deleteResults.run(id);
        this.statements.packState.run(over.state, id);
        writeGameOver(this.statements, endedGame(row), over);
      }
      this.statements.packed.run(id);
    }
    return ids.length;
  }
}

/** `work` as a BEGIN IMMEDIATE transaction: it takes the write lock first, so two writers never deadlock. */
function immediate<A extends unknown[], R>(db: Database.Database, work: (...args: A) => R): (...args: A) => R {
  const transaction = db.transaction(work);
  return (...args) => transaction.immediate(...args);
}

/** Parameters as SQLite binds them: a list as JSON text, which the query reads with json_each. */
function bindable(params: object): object {
  if (!Object.values(params).some(Array.isArray)) return params;
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, Array.isArray(value) ? JSON.stringify(value) : value]),
  );
}
