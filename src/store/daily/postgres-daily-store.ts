import pg from 'pg';
import { ruleSetKey } from '../../stats/rule-sets.js';
import { STORE_TYPES } from '../postgres/type-parsers.js';
import { personSkillParams, secretOf, toEntry, toSkillLine, withPlaces } from './daily-rows.js';
import { dailySql, type EntryRow, type SkillRow } from './daily-sql.js';
import type * as Daily from './daily-store.js';

const SQL = dailySql('postgres');

/** The daily store on the GameStore's PostgreSQL database, through a small pool of its own. */
export class PostgresDailyStore implements Daily.DailyStore {
  private readonly pool: pg.Pool;

  constructor(url: string, onConnectionError: (error: Error) => void = () => {}) {
    this.pool = new pg.Pool({ connectionString: url, types: STORE_TYPES, max: 2, idleTimeoutMillis: 0 });
    this.pool.on('error', onConnectionError);
  }

  private async rows<T extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<T[]> {
    return (await this.pool.query<T>(text, values)).rows;
  }

  async secret(): Promise<Buffer> {
    const [row] = await this.rows<{ secret: Buffer }>(SQL.secret, []);
    return secretOf(row);
  }

  async entry(day: number, playerId: string): Promise<Daily.DailyEntry | undefined> {
    const [row] = await this.rows<EntryRow>(SQL.entry, [day, playerId]);
    return row && toEntry(row);
  }

  async claim(entry: Daily.NewDailyEntry): Promise<Daily.ClaimResult> {
    const claimed = await this.pool.query(SQL.claim, [
      entry.day,
      entry.playerId,
      entry.guildId,
      entry.name,
      entry.startedAt,
    ]);
    if (claimed.rowCount === 1) return { ok: true };
    const existing = await this.entry(entry.day, entry.playerId);
    if (!existing) throw new Error('a daily claim was refused, yet no attempt is there');
    return { ok: false, entry: existing };
  }

  async attachGame(day: number, playerId: string, gameId: number): Promise<void> {
    await this.pool.query(SQL.attachGame, [gameId, day, playerId]);
  }

  async serverBoard(guildId: string, day: number, limit: number): Promise<Daily.DailyBoardRow[]> {
    return withPlaces(
      await this.rows<{ player_id: string; name: string | null; total: number }>(SQL.serverBoard, [
        guildId,
        day,
        limit,
      ]),
    );
  }

  async standing(day: number, total: number, guildId?: string): Promise<Daily.DayStandingCounts> {
    const [row] =
      guildId === undefined
        ? await this.rows<Daily.DayStandingCounts>(SQL.worldStanding, [total, day])
        : await this.rows<Daily.DayStandingCounts>(SQL.serverStanding, [total, guildId, day]);
    return { finished: Number(row?.finished ?? 0), better: Number(row?.better ?? 0) };
  }

  async finishedDays(playerId: string, fromDay: number, toDay: number): Promise<number[]> {
    return (await this.rows<{ day: number }>(SQL.finishedDays, [playerId, fromDay, toDay])).map((row) => row.day);
  }

  async skillLines({ guildId, rules, period, minGames, playerId }: Daily.SkillQuery): Promise<Daily.SkillLine[]> {
    const key = [guildId, period, ruleSetKey(rules)];
    const rows = await this.rows<SkillRow>(SQL.skillLines, [...key, minGames, ...key, playerId ?? null]);
    return rows.map(toSkillLine);
  }

  async personSkillLines(query: Daily.SkillQuery): Promise<Daily.SkillLine[]> {
    return (await this.rows<SkillRow>(SQL.personSkillLines, personSkillParams(query))).map(toSkillLine);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
