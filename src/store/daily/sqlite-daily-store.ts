import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { BUSY_TIMEOUT_MS } from '../sqlite/open-database.js';
import { skillSpan, toEntry, toSkillLine, withPlaces } from './daily-rows.js';
import { dailySql, type EntryRow, type SkillRow } from './daily-sql.js';
import type {
  ClaimResult,
  DailyBoardRow,
  DailyEntry,
  DailyStore,
  DayStandingCounts,
  NewDailyEntry,
  SkillLine,
  SkillQuery,
} from './daily-store.js';

const SQL = dailySql('sqlite');

/**
 * The daily store on the GameStore's SQLite file, through a connection of its own (WAL lets it
 * read beside the game store's; its few writes wait for the write lock as any writer does).
 */
export class SqliteDailyStore implements DailyStore {
  private readonly db: Database.Database;

  /** Opens the file the GameStore has opened (and migrated) already. */
  constructor(path: string) {
    this.db = new Database(path, { timeout: BUSY_TIMEOUT_MS, fileMustExist: true });
    this.db.pragma('journal_mode = WAL');
  }

  async secret(): Promise<Buffer> {
    this.db.prepare(SQL.insertSecret).run(randomBytes(32), Date.now());
    const row = this.db.prepare<[], { secret: Buffer }>(SQL.secret).get();
    if (!row) throw new Error('daily_secret has no row right after inserting one');
    return row.secret;
  }

  async entry(day: number, playerId: string): Promise<DailyEntry | undefined> {
    const row = this.db.prepare<[number, string], EntryRow>(SQL.entry).get(day, playerId);
    return row && toEntry(row);
  }

  async claim(entry: NewDailyEntry): Promise<ClaimResult> {
    const claimed = this.db
      .prepare(SQL.claim)
      .run(entry.day, entry.playerId, entry.guildId, entry.name, entry.startedAt).changes;
    if (claimed === 1) return { ok: true };
    const existing = await this.entry(entry.day, entry.playerId);
    if (!existing) throw new Error('a daily claim was refused, yet no attempt is there');
    return { ok: false, entry: existing };
  }

  async attachGame(day: number, playerId: string, gameId: number): Promise<void> {
    this.db.prepare(SQL.attachGame).run(gameId, day, playerId);
  }

  async serverBoard(guildId: string, day: number, limit: number): Promise<DailyBoardRow[]> {
    return withPlaces(
      this.db
        .prepare<[string, number, number], { player_id: string; name: string | null; total: number }>(SQL.serverBoard)
        .all(guildId, day, limit),
    );
  }

  async standing(day: number, total: number, guildId?: string): Promise<DayStandingCounts> {
    const row =
      guildId === undefined
        ? this.db.prepare<unknown[], DayStandingCounts>(SQL.worldStanding).get(day, day, total)
        : this.db.prepare<unknown[], DayStandingCounts>(SQL.serverStanding).get(total, guildId, day);
    return { finished: Number(row?.finished ?? 0), better: Number(row?.better ?? 0) };
  }

  async finishedDays(playerId: string, fromDay: number, toDay: number): Promise<number[]> {
    return this.db
      .prepare<[string, number, number], { day: number }>(SQL.finishedDays)
      .all(playerId, fromDay, toDay)
      .map((row) => row.day);
  }

  async skillLines({ guildId, rules, period }: SkillQuery): Promise<SkillLine[]> {
    const seasons = this.db.prepare<[string], { number: number; started_at: number }>(SQL.seasonStarts).all(guildId);
    const span = skillSpan(period, seasons);
    if (!span) return [];
    return this.db
      .prepare<unknown[], SkillRow>(SQL.skillLines)
      .all(guildId, span.from, span.until, String(rules.rerolls), rules.thirteen)
      .map(toSkillLine);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
