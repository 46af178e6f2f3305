import { board } from './board.js';
import { dailyBoard } from './daily/board.js';
import { dailyPlay } from './daily/play.js';
import type { Subcommand } from './define.js';
import { end } from './end.js';
import { exportGames } from './export.js';
import { hint } from './hint.js';
import { history } from './history.js';
import { leaderboard } from './leaderboard.js';
import { leave } from './leave.js';
import { rules } from './rules.js';
import { newSeason } from './season-new.js';
import { sheet } from './sheet.js';
import { start } from './start.js';
import { stats } from './stats.js';
import { tournamentCreate } from './tournament/create.js';
import { tournamentStandings } from './tournament/standings.js';

/**
 * Every subcommand of `/crag`, in the order Discord lists them: the one list that the definitions
 * are built from and the router dispatches through. A new subcommand is a file in commands/ and a
 * line here.
 */
export const SUBCOMMANDS: readonly Subcommand[] = [
  start,
  leaderboard,
  sheet,
  rules,
  board,
  hint,
  leave,
  end,
  stats,
  history,
  newSeason,
  exportGames,
  dailyPlay,
  dailyBoard,
  tournamentCreate,
  tournamentStandings,
];
