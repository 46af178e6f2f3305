import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildExport } from '../../src/bot/export-file.js';
import { dailyDealName } from '../../src/bot/render/index.js';
import { dailyNumber, type GameState } from '../../src/game/index.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { EXPORT_HEADER, type GameToExport } from '../../src/stats/export-csv.js';
import { playOptimum } from '../../src/strategy/index.js';
import { parseCsv } from '../stats/parse-csv.js';
import { type GamePlan, newGameState, step } from '../store/drive-game.js';

const ALICE = '100000000000000001';
const BOB = '100000000000000002';

function playedOut(plan: GamePlan): GameState {
  let state = newGameState(plan);
  for (let next = step(state, plan); next; next = step(state, plan)) state = next;
  return state;
}

/** `count` finished games, ids 1..count, as the store would page them. */
function history(count: number): GameToExport[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    finishedAt: Date.UTC(2026, 11, 1) + index * 60_000,
    channelId: '910000000000000001',
    seriesId: 1,
    seriesGameNumber: index + 1,
    state: playedOut({
      seed: index + 1,
      humans: [ALICE, BOB],
      computers: ['easy'],
      names: { [ALICE]: '=cmd|"/c calc"!A1', [BOB]: 'Bob, "the, builder"\nJr' },
    }),
    results: [],
  }));
}

/** Newest first, `size` at a time, below an id: what ReadPage asks of the store. */
function pages(games: readonly GameToExport[], size: number) {
  const newestFirst = [...games].reverse();
  return async (beforeId: number | undefined) =>
    newestFirst.filter((game) => beforeId === undefined || game.id < beforeId).slice(0, size);
}

const languages = loadLanguages();
/** The daily deal's name as an English reader's export gives it. */
const inEnglish = (day: number) => dailyDealName(day, languages.translator('en-US'));

const records = (data: Buffer) => parseCsv(data.toString('utf8').replace(/^\uFEFF/, ''));

describe('the export file', () => {
  const games = history(12);

  it('is a plain CSV, oldest game first, one line per seat, when it fits', async () => {
    const file = await buildExport(pages(games, 5), 10 * 1024 * 1024, 'crag-1-2026-12-01', inEnglish);
    expect(file).toMatchObject({ name: 'crag-1-2026-12-01.csv', games: 12, compressed: false, truncated: false });
    const [header, ...rows] = records(file!.data);
    expect(header).toEqual(parseCsv(EXPORT_HEADER)[0]);
    expect(rows).toHaveLength(36);
    expect(rows.map((row) => Number(row[0]))).toEqual(games.flatMap((game) => [game.id, game.id, game.id]));
    // Names that would be formulas stay text; commas and quotes survive (a line break never reaches a
    // name: names are tidied onto one line when they are captured).
    const names = new Set(rows.map((row) => row[8]));
    expect(names).toEqual(new Set(['\'=cmd|"/c calc"!A1', 'Bob, "the, builder" Jr', '']));
  });

  it('is gzip-compressed when the plain CSV is over the limit', async () => {
    const plain = (await buildExport(pages(games, 5), 10 * 1024 * 1024, 'x', inEnglish))!.data;
    const limit = Math.floor(plain.length * 0.7);
    const file = await buildExport(pages(games, 5), limit, 'x', inEnglish);
    expect(file).toMatchObject({ name: 'x.csv.gz', games: 12, compressed: true, truncated: false });
    expect(file!.data.length).toBeLessThanOrEqual(limit);
    expect(gunzipSync(file!.data)).toEqual(plain);
  });

  it('keeps the newest games that fit when even compressed it is over the limit, and says so', async () => {
    const plain = (await buildExport(pages(games, 5), 10 * 1024 * 1024, 'x', inEnglish))!.data;
    // Just under what all twelve games take compressed (and far above a plain eighth).
    const limit = gzipSync(plain).length - 20;
    expect(limit * 8).toBeGreaterThan(plain.length);
    const compressed = (await buildExport(pages(games, 5), limit, 'x', inEnglish))!;
    expect(compressed).toMatchObject({ compressed: true, truncated: true });
    expect(compressed.data.length).toBeLessThanOrEqual(limit);
    expect(compressed.games).toBeGreaterThan(0);
    expect(compressed.games).toBeLessThan(12);
    const rows = records(gunzipSync(compressed.data)).slice(1);
    const ids = [...new Set(rows.map((row) => Number(row[0])))];
    expect(ids).toEqual(games.slice(-compressed.games).map((game) => game.id));
  });

  it('stops reading a history far bigger than could ever fit, so memory stays bounded', async () => {
    const read: (number | undefined)[] = [];
    const paged = pages(games, 1);
    const file = await buildExport(
      async (beforeId) => {
        read.push(beforeId);
        return paged(beforeId);
      },
      500,
      'x',
      inEnglish,
    );
    expect(file).toMatchObject({ compressed: true, truncated: true });
    expect(read.length).toBeLessThan(games.length);
    expect(file!.data.length).toBeLessThanOrEqual(500);
  });

  it('names a daily deal by its day where a channel would be, in the reader’s language', async () => {
    const day = 20_790;
    const daily: GameToExport = {
      id: 13,
      finishedAt: Date.UTC(2026, 11, 2),
      // The made-up table id the daily game is stored under (src/bot/daily-deals.ts).
      channelId: `daily-${day}-${ALICE}`,
      seriesId: 2,
      seriesGameNumber: 1,
      state: playOptimum({ secret: Buffer.alloc(32, 9), day }).state,
      results: [],
    };
    const channels = async (locale: string) => {
      const name = (dailyDay: number) => dailyDealName(dailyDay, languages.translator(locale));
      const file = await buildExport(pages([...games, daily], 20), 10 * 1024 * 1024, 'x', name);
      return [
        ...new Set(
          records(file!.data)
            .slice(1)
            .map((row) => `${row[0]} ${row[2]}`),
        ),
      ];
    };
    const number = dailyNumber(day);
    const normal = games.map((game) => `${game.id} ${game.channelId}`);
    expect(await channels('en-US')).toEqual([...normal, `13 Daily Crag #${number}`]);
    expect(await channels('ru')).toEqual([...normal, `13 Крэг дня №${number}`]);
  });

  it('is nothing when no game has finished', async () => {
    expect(await buildExport(pages([], 5), 1_000, 'x', inEnglish)).toBeUndefined();
  });
});
