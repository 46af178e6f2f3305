import { type RoundPoints, type StandingLine, tournamentStandings } from '../../src/game/index.js';
import type { RoundPlay, StoredRoundPoints, Tournament, TournamentStore } from '../../src/store/tournaments/index.js';

/** Everyone each entrant sat with, round by round (tables format): the opponents' points tiebreak. */
function tablemates(plays: readonly (RoundPlay & { readonly round: number })[]): Map<string, string[]> {
  const atTable = new Map<string, string[]>();
  for (const play of plays) {
    if (play.table === null) continue;
    const key = `${play.round}:${play.table}`;
    atTable.set(key, [...(atTable.get(key) ?? []), play.playerId]);
  }
  const opponents = new Map<string, string[]>();
  for (const seated of atTable.values()) {
    for (const playerId of seated) {
      opponents.set(playerId, [...(opponents.get(playerId) ?? []), ...seated.filter((other) => other !== playerId)]);
    }
  }
  return opponents;
}

/**
 * The standings of a tournament from its closed rounds' stored points (and, at a round's close, the
 * points of the round `closing`), with its entrants' names: what a close stores for
 * `/crag tournament standings` to read, what the final standings and their card show, and what the
 * next tables round is seated by.
 */
export async function standingsOf(
  store: TournamentStore,
  tournament: Tournament,
  closing?: { readonly round: number; readonly points: readonly RoundPoints[] },
): Promise<{ lines: StandingLine[]; names: Map<string, string | null> }> {
  const [entrants, stored, plays] = await Promise.all([
    store.entrants(tournament.id),
    store.points(tournament.id),
    tournament.format === 'tables' ? store.allPlays(tournament.id) : Promise.resolve([]),
  ]);
  const points = closing ? [...stored, ...closing.points.map((p) => ({ ...p, round: closing.round }))] : stored;
  const closed = new Set(points.map((p) => p.round));
  const opponents = tablemates(plays.filter((play) => closed.has(play.round)));
  // Each entrant's rounds by one pass over the points: filtering them per entrant read every
  // round of every entrant once for each entrant (a million rows for a thousand entrants).
  const roundsOf = new Map<string, StoredRoundPoints[]>();
  for (const p of points) {
    const rounds = roundsOf.get(p.playerId);
    if (rounds) rounds.push(p);
    else roundsOf.set(p.playerId, [p]);
  }
  const lines = tournamentStandings(
    entrants.map((entrant) => ({
      playerId: entrant.playerId,
      out: entrant.outInRound !== null,
      rounds: roundsOf.get(entrant.playerId) ?? [],
      opponents: opponents.get(entrant.playerId) ?? [],
    })),
    tournament.format === 'tables' ? 'opponents' : 'loss',
  );
  return { lines, names: new Map(entrants.map((entrant) => [entrant.playerId, entrant.name])) };
}
