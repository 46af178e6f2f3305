import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { type DailyDealName, EXPORT_HEADER, exportLines, type GameToExport } from '../stats/export-csv.js';

const compress = promisify(gzip);

/** A page of finished games, newest first, below `beforeId` (the last game of the page before). */
export type ReadPage = (beforeId: number | undefined) => Promise<readonly GameToExport[]>;

export interface ExportFile {
  readonly name: string;
  readonly data: Buffer;
  /** Games in the file. */
  readonly games: number;
  /** Gzip-compressed: the plain CSV was over the limit. */
  readonly compressed: boolean;
  /** Older games left out because even compressed they did not fit. */
  readonly truncated: boolean;
}

/**
 * Gzip makes this CSV (long ids repeated on every line) about eight times smaller: reading further
 * back than this many times the limit could not end up in the file, so the reading stops there and
 * memory stays bounded however large the server's history.
 */
const MOST_PLAIN_PER_LIMIT = 8;

/** Spreadsheets read the file as UTF-8 (Cyrillic names and all) when it starts with a byte-order mark. */
const BOM = '\uFEFF';

/**
 * A server's finished games as one CSV file of at most `limit` bytes: plain if it fits, else
 * gzip-compressed, else the newest games that fit compressed. Pages are read newest first and turned
 * into lines one at a time, letting other interactions run in between; the file is in the order the
 * games finished; a daily deal's channel column is its name, `dailyDealName`'s in the reader's
 * language. Undefined when there is no finished game.
 */
export async function buildExport(
  readPage: ReadPage,
  limit: number,
  stem: string,
  dailyDealName: DailyDealName,
): Promise<ExportFile | undefined> {
  const games: Buffer[] = [];
  let bytes = 0;
  let beforeId: number | undefined;
  let complete = true;
  for (;;) {
    const page = await readPage(beforeId);
    const last = page.at(-1);
    if (!last) break;
    for (const game of page) {
      const lines = Buffer.from(exportLines(game, dailyDealName));
      games.push(lines);
      bytes += lines.length;
    }
    beforeId = last.id;
    if (bytes > limit * MOST_PLAIN_PER_LIMIT) {
      complete = false;
      break;
    }
    await nextTurn();
  }
  if (games.length === 0) return undefined;
  const csv = (kept: number) => Buffer.concat([Buffer.from(BOM + EXPORT_HEADER), ...games.slice(0, kept).reverse()]);
  const plain = csv(games.length);
  if (plain.length <= limit && complete) {
    return { name: `${stem}.csv`, data: plain, games: games.length, compressed: false, truncated: false };
  }
  let kept = games.length;
  let data = await compress(plain);
  while (data.length > limit && kept > 1) {
    // Fewer games in proportion to the excess, and a little more: most files fit at the second try.
    kept = Math.max(1, Math.floor((kept * limit * 0.95) / data.length));
    data = await compress(csv(kept));
  }
  if (data.length > limit) throw new RangeError(`one game does not fit in ${limit} bytes`);
  return {
    name: `${stem}.csv.gz`,
    data,
    games: kept,
    compressed: true,
    truncated: kept < games.length || !complete,
  };
}
