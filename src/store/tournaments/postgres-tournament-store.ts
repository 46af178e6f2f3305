import pg from 'pg';
import type { RoundPoints, StandingLine } from '../../game/tournament.js';
import { ruleSetKey } from '../../stats/rule-sets.js';
import { STORE_TYPES } from '../postgres/type-parsers.js';
import {
  standingValues,
  toEntrant,
  toOpenRound,
  toPlay,
  toPoints,
  toStandingsPage,
  toTournament,
} from './tournament-rows.js';
import {
  type EntrantRow,
  type OpenRoundRow,
  type PlayRow,
  type PointsRow,
  type StandingRow,
  type TournamentRow,
  tournamentSql,
} from './tournament-sql.js';
import type * as T from './tournament-store.js';

const SQL = tournamentSql('postgres');

/** The tournament store on the GameStore's PostgreSQL database, through a small pool of its own. */
export class PostgresTournamentStore implements T.TournamentStore {
  private readonly pool: pg.Pool;

  constructor(url: string, onConnectionError: (error: Error) => void = () => {}) {
    this.pool = new pg.Pool({ connectionString: url, types: STORE_TYPES, max: 2, idleTimeoutMillis: 0 });
    this.pool.on('error', onConnectionError);
  }

  private async rows<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> {
    return (await this.pool.query<Row>(text, values)).rows;
  }

  private async changes(text: string, values: unknown[]): Promise<number> {
    return (await this.pool.query(text, values)).rowCount ?? 0;
  }

  async create(t: T.NewTournament): Promise<T.Tournament> {
    const [row] = await this.rows<TournamentRow>(SQL.create, [
      t.guildId,
      t.name,
      t.organiserId,
      ruleSetKey(t.rules),
      t.format,
      t.rounds,
      t.roundSeconds,
      t.channelId,
      t.announceChannelId,
      t.createdAt,
    ]);
    if (!row) throw new Error('a tournament insert returned no row');
    return toTournament(row);
  }

  async setSignupMessage(id: number, messageId: string): Promise<void> {
    await this.changes(SQL.setSignupMessage, [messageId, id]);
  }

  async tournament(id: number): Promise<T.Tournament | undefined> {
    const [row] = await this.rows<TournamentRow>(SQL.tournament, [id]);
    return row && toTournament(row);
  }

  async ofGuild(guildId: string, limit: number): Promise<T.Tournament[]> {
    return (await this.rows<TournamentRow>(SQL.ofGuild, [guildId, limit])).map(toTournament);
  }

  async join(id: number, playerId: string, name: string | null, at: number): Promise<boolean> {
    return (await this.changes(SQL.join, [playerId, name, at, id])) === 1;
  }

  async leave(id: number, playerId: string): Promise<boolean> {
    if ((await this.changes(SQL.leaveBeforeStart, [id, playerId, id])) === 1) return true;
    return (await this.changes(SQL.leaveRunning, [id, id, playerId, id])) === 1;
  }

  async entrants(id: number): Promise<T.Entrant[]> {
    return (await this.rows<EntrantRow>(SQL.entrants, [id])).map(toEntrant);
  }

  async start(id: number, closesAt: number): Promise<boolean> {
    return (await this.changes(SQL.start, [closesAt, id])) === 1;
  }

  async cancel(id: number): Promise<boolean> {
    return (await this.changes(SQL.cancel, [id])) === 1;
  }

  async claimPlay(id: number, round: number, playerId: string): Promise<boolean> {
    return (await this.changes(SQL.claimPlay, [id, round, playerId])) === 1;
  }

  async attachGame(id: number, round: number, playerId: string, gameId: number): Promise<void> {
    await this.changes(SQL.attachGame, [gameId, id, round, playerId]);
  }

  async play(id: number, round: number, playerId: string): Promise<T.RoundPlay | undefined> {
    const [row] = await this.rows<PlayRow>(SQL.play, [id, round, playerId]);
    return row && toPlay(row);
  }

  async roundPlays(id: number, round: number): Promise<T.RoundPlay[]> {
    return (await this.rows<PlayRow>(SQL.roundPlays, [id, round])).map(toPlay);
  }

  async allPlays(id: number): Promise<(T.RoundPlay & { readonly round: number })[]> {
    return (await this.rows<PlayRow>(SQL.allPlays, [id])).map(toPlay);
  }

  /** The primary key refuses a second seating of the same entrant: the whole transaction then writes nothing. */
  async seatRound(id: number, round: number, tables: readonly (readonly string[])[]): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const [seated] = (await client.query<{ seated: string }>(SQL.roundSeated, [id, round])).rows;
      if (Number(seated?.seated ?? 0) > 0) {
        await client.query('ROLLBACK');
        return false;
      }
      for (const [index, players] of tables.entries()) {
        for (const playerId of players) await client.query(SQL.seatPlay, [id, round, playerId, index + 1]);
      }
      await client.query('COMMIT');
      return true;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      if ((error as { code?: string }).code === '23505') return false;
      throw error;
    } finally {
      client.release();
    }
  }

  async attachTable(id: number, round: number, table: number, gameId: number): Promise<void> {
    await this.changes(SQL.attachTable, [gameId, id, round, table]);
  }

  async closeRound(
    id: number,
    round: number,
    points: readonly RoundPoints[],
    standings: readonly StandingLine[],
    after: T.AfterClose,
  ): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const moved =
        after.next === 'round'
          ? await client.query(SQL.nextRound, [after.closesAt, id, round])
          : await client.query(SQL.finish, [id, round]);
      if (moved.rowCount !== 1) {
        await client.query('ROLLBACK');
        return false;
      }
      for (const p of points) {
        await client.query(SQL.insertPoints, [id, round, p.playerId, p.played, p.total, p.loss, p.points]);
      }
      await client.query(SQL.clearStandings, [id]);
      for (const line of standings) await client.query(SQL.insertStanding, standingValues(id, line));
      await client.query('COMMIT');
      return true;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async standingsPage(id: number, limit: number, playerId?: string): Promise<T.StandingsPage> {
    const [rows, asker] = await Promise.all([
      this.rows<StandingRow>(SQL.standingsPage, [id, limit]),
      playerId === undefined ? Promise.resolve([]) : this.rows<StandingRow>(SQL.standingOf, [id, playerId]),
    ]);
    const own = asker[0];
    if (own && !rows.some((row) => row.player_id === own.player_id)) rows.push(own);
    return toStandingsPage(rows);
  }

  async points(id: number): Promise<T.StoredRoundPoints[]> {
    return (await this.rows<PointsRow>(SQL.points, [id])).map(toPoints);
  }

  async openRounds(): Promise<T.OpenRound[]> {
    return (await this.rows<OpenRoundRow>(SQL.openRounds, [])).map(toOpenRound);
  }

  async unannounced(): Promise<T.Tournament[]> {
    return (await this.rows<TournamentRow>(SQL.unannounced, [])).map(toTournament);
  }

  async markAnnounced(id: number, round: number): Promise<void> {
    await this.changes(SQL.markAnnounced, [round, id, round]);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
