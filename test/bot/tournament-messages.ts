import {
  renderRoundDone,
  renderRoundResults,
  renderStandings,
  renderTournamentMessage,
} from '../../commands/tournament/render.js';
import { DEFAULT_RULES, roundPoints, tournamentStandings } from '../../src/game/index.js';
import type { Translator } from '../../src/i18n/index.js';
import type { Entrant, Tournament } from '../../src/store/tournaments/index.js';
import type { ShownMessage } from '../i18n/visible-text.js';

/** The most entrants a drawing is tried with: far more than the sign-up names or a board lists. */
const ENTRANTS = 200;

/**
 * A tournament's messages at every stage, in both formats, with the longest name a tournament takes
 * (60 characters) and entrants under the longest display names: shared by the language and limit tests.
 */
export function tournamentMessages(tr: Translator, longName: string): [string, ShownMessage][] {
  const tournament: Tournament = {
    id: 123_456,
    guildId: '900000000000000001',
    name: 'Ｔ'.repeat(60),
    organiserId: '100000000000000000',
    rules: DEFAULT_RULES,
    format: 'duplicate',
    rounds: 10,
    roundSeconds: 7 * 24 * 3600,
    channelId: '910000000000000001',
    signupMessageId: '920000000000000001',
    announceChannelId: '910000000000000001',
    status: 'signup',
    round: 0,
    roundClosesAt: null,
    announcedRound: 0,
    createdAt: 1_800_000_000_000,
  };
  const entrants: Entrant[] = Array.from({ length: ENTRANTS }, (_, i) => ({
    playerId: String(100_000_000_000_000_000n + BigInt(i)),
    name: `${longName.slice(0, 28)}${i}`,
    outInRound: i === 3 ? 2 : null,
  }));
  const running: Tournament = { ...tournament, status: 'running', round: 3, roundClosesAt: 1_800_100_000_000 };
  const tables = { ...running, format: 'tables' as const };
  const finished: Tournament = { ...running, status: 'finished', round: 10, roundClosesAt: null };
  const names = new Map(entrants.map((entrant) => [entrant.playerId, entrant.name]));
  const points = roundPoints(
    entrants.map((entrant, i) => ({
      playerId: entrant.playerId,
      played: i % 7 !== 0,
      total: i % 7 === 0 ? 0 : 100 + (i % 40),
      loss: i % 7 === 0 ? null : 12.5 + (i % 9),
    })),
  );
  const rounds = entrants.map((entrant) => ({
    playerId: entrant.playerId,
    out: entrant.outInRound !== null,
    rounds: points.filter((p) => p.playerId === entrant.playerId),
    opponents: entrants.slice(0, 4).map((other) => other.playerId),
  }));
  const seated = Array.from({ length: 50 }, (_, i) => ({
    table: i + 1,
    channelId: String(930_000_000_000_000_000n + BigInt(i)),
    players: entrants.slice(i * 4, i * 4 + 4).map((entrant) => entrant.playerId),
  }));
  const asker = entrants[150]?.playerId;
  return [
    ['tournament sign-up', renderTournamentMessage(tournament, entrants, tr)],
    ['tournament round open', renderTournamentMessage(running, entrants, tr)],
    ['tournament tables round', renderTournamentMessage(tables, entrants, tr, seated)],
    ['tournament over', renderTournamentMessage(finished, entrants, tr)],
    ['tournament cancelled', renderTournamentMessage({ ...running, status: 'cancelled' }, entrants, tr)],
    ['tournament round done', renderRoundDone(running, 3, 187, tr)],
    ['tournament round results', renderRoundResults(running, 2, points, names, 201, tr)],
    ['tournament table results', renderRoundResults(tables, 2, points, names, undefined, tr)],
    ['tournament standings', renderStandings(running, tournamentStandings(rounds), names, tr, asker)],
    ['tournament final standings', renderStandings(finished, tournamentStandings(rounds), names, tr)],
    ['tables standings', renderStandings(tables, tournamentStandings(rounds, 'opponents'), names, tr, asker)],
    ['tournament without rounds yet', renderStandings({ ...running, round: 1 }, [], names, tr)],
  ];
}
