import { CATEGORY_IDS, type GameState, standings } from '../game/index.js';
import { csvRecord } from './csv.js';

/** What one finished game gives the export. */
export interface GameToExport {
  readonly id: number;
  readonly finishedAt: number;
  readonly channelId: string;
  readonly seriesId: number;
  readonly seriesGameNumber: number;
  readonly state: GameState;
  /** Skill and luck of each person, as counted when the game finished; computers have none. */
  readonly results: readonly {
    readonly playerId: string;
    readonly skillLoss: number | null;
    readonly luck: number | null;
  }[];
}

/** The export's first line: one column per field, then one per row of the sheet, in sheet order. */
export const EXPORT_HEADER = csvRecord([
  'game_id',
  'finished_at',
  'channel_id',
  'series_id',
  'series_game',
  'rerolls',
  'thirteen',
  'player_id',
  'player_name',
  'computer',
  'left',
  'place',
  'total',
  ...CATEGORY_IDS,
  'skill_loss',
  'luck',
]);

/** A daily deal's name in the reader's language, for the channel column (a daily game has no channel). */
export type DailyDealName = (day: number) => string;

/**
 * A game's lines of the export: one per seat, best place first. A daily deal was played on its
 * player's own board, stored under a made-up table id: its channel column names the deal instead.
 */
export function exportLines(game: GameToExport, dailyDealName: DailyDealName): string {
  const { state } = game;
  const results = new Map(game.results.map((result) => [result.playerId, result]));
  const finishedAt = new Date(game.finishedAt).toISOString();
  const channel = state.dailyDay === undefined ? game.channelId : dailyDealName(state.dailyDay);
  return standings(state)
    .map((standing) => {
      const seat = state.seats.find((candidate) => candidate.playerId === standing.playerId);
      const sheet = state.sheets[standing.playerId] ?? {};
      const result = results.get(standing.playerId);
      return csvRecord([
        game.id,
        finishedAt,
        channel,
        game.seriesId,
        game.seriesGameNumber,
        state.rules.rerolls,
        state.rules.thirteen,
        standing.playerId,
        seat?.name ?? null,
        standing.computer,
        standing.left ? 1 : 0,
        standing.place,
        standing.total,
        ...CATEGORY_IDS.map((row) => sheet[row]?.points ?? null),
        twoDecimals(result?.skillLoss ?? null),
        twoDecimals(result?.luck ?? null),
      ]);
    })
    .join('');
}

function twoDecimals(value: number | null): number | null {
  return value === null ? null : Math.round(value * 100) / 100;
}
