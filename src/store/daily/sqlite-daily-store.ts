import Database from 'better-sqlite3';
import { ruleSetKey } from '../../stats/rule-sets.js';
import { BUSY_TIMEOUT_MS } from '../sqlite/open-database.js';
import { BLOCKING_BUSY_MS, whenUnlocked } from '../sqlite/when-unlocked.js';
import { personSkillParams, secretOf, toEntry, toSkillLine, withPlaces } from './daily-rows.js';
import { dailySql, type EntryRow, type SkillRow } from './daily-sql.js';
import type * as Daily from './daily-store.js';

const SQL = dailySql('sqlite');

/**
 * The daily store on the GameStore's SQLite file, through a connection of its own (WAL lets it
 * read beside the game store's; its few writes wait for the write lock as any writer does).
 */
export class SqliteDailyStore implements Daily.DailyStore {
  private readonly db: Database.Database;
  /** Each statement prepared once, on first use. */
  private readonly statements = new Map<string, Database.Statement>();

  /** Opens the file the GameStore has opened (and migrated) already. */
  constructor(path: string) {
    this.db = new Database(path, { timeout: BUSY_TIMEOUT_MS, fileMustExist: true });
    this.db.pragma('journal_mode = WAL');
    // Opened; its writes now wait for another connection's lock on timers (see whenUnlocked).
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

  async secret(): Promise<Buffer> {
    return secretOf(this.prepare<{ secret: Buffer }>(SQL.secret).get());
  }

  async entry(day: number, playerId: string): Promise<Daily.DailyEntry | undefined> {
    const row = this.prepare<EntryRow>(SQL.entry).get(day, playerId);
    return row && toEntry(row);
  }

  async claim(entry: Daily.NewDailyEntry): Promise<Daily.ClaimResult> {
    const claimed = await whenUnlocked(
      () => this.prepare(SQL.claim).run(entry.day, entry.playerId, entry.guildId, entry.name, entry.startedAt).changes,
    );
    if (claimed === 1) return { ok: true };
    const existing = await this.entry(entry.day, entry.playerId);
    if (!existing) throw new Error('a daily claim was refused, yet no attempt is there');
    return { ok: false, entry: existing };
  }

  async attachGame(day: number, playerId: string, gameId: number): Promise<void> {
    await whenUnlocked(() => this.prepare(SQL.attachGame).run(gameId, day, playerId));
  }

  async serverBoard(guildId: string, day: number, limit: number): Promise<Daily.DailyBoardRow[]> {
    return withPlaces(
      this.prepare<{ player_id: string; name: string | null; total: number }>(SQL.serverBoard).all(guildId, day, limit),
    );
  }

  async standing(day: number, total: number, guildId?: string): Promise<Daily.DayStandingCounts> {
    const row =
      guildId === undefined
        ? this.prepare<Daily.DayStandingCounts>(SQL.worldStanding).get(total, day)
        : this.prepare<Daily.DayStandingCounts>(SQL.serverStanding).get(total, guildId, day);
    return { finished: Number(row?.finished ?? 0), better: Number(row?.better ?? 0) };
  }

  async finishedDays(playerId: string, fromDay: number, toDay: number): Promise<number[]> {
    return this.prepare<{ day: number }>(SQL.finishedDays)
      .all(playerId, fromDay, toDay)
      .map((row) => row.day);
  }

  async skillLines({ guildId, rules, period, minGames, playerId }: Daily.SkillQuery): Promise<Daily.SkillLine[]> {
    const key = [guildId, period, ruleSetKey(rules)];
    return this.prepare<SkillRow>(SQL.skillLines)
      .all(...key, minGames, ...key, playerId ?? null)
      .map(toSkillLine);
  }

  async personSkillLines(query: Daily.SkillQuery): Promise<Daily.SkillLine[]> {
    return this.prepare<SkillRow>(SQL.personSkillLines)
      .all(...personSkillParams(query))
      .map(toSkillLine);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
