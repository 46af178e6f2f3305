import { MIN_GAMES_FOR_AVERAGE } from '../commands/leaderboard-options.js';
import { type LatencySummary, summarize, timeEach } from '../harness/kit/figures.js';
import { buildExport } from '../src/bot/export-file.js';
import { seededRandom } from '../src/game/index.js';
import { PERIODS, periodKey, spansEveryPlace } from '../src/stats/periods.js';
import type { GameStore, LeaderboardQuery } from '../src/store/index.js';
import type { HistoryServer, HistoryShape } from './history-db.js';

export interface QueryFigures {
  /** What /crag leaderboard asks of the store: the channel's latest game, the season, the top ten and one's own line. */
  readonly leaderboard: LatencySummary;
  /** What /crag stats asks: the season when it needs it, and the person's lines. */
  readonly stats: LatencySummary;
  /** What /crag history asks: a channel's or the server's last ten finished games, with their results. */
  readonly history: LatencySummary;
  /** /crag export of one server's whole history (its pages read, unpacked and written as CSV). */
  readonly export: {
    readonly ms: number;
    readonly games: number;
    readonly bytes: number;
    readonly compressed: boolean;
  };
}

/** Requests before the measured ones, so the first reads of cold pages are not counted. */
const WARM_UP = 200;
/** Discord's upload limit for a server without boosts. */
const UPLOAD_LIMIT = 10 * 1024 * 1024;

/**
 * Times, request by request, the store calls the handlers of /crag leaderboard, /crag stats and
 * /crag history make, for random servers, channels, people, periods, scopes and rankings, as of the
 * history's last day (so this month's and this week's aggregates hold games). In process: the
 * figures are the database's and the store's, without Discord around them.
 */
export async function measureQueries(store: GameStore, shape: HistoryShape, requests: number): Promise<QueryFigures> {
  const random = seededRandom(99);
  const now = shape.startAt + shape.spanMs;
  const pick = <T>(items: readonly T[]) => items[random(items.length)]!;
  const time = (request: () => Promise<unknown>) => timeRequests(request, requests);
  const periodOf = async (server: HistoryServer) => {
    const period = pick(PERIODS);
    const season = period === 'season' ? (await store.currentSeason(server.guildId)).number : 1;
    return periodKey(period, now, season);
  };

  const leaderboard = await time(async () => {
    const server = pick(shape.servers);
    const channelId = pick(server.channelIds);
    const playerId = pick(server.people).id;
    const latest = await store.latestGameInChannel(channelId);
    const rankBy = random(3) === 0 ? 'average' : 'total';
    const ranking = {
      guildId: server.guildId,
      rankBy,
      minGames: rankBy === 'average' ? MIN_GAMES_FOR_AVERAGE : 1,
    } as const;
    const query: LeaderboardQuery =
      latest && random(2) === 0
        ? { ...ranking, scope: 'series', seriesId: latest.seriesId, limit: 10 }
        : { ...ranking, scope: 'server', rules: server.rules, period: await periodOf(server), limit: 10 };
    await Promise.all([store.leaderboard(query), store.leaderboardRank({ ...query, playerId })]);
  });
  const stats = await time(async () => {
    const server = pick(shape.servers);
    const [playerId, period] = [pick(server.people).id, await periodOf(server)];
    // As /crag stats asks (commands/person-figures.ts): the person's own over every place, but in a season.
    await (spansEveryPlace(period) ? store.personStats : store.playerStats).call(
      store,
      server.guildId,
      playerId,
      period,
    );
  });
  const history = await time(async () => {
    const server = pick(shape.servers);
    const channel = random(2) === 0 ? { channelId: pick(server.channelIds) } : {};
    await store.finishedGames({ guildId: server.guildId, ...channel, limit: 10 });
  });
  return { leaderboard, stats, history, export: await timeExport(store, shape.servers[0]) };
}

/** `requests` of a kind, one at a time, each timed, after WARM_UP untimed ones. */
export async function timeRequests(request: () => Promise<unknown>, requests: number): Promise<LatencySummary> {
  return summarize(await timeEach(requests, request, WARM_UP));
}

async function timeExport(store: GameStore, server: HistoryServer | undefined) {
  if (!server) return { ms: Number.NaN, games: 0, bytes: 0, compressed: false };
  const started = performance.now();
  const file = await buildExport(
    (beforeId) =>
      store.finishedGames({ guildId: server.guildId, limit: 500, ...(beforeId === undefined ? {} : { beforeId }) }),
    UPLOAD_LIMIT,
    'bench',
    (day) => `Daily Crag ${day}`,
  );
  return {
    ms: performance.now() - started,
    games: file?.games ?? 0,
    bytes: file?.data.length ?? 0,
    compressed: file?.compressed ?? false,
  };
}
