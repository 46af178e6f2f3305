import { expect } from 'vitest';
import {
  dailyShareLine,
  type GameView,
  type PrivateCard,
  periodLabel,
  ratingStatsLine,
  renderAnalysis,
  renderDailyBoard,
  renderDailyResult,
  renderDailyServerBoard,
  renderGame,
  renderHint,
  renderHistory,
  renderLeaderboard,
  renderMoved,
  renderRatingLeaderboard,
  renderRules,
  renderSheet,
  renderSkillLeaderboard,
  renderStats,
  type StatsView,
  skillStatsLine,
  UNICODE_DICE,
} from '../../src/bot/render/index.js';
import {
  type Action,
  applyAction,
  createGame,
  currentPlayerId,
  type GameState,
  type RandomInt,
  rerollsLeft,
  seededRandom,
  standings,
} from '../../src/game/index.js';
import type { Translator } from '../../src/i18n/index.js';
import { dailyOutcome } from '../../src/stats/daily-result.js';
import { recordGame } from '../../src/stats/game-record.js';
import { addGame, NO_GAMES } from '../../src/stats/player-totals.js';
import { skillFigure, skillSumsOf } from '../../src/stats/skill.js';
import type { FinishedGame } from '../../src/store/index.js';
import { chooseComputerAction, OPTIMUM_PLAYER_ID, playOptimum } from '../../src/strategy/index.js';
import type { ShownMessage } from '../i18n/visible-text.js';
import { tournamentMessages } from './tournament-messages.js';

export const ALICE = '111111111111111111';
export const BOB = '222222222222222222';

/** Who sits at the drawn games: their display names, and people who join after Bob. */
export interface Cast {
  readonly alice: string;
  readonly bob: string;
  /** More people (id, name), seated after Bob and before the computer: up to two make a full table. */
  readonly others?: readonly (readonly [string, string])[];
}

const RUSSIAN_CAST: Cast = { alice: 'Алиса', bob: 'Боб' };

function act(state: GameState, action: Action, random: RandomInt): GameState {
  const result = applyAction(state, action, random);
  if (!result.ok) throw new Error(`${action.type} refused: ${result.code}`);
  return result.state;
}

/** Everyone plays the greedy way (so the analysis has mistakes to name) until `stop` holds. */
function playUntil(from: GameState, random: RandomInt, stop: (state: GameState) => boolean): GameState {
  let state = from;
  while (state.status === 'playing' && !stop(state)) state = act(state, chooseComputerAction(state, 'easy'), random);
  return state;
}

function view(state: GameState, extra: Partial<GameView> = {}): GameView {
  return {
    gameId: 1234,
    state,
    settings: { turnTimerMinutes: 5, hintsEnabled: true, pingsEnabled: true },
    turnDeadline: 1_800_000_000_000,
    ...extra,
  };
}

/** Every kind of message the bot draws, at the stages a game goes through (shared by the language and limit tests). */
export function everyMessage(tr: Translator, cast: Cast = RUSSIAN_CAST): [string, ShownMessage][] {
  const random = seededRandom(11);
  let seated = act(
    createGame(ALICE, { rerolls: 2, thirteen: 'no-pair' }, cast.alice),
    { type: 'join', playerId: BOB, name: cast.bob },
    random,
  );
  for (const [playerId, name] of cast.others ?? []) seated = act(seated, { type: 'join', playerId, name }, random);
  const lobby = act(seated, { type: 'add-computer', playerId: ALICE, level: 'strong' }, random);
  const started = act(lobby, { type: 'start', playerId: ALICE }, random);
  let midGame = playUntil(started, random, (state) => state.round === 3 && currentPlayerId(state) === BOB);
  midGame = act(midGame, { type: 'time-out' }, random);
  const computerTurn = midGame;
  midGame = playUntil(midGame, random, (state) => currentPlayerId(state) === ALICE);
  const rowToChoose = act(
    act(midGame, { type: 'reroll', playerId: ALICE }, random),
    { type: 'reroll', playerId: ALICE },
    random,
  );
  const withLeaver = act(midGame, { type: 'leave', playerId: BOB }, random);
  const finished = playUntil(withLeaver, random, () => false);
  const series = { gameNumber: 3, totals: [{ playerId: ALICE, total: 1234, games: 3, wins: 2 }] };
  const rows = [1, 2, 5, 21].map((games, i) => ({
    rank: i + 1,
    playerId: `10000000000000000${i}`,
    name: null,
    total: 2000 - i,
    games,
    wins: games - 1,
    average: 149.85 - i,
    best: 230,
  }));
  expect(rerollsLeft(rowToChoose)).toBe(0);
  expect(finished.status).toBe('finished');
  expect(finished.history.some((turn) => turn.timedOut)).toBe(true);
  const faces = UNICODE_DICE;
  const card = (drawn: PrivateCard | string): ShownMessage => (typeof drawn === 'string' ? { content: drawn } : drawn);
  return [
    ['lobby', renderGame(view(lobby), tr, faces)],
    ['board', renderGame(view(midGame), tr, faces)],
    ['board, computer to play', renderGame(view(computerTurn), tr, faces)],
    ['board, no rerolls left', renderGame(view(rowToChoose), tr, faces)],
    ['board, a player left', renderGame(view(withLeaver), tr, faces)],
    ['board, waiting for a press', renderGame(view(midGame, { waiting: true }), tr, faces)],
    ['final standings', renderGame(view(finished, { series }), tr, faces)],
    ['ended', renderGame(view(act(lobby, { type: 'cancel', playerId: ALICE }, random)), tr, faces)],
    ['abandoned', renderGame(view(act(midGame, { type: 'abandon' }, random)), tr, faces)],
    ['moved', renderMoved(1234, 'https://discord.com/channels/1/2/3', tr)],
    ['sheet', renderSheet(finished, ALICE, tr)],
    ['rules of a game', renderRules(started.rules, 'game', tr)],
    ['default rules', renderRules({ rerolls: 1, thirteen: 'any' }, 'default', tr)],
    ['hint to keep', card(renderHint(midGame, tr, faces))],
    ['hint for a row', card(renderHint(rowToChoose, tr, faces))],
    ['analysis', renderAnalysis(finished, ALICE, tr)],
    ['analysis of a leaver', renderAnalysis(finished, BOB, tr)],
    [
      'series leaderboard',
      renderLeaderboard({ ...byTotal, scope: 'series', rules: started.rules }, rows, undefined, tr),
    ],
    [
      'empty server leaderboard',
      renderLeaderboard(
        { ...byAverage, scope: 'server', rules: started.rules, period: { period: 'all' } },
        [],
        undefined,
        tr,
      ),
    ],
    [
      'server leaderboard of a week',
      renderLeaderboard(
        { ...byTotal, scope: 'server', rules: started.rules, period: periodLabel('week', WEEK, 1) },
        rows,
        rows[0],
        tr,
      ),
    ],
    ['statistics', renderStats(statsOf(finished, ALICE), tr, { shareId: 'crag-share:111111111111111111:all' })],
    ['statistics of a season', renderStats({ ...statsOf(finished, BOB), period: periodLabel('season', WEEK, 2) }, tr)],
    ['history of a channel', renderHistory({ scope: 'channel', games: [finishedGame(finished)] }, tr)],
    ['history of a server', renderHistory({ scope: 'server', games: [finishedGame(finished)] }, tr)],
    ...dailyMessages(tr, cast),
    ...tournamentMessages(tr, cast.alice),
  ];
}

/** The daily deal's messages: its board, the result, the share line, the server's board, the skill figures. */
function dailyMessages(tr: Translator, cast: Cast): [string, ShownMessage][] {
  const day = 20_800;
  const optimum = playOptimum({ secret: Buffer.alloc(32, 1), day });
  const outcome = dailyOutcome(optimum.state, OPTIMUM_PLAYER_ID);
  const careless = { ...outcome, loss: 12.3, rowLosses: { ...outcome.rowLosses, crag: 4, sixes: 0.5 } };
  const result = {
    gameId: 77,
    version: 40,
    day,
    outcome: careless,
    optimum: optimum.total,
    place: 2,
    serverFinished: 5,
    worldFinished: 1234,
    worldBetter: 321,
    percentile: 73,
    streak: 3,
  };
  const board = [
    { place: 1, playerId: ALICE, name: cast.alice, total: 201 },
    { place: 1, playerId: BOB, name: null, total: 201 },
  ];
  const sums = {
    playerId: ALICE,
    name: cast.alice,
    ...skillSumsOf([
      { loss: 5, decisions: 26 },
      { loss: 9, decisions: 26 },
    ]),
  };
  const figure = skillFigure(sums)!;
  const rank = { rank: 1, line: sums, figure };
  const heading = { rules: optimum.state.rules, period: { period: 'all' as const }, minGames: 5 };
  const started = { ...optimum.state, status: 'playing' as const };
  const rated = { rank: 1, playerId: ALICE, name: cast.alice, value: 1234.5, mu: 1260.1, sigma: 8.5, games: 100000 };
  return [
    ['daily result', renderDailyResult(result, tr)],
    ['daily share line', { content: dailyShareLine(result, tr) }],
    ['daily board of a server', renderDailyServerBoard(day, board, optimum.total, tr)],
    ['empty daily board', renderDailyServerBoard(day, [], undefined, tr)],
    ['skill ranking', renderSkillLeaderboard(heading, [rank], rank, tr)],
    ['empty skill ranking', renderSkillLeaderboard(heading, [], undefined, tr)],
    ['skill line', { content: skillStatsLine(figure, 0.21, tr) }],
    [
      'rating ranking',
      renderRatingLeaderboard(
        optimum.state.rules,
        Array.from({ length: 10 }, (_, i) => ({ ...rated, rank: i + 1, playerId: i % 2 ? BOB : ALICE })),
        { ...rated, rank: 742, name: null },
        [
          { level: 'easy', value: 3.2 },
          { level: 'optimal', value: 31.4 },
          { level: 'strong', value: -12.3 },
        ],
        tr,
      ),
    ],
    ['empty rating ranking', renderRatingLeaderboard(optimum.state.rules, [], undefined, [], tr)],
    [
      'rating line',
      { content: ratingStatsLine({ value: 1234.5, mu: 1260.1, sigma: 8.5, change: -12.3, games: 10 }, tr) },
    ],
    [
      'rating line of one game',
      { content: ratingStatsLine({ value: 0.1, mu: 25, sigma: 8.3, change: 0.1, games: 1 }, tr) },
    ],
    ['daily board', dailyBoardOf(started, day, tr)],
  ];
}

/** A daily game's board at its first turn. */
function dailyBoardOf(state: GameState, day: number, tr: Translator): ShownMessage {
  const first = {
    ...state,
    round: 1,
    history: [],
    sheets: { [state.hostId]: {} },
    turn: { rolls: [state.history[0]!.rolls[0]!], keeps: [], keep: [false, false, false] as const },
  };
  return renderDailyBoard(
    {
      gameId: 77,
      state: first,
      settings: { turnTimerMinutes: 1, hintsEnabled: false, pingsEnabled: false },
      turnDeadline: null,
    },
    day,
    tr,
    UNICODE_DICE,
  );
}

export const byTotal = { rankBy: 'total', minGames: 1 } as const;
export const byAverage = { rankBy: 'average', minGames: 5 } as const;
/** A Wednesday in the 49th ISO week of 2026. */
export const WEEK = Date.UTC(2026, 11, 2, 12, 0);

/** A person's statistics, as the store would give them after `state` (a finished game), counted twice. */
function statsOf(state: GameState, playerId: string): StatsView {
  const record = recordGame(state).find((candidate) => candidate.playerId === playerId);
  if (!record) throw new Error(`${playerId} has no record`);
  const line = {
    rules: state.rules,
    ...addGame(addGame(NO_GAMES, record, WEEK), { ...record, total: record.total + 30 }, WEEK),
  };
  return {
    playerId,
    name: null,
    period: { period: 'all' },
    lines: [line, { ...line, rules: { rerolls: 1, thirteen: 'any' } }],
  };
}

function finishedGame(state: GameState): FinishedGame {
  const records = new Map(recordGame(state).map((record) => [record.playerId, record]));
  return {
    id: 1234,
    guildId: '900000000000000001',
    channelId: '910000000000000001',
    seriesId: 7,
    seriesGameNumber: 3,
    boardMessageId: '920000000000000001',
    finishedAt: WEEK,
    state,
    results: standings(state).map((standing) => ({
      playerId: standing.playerId,
      total: standing.total,
      place: standing.place,
      isComputer: standing.computer !== null,
      won: records.get(standing.playerId)?.won ?? false,
      skillLoss: records.get(standing.playerId)?.skillLoss ?? null,
      luck: records.get(standing.playerId)?.luck ?? null,
    })),
  };
}
