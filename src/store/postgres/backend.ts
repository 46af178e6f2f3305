import type pg from 'pg';
import type * as core from '../backend.js';
import { gameOver } from '../game-over.js';
import {
  aggregatedPlayRows,
  endedGame,
  type GameMetaRow,
  type GameRow,
  gameStateOf,
  type PlayRows,
} from '../game-rows.js';
import type { ReadName, Reads, WriteName, Writes } from '../reads-and-writes.js';
import { STANDARD_QUERIES } from '../standard-queries.js';
import { type SeasonRow, toSeason } from '../stored-rows.js';
import { lockGuild, writeStatistics } from './game-over-writes.js';
import { withLentConnection } from './lent-connection.js';
import { type NamedQuery, positional, valuesOf } from './named-parameters.js';
import { QUERIES } from './queries.js';
import { replaceRatings, writeRatings } from './rating-writes.js';
import { createStatement, legacyEndStatement, type Statement, saveStatement } from './row-writes.js';
import { WRITE_QUERIES } from './write-queries.js';

/** A createGame refused for a busy channel whose game then ended before it could be read is tried again. */
const CREATE_ATTEMPTS = 3;

/**
 * The store on PostgreSQL, which several bot processes may share. A save is one statement: the
 * UPDATE of the state row checks the version itself, and the sheet rows, turns and results are
 * written by CTEs of the same statement, only if that UPDATE wrote. So a click costs one round trip,
 * lands whole or not at all, and is applied once however many processes race for it. A game's sheet
 * rows and turns are read with it, aggregated as JSON (see queries.ts).
 */
export class PostgresBackend implements core.StoreBackend {
  private readonly queries: Readonly<Record<ReadName | WriteName, NamedQuery>>;
  private closed = false;

  constructor(private readonly pool: pg.Pool) {
    const queries = { ...STANDARD_QUERIES, ...QUERIES };
    this.queries = Object.fromEntries(
      Object.entries(queries).map(([name, sql]) => [name, positional(name, sql)]),
    ) as Record<ReadName | WriteName, NamedQuery>;
  }

  async read<K extends ReadName>(name: K, params: Reads[K]['params']): Promise<Reads[K]['row'][]> {
    return (await this.pool.query(this.bound(name, params))).rows;
  }

  async write<K extends WriteName>(name: K, params: Writes[K]): Promise<number> {
    return (await this.pool.query(this.bound(name, params))).rowCount ?? 0;
  }

  playRows(row: GameRow): PlayRows {
    return aggregatedPlayRows(row);
  }

  async createGame(game: core.GameToCreate): Promise<core.CreateOutcome> {
    for (let attempt = 1; ; attempt += 1) {
      const created = await this.transaction(async (client) => {
        const result = await this.insertGame(client, game);
        return { commit: result !== 'channel-busy' && result.ok, result };
      });
      if (created !== 'channel-busy') return created;
      // The channel's game may have ended since the INSERT met it: then the next attempt lands.
      const [active] = await this.read('activeInChannel', { channelId: game.insert.channelId });
      if (active) return { ok: false, reason: 'channel-busy', active };
      if (attempt === CREATE_ATTEMPTS)
        throw new Error(`channel ${game.insert.channelId} stayed busy with no active game`);
    }
  }

  async createGames(games: readonly core.GameToCreate[]): Promise<core.CreateOutcome[]> {
    return this.transaction(async (client) => {
      const results: core.CreateOutcome[] = [];
      for (const game of games) {
        const result = await this.insertGame(client, game);
        if (result !== 'channel-busy') results.push(result);
        else {
          const values = { channelId: game.insert.channelId };
          const [active] = (await client.query<GameRow>(this.bound('activeInChannel', values))).rows;
          if (!active) throw new Error(`channel ${game.insert.channelId} was busy with no active game`);
          results.push({ ok: false, reason: 'channel-busy', active });
        }
      }
      return { commit: true, result: results };
    });
  }

  /** A click is one statement; the save that ends a game also adds to the statistics, holding the server's lock. */
  async saveState(save: core.StateSave): Promise<core.SavedRow | undefined> {
    const statement = saveStatement(save);
    const { writes } = save;
    const saved =
      writes.kind === 'end'
        ? await this.transaction(async (client) => {
            await lockGuild(client, save.guildId);
            const row = await run(client, statement);
            const ended = { id: save.gameId, guildId: save.guildId, seriesId: save.seriesId, finishedAt: save.now };
            if (row) {
              await writeStatistics(client, ended, writes.over);
              await writeRatings(client, save.gameId, writes.over, save.now);
            }
            return { commit: row !== undefined, result: row };
          })
        : await run(this.pool, statement);
    return saved && { boardMessageId: saved.board_message_id };
  }

  async purgeEndedLobbies(before: number): Promise<number[]> {
    const gone = await this.pool.query<{ id: number }>({ ...WRITE_QUERIES.purgeEndedLobbies, values: [before] });
    return gone.rows.map((row) => row.id);
  }

  async replaceRatings(ratings: readonly core.RebuiltRating[], changes: readonly core.RebuiltChange[]): Promise<void> {
    await this.transaction(async (client) => {
      await replaceRatings(client, ratings, changes);
      return { commit: true, result: undefined };
    });
  }

  async startSeason(guildId: string, startedBy: string, startedAt: number): Promise<number> {
    return this.transaction(async (client) => {
      await lockGuild(client, guildId);
      const [row] = (await client.query<SeasonRow>({ ...WRITE_QUERIES.currentSeason, values: [guildId] })).rows;
      const number = toSeason(row).number + 1;
      await client.query({ ...WRITE_QUERIES.insertSeason, values: [guildId, number, startedAt, startedBy] });
      return { commit: true, result: number };
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

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }

  private bound(name: ReadName | WriteName, params: object): pg.QueryConfig {
    const query = this.queries[name];
    return { name: query.name, text: query.text, values: valuesOf(query, params) };
  }

  private async packLegacyGame(client: pg.PoolClient): Promise<boolean> {
    const [claimed] = (await client.query<{ game_id: number }>(WRITE_QUERIES.claimGameToPack)).rows;
    if (!claimed) return false;
    const [row] = (await client.query<GameRow>(this.bound('gameById', { id: claimed.game_id }))).rows;
    const over = row && gameOver(gameStateOf(row, () => this.playRows(row)));
    if (!row || !over) return true;
    await lockGuild(client, row.guild_id);
    await client.query({ ...WRITE_QUERIES.packLegacy, values: [row.id, over.state] });
    await client.query(legacyEndStatement(row.id, over.results));
    await writeStatistics(client, endedGame(row), over);
    return true;
  }

  /**
   * Runs `work` in a transaction on one connection, committed only if it says so: a refusal rolls
   * back whatever it wrote, and so does any error.
   */
  private transaction<T>(work: (client: pg.PoolClient) => Promise<{ commit: boolean; result: T }>): Promise<T> {
    return withLentConnection(this.pool, async (client, broken) => {
      try {
        await client.query('BEGIN');
        const { commit, result } = await work(client);
        await client.query(commit ? 'COMMIT' : 'ROLLBACK');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is broken: the pool drops it rather than lend it again.
        await client.query('ROLLBACK').catch(broken);
        throw error;
      }
    });
  }

  private async insertGame(
    client: pg.PoolClient,
    { insert, writes }: core.GameToCreate,
  ): Promise<core.CreateOutcome | 'channel-busy'> {
    // The server's lock comes first, before any row is written, as in every transaction that takes it.
    if (writes.kind === 'end') await lockGuild(client, insert.guildId);
    let seriesId = insert.seriesId;
    if (seriesId === undefined) {
      const series = await client.query<{ id: number }>({
        ...WRITE_QUERIES.insertSeries,
        values: [insert.guildId, insert.channelId, insert.rules, insert.now],
      });
      seriesId = series.rows[0]?.id;
      if (seriesId === undefined) throw new Error('INSERT INTO series returned no id');
    } else if (
      (await client.query({ ...WRITE_QUERIES.seriesInGuild, values: [seriesId, insert.guildId] })).rowCount === 0
    ) {
      return { ok: false, reason: 'unknown-series' };
    }
    const [row] = (await client.query<GameMetaRow>(createStatement(insert, seriesId, writes))).rows;
    if (!row) return 'channel-busy';
    if (writes.kind === 'end') {
      await writeStatistics(client, endedGame(row), writes.over);
      await writeRatings(client, row.id, writes.over, insert.now);
    }
    return { ok: true, row };
  }
}

/** Runs a save statement: the row it wrote, or undefined when its version check refused it. */
async function run(
  on: pg.Pool | pg.PoolClient,
  save: Statement,
): Promise<{ board_message_id: string | null } | undefined> {
  return (await on.query<{ board_message_id: string | null }>(save)).rows[0];
}
