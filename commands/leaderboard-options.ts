import { rerollChoices, THIRTEEN_CHOICES } from './choices.js';
import type { OptionSpecs } from './define.js';
import { PERIOD_OPTIONS } from './period.js';

// `/crag leaderboard`'s options, apart from its handler: the skill board (skill/leaderboard.ts)
// reads the same options, and the handler calls it.

/** Ranking by average leaves out players with fewer games than this, unless `min-games` says otherwise. */
export const MIN_GAMES_FOR_AVERAGE = 5;
const MAX_MIN_GAMES = 1000;

export const LEADERBOARD_OPTIONS = {
  scope: {
    kind: 'string',
    nameKey: 'command.leaderboard.scope.name',
    descriptionKey: 'command.leaderboard.scope.description',
    choices: [
      { value: 'series', name: 'command.leaderboard.scope.series' },
      { value: 'server', name: 'command.leaderboard.scope.server' },
    ],
    invalid: 'refusal.leaderboard-options',
  },
  ...PERIOD_OPTIONS,
  rerolls: {
    kind: 'integer',
    nameKey: 'command.leaderboard.rerolls.name',
    descriptionKey: 'command.leaderboard.rerolls.description',
    choices: rerollChoices({ 1: 'command.leaderboard.rerolls.one', 2: 'command.leaderboard.rerolls.two' }),
    invalid: 'refusal.leaderboard-options',
  },
  thirteen: {
    kind: 'string',
    nameKey: 'command.leaderboard.thirteen.name',
    descriptionKey: 'command.leaderboard.thirteen.description',
    choices: THIRTEEN_CHOICES,
    invalid: 'refusal.leaderboard-options',
  },
  'rank-by': {
    kind: 'string',
    nameKey: 'command.leaderboard.rank-by.name',
    descriptionKey: 'command.leaderboard.rank-by.description',
    choices: [
      { value: 'total', name: 'command.leaderboard.rank-by.total' },
      { value: 'average', name: 'command.leaderboard.rank-by.average' },
      { value: 'skill', name: 'command.leaderboard.rank-by.skill' },
      { value: 'rating', name: 'command.leaderboard.rank-by.rating' },
    ],
    invalid: 'refusal.leaderboard-options',
  },
  'min-games': {
    kind: 'integer',
    nameKey: 'command.leaderboard.min-games.name',
    descriptionKey: 'command.leaderboard.min-games.description',
    params: { games: MIN_GAMES_FOR_AVERAGE },
    min: 1,
    max: MAX_MIN_GAMES,
  },
} as const satisfies OptionSpecs;
