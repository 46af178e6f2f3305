/**
 * A duplicate tournament's arithmetic: the points of a round and the standings. Pure, so the bench
 * and the tests call it as the bot does.
 *
 * In a round everyone plays the same dice, so the only thing that tells entrants apart is how they
 * played. Each entrant scores a point for every entrant of the round they beat and half a point for
 * every one they tie with (duplicate bridge's matchpoints): the place decides the points, and a tie
 * shares them. An entrant who did not play the round beats nobody, and ties with the others who did
 * not play.
 */

/** One entrant's round, as the round's close reads it. */
export interface RoundResult {
  readonly playerId: string;
  /** False for an entrant who never opened the round's game. */
  readonly played: boolean;
  /** The game's total (an unfinished game's open rows score 0); 0 when not played. */
  readonly total: number;
  /** Expected points lost against optimal play (the analysis of "How did I play?"); null when not played. */
  readonly loss: number | null;
}

export interface RoundPoints extends RoundResult {
  readonly points: number;
}

/** What a result is ranked by in its round: having played first, then the total. */
function rank(result: RoundResult): number {
  return result.played ? 1 + result.total : 0;
}

/** Every entrant's points in one round: one per entrant beaten, a half per tie. */
export function roundPoints(results: readonly RoundResult[]): RoundPoints[] {
  return results.map((result) => {
    let points = 0;
    for (const other of results) {
      if (other === result) continue;
      const difference = rank(result) - rank(other);
      if (difference > 0) points += 1;
      else if (difference === 0) points += 0.5;
    }
    return { ...result, points };
  });
}

/** An entrant in the standings, summed over the closed rounds. */
export interface StandingLine {
  /** 1 for the best; entrants equal on points and both tiebreaks share a place. */
  readonly place: number;
  readonly playerId: string;
  readonly points: number;
  /** The first tiebreak: the total of the entrant's totals. */
  readonly totals: number;
  /** The second tiebreak in duplicate: points lost against the optimum over the rounds played (fewer is better). */
  readonly loss: number;
  /** The second tiebreak in tables: the points of everyone the entrant sat with (more is better). */
  readonly opponentPoints: number;
  readonly roundsPlayed: number;
  /** True once the entrant has left or was removed: their closed rounds still count. */
  readonly out: boolean;
}

export interface EntrantRounds {
  readonly playerId: string;
  readonly out: boolean;
  readonly rounds: readonly RoundPoints[];
  /** Everyone who sat at the entrant's tables (tables format), once per round shared; empty in duplicate. */
  readonly opponents?: readonly string[];
}

/** What breaks a tie after the total of totals: points lost against the optimum (duplicate), or the opponents' points (tables). */
export type SecondTiebreak = 'loss' | 'opponents';

/** Losses are sums of floating-point reviews: closer than this counts as equal. */
const LOSS_EPSILON = 1e-9;

function comparer(second: SecondTiebreak) {
  return (a: Omit<StandingLine, 'place'>, b: Omit<StandingLine, 'place'>): number => {
    if (a.points !== b.points) return b.points - a.points;
    if (a.totals !== b.totals) return b.totals - a.totals;
    if (second === 'opponents') return b.opponentPoints - a.opponentPoints;
    if (Math.abs(a.loss - b.loss) > LOSS_EPSILON) return a.loss - b.loss;
    return 0;
  };
}

/**
 * The standings: points, then the total of totals, then the points lost against the optimum
 * (duplicate) or the opponents' points (tables). Entrants equal on all three share a place (listed
 * by id, so the order is the same every time).
 */
export function tournamentStandings(
  entrants: readonly EntrantRounds[],
  second: SecondTiebreak = 'loss',
): StandingLine[] {
  const compareLines = comparer(second);
  const pointsOf = new Map(
    entrants.map((entrant) => [entrant.playerId, entrant.rounds.reduce((sum, round) => sum + round.points, 0)]),
  );
  const lines = entrants.map((entrant) => ({
    playerId: entrant.playerId,
    out: entrant.out,
    points: pointsOf.get(entrant.playerId) ?? 0,
    totals: entrant.rounds.reduce((sum, round) => sum + round.total, 0),
    loss: entrant.rounds.reduce((sum, round) => sum + (round.loss ?? 0), 0),
    opponentPoints: (entrant.opponents ?? []).reduce((sum, id) => sum + (pointsOf.get(id) ?? 0), 0),
    roundsPlayed: entrant.rounds.filter((round) => round.played).length,
  }));
  lines.sort((a, b) => compareLines(a, b) || (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0));
  const placed: StandingLine[] = [];
  lines.forEach((line, index) => {
    const previous = placed[index - 1];
    const place = previous && compareLines(previous, line) === 0 ? previous.place : index + 1;
    placed.push({ ...line, place });
  });
  return placed;
}

/** A table seats two to five. */
export const TABLE_SEATS = { min: 2, max: 5 } as const;

/**
 * How many seats each table of a round gets for `entrants` people: as few tables as seat everyone
 * at most four a table (five only where four would leave a table of one), sized as evenly as
 * possible, so that the winners of different tables beat nearly as many people each.
 */
export function tableSizes(entrants: number): number[] {
  if (entrants < TABLE_SEATS.min) return [];
  const tables = entrants === 5 ? 1 : Math.ceil(entrants / 4);
  const base = Math.floor(entrants / tables);
  const larger = entrants % tables;
  return Array.from({ length: tables }, (_, i) => base + (i < larger ? 1 : 0));
}

/**
 * The tables of a round, Swiss-style: `ordered` is the entrants by the standings so far (at random
 * for the first round), and each table takes the next ones in that order, so people play those
 * level with them.
 */
export function seatTables(ordered: readonly string[]): string[][] {
  const tables: string[][] = [];
  let at = 0;
  for (const size of tableSizes(ordered.length)) {
    tables.push(ordered.slice(at, at + size));
    at += size;
  }
  return tables;
}
