import Database from 'better-sqlite3';
import type { RoundPoints, StandingLine } from '../../game/tournament.js';
import { ruleSetKey } from '../../stats/rule-sets.js';
import { BUSY_TIMEOUT_MS } from '../sqlite/open-database.js';
import { BLOCKING_BUSY_MS, whenUnlocked } from '../sqlite/when-unlocked.js';
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

const SQL = tournamentSql('sqlite');

/** The tournament store on the GameStore's SQLite file, through a connection of its own (as the daily store). */
export class SqliteTournamentStore implements T.TournamentStore {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(path: string) {
    this.db = new Database(path, { timeout: BUSY_TIMEOUT_MS, fileMustExist: true });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`busy_timeout = ${BLOCKING_BUSY_MS}`);
  }

  private prepare<Row = unknown>(sql: string): Database.Statement<unknown[], Row> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement as Database.Statement<unknown[], Row>;
  }

  private changes(sql: string, ...values: unknown[]): Promise<number> {
    return whenUnlocked(() => this.prepare(sql).run(...values).changes);
  }

  async create(t: T.NewTournament): Promise<T.Tournament> {
    const row = await whenUnlocked(() =>
      this.prepare<TournamentRow>(SQL.create).get(
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
      ),
    );
    if (!row) throw new Error('a tournament insert returned no row');
    return toTournament(row);
  }

  async setSignupMessage(id: number, messageId: string): Promise<void> {
    await this.changes(SQL.setSignupMessage, messageId, id);
  }

  async tournament(id: number): Promise<T.Tournament | undefined> {
    const row = this.prepare<TournamentRow>(SQL.tournament).get(id);
    return row && toTournament(row);
  }

  async ofGuild(guildId: string, limit: number): Promise<T.Tournament[]> {
    return this.prepare<TournamentRow>(SQL.ofGuild).all(guildId, limit).map(toTournament);
  }

  async join(id: number, playerId: string, name: string | null, at: number): Promise<boolean> {
    return (await this.changes(SQL.join, playerId, name, at, id)) === 1;
  }

  async leave(id: number, playerId: string): Promise<boolean> {
    if ((await this.changes(SQL.leaveBeforeStart, id, playerId, id)) === 1) return true;
    return (await this.changes(SQL.leaveRunning, id, id, playerId, id)) === 1;
  }

  async entrants(id: number): Promise<T.Entrant[]> {
    return this.prepare<EntrantRow>(SQL.entrants).all(id).map(toEntrant);
  }

  async start(id: number, closesAt: number): Promise<boolean> {
    return (await this.changes(SQL.start, closesAt, id)) === 1;
  }

  async cancel(id: number): Promise<boolean> {
    return (await this.changes(SQL.cancel, id)) === 1;
  }

  async claimPlay(id: number, round: number, playerId: string): Promise<boolean> {
    return (await this.changes(SQL.claimPlay, id, round, playerId)) === 1;
  }

  async attachGame(id: number, round: number, playerId: string, gameId: number): Promise<void> {
    await this.changes(SQL.attachGame, gameId, id, round, playerId);
  }

  async play(id: number, round: number, playerId: string): Promise<T.RoundPlay | undefined> {
    const row = this.prepare<PlayRow>(SQL.play).get(id, round, playerId);
    return row && toPlay(row);
  }

  async roundPlays(id: number, round: number): Promise<T.RoundPlay[]> {
    return this.prepare<PlayRow>(SQL.roundPlays).all(id, round).map(toPlay);
  }

  async allPlays(id: number): Promise<(T.RoundPlay & { readonly round: number })[]> {
    return this.prepare<PlayRow>(SQL.allPlays).all(id).map(toPlay);
  }

  async seatRound(id: number, round: number, tables: readonly (readonly string[])[]): Promise<boolean> {
    const seat = this.db.transaction(() => {
      const seated = this.prepare<{ seated: number }>(SQL.roundSeated).get(id, round);
      if (Number(seated?.seated ?? 0) > 0) return false;
      const insert = this.prepare(SQL.seatPlay);
      tables.forEach((players, index) => {
        for (const playerId of players) insert.run(id, round, playerId, index + 1);
      });
      return true;
    });
    return whenUnlocked(() => seat.immediate());
  }

  async attachTable(id: number, round: number, table: number, gameId: number): Promise<void> {
    await this.changes(SQL.attachTable, gameId, id, round, table);
  }

  async closeRound(
    id: number,
    round: number,
    points: readonly RoundPoints[],
    standings: readonly StandingLine[],
    after: T.AfterClose,
  ): Promise<boolean> {
    const close = this.db.transaction(() => {
      const moved =
        after.next === 'round'
          ? this.prepare(SQL.nextRound).run(after.closesAt, id, round).changes
          : this.prepare(SQL.finish).run(id, round).changes;
      if (moved !== 1) return false;
      const insert = this.prepare(SQL.insertPoints);
      for (const p of points) insert.run(id, round, p.playerId, p.played ? 1 : 0, p.total, p.loss, p.points);
      this.prepare(SQL.clearStandings).run(id);
      const standing = this.prepare(SQL.insertStanding);
      for (const line of standings) standing.run(...standingValues(id, line));
      return true;
    });
    return whenUnlocked(() => close.immediate());
  }

  async standingsPage(id: number, limit: number, playerId?: string): Promise<T.StandingsPage> {
    const rows = this.prepare<StandingRow>(SQL.standingsPage).all(id, limit);
    const asker = playerId === undefined ? undefined : this.prepare<StandingRow>(SQL.standingOf).get(id, playerId);
    if (asker && !rows.some((row) => row.player_id === asker.player_id)) rows.push(asker);
    return toStandingsPage(rows);
  }

  async points(id: number): Promise<T.StoredRoundPoints[]> {
    return this.prepare<PointsRow>(SQL.points).all(id).map(toPoints);
  }

  async openRounds(): Promise<T.OpenRound[]> {
    return this.prepare<OpenRoundRow>(SQL.openRounds).all().map(toOpenRound);
  }

  async unannounced(): Promise<T.Tournament[]> {
    return this.prepare<TournamentRow>(SQL.unannounced).all().map(toTournament);
  }

  async markAnnounced(id: number, round: number): Promise<void> {
    await this.changes(SQL.markAnnounced, round, id, round);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
