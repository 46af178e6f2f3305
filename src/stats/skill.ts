/**
 * The skill figure: expected points lost per decision against the exact optimum, which no luck of
 * the dice can move. Kept as sums over a person's finished games, so it is a cheap aggregate.
 */
export interface SkillSums {
  readonly games: number;
  /** Σ decisions over the games. */
  readonly decisions: number;
  /** Σ expected points lost over the games. */
  readonly loss: number;
  /** Σ (points lost in a game)², Σ (decisions in a game)², Σ (points lost × decisions). */
  readonly lossSquared: number;
  readonly decisionsSquared: number;
  readonly lossTimesDecisions: number;
}

export interface SkillFigure {
  /** Expected points lost per decision, the lower the better. */
  readonly perDecision: number;
  /** A 95% interval around it; undefined below two games, where there is no spread to go by. */
  readonly interval?: { readonly low: number; readonly high: number };
  readonly games: number;
}

/** Ranking by skill leaves out players with fewer games than this, unless min-games says otherwise. */
export const MIN_GAMES_FOR_SKILL = 5;

const Z_95 = 1.959964;

/**
 * The figure from its sums. Decisions within one game are not independent, so the interval treats
 * games as the samples: the ratio estimator r = Σloss / Σdecisions, whose variance is about
 * Σ(loss_g − r·decisions_g)² / (G(G−1)·mean decisions²).
 */
export function skillFigure(sums: SkillSums): SkillFigure | undefined {
  const { games, decisions, loss } = sums;
  if (games < 1 || decisions <= 0) return undefined;
  const perDecision = loss / decisions;
  if (games < 2) return { perDecision, games };
  const r = perDecision;
  const residuals = Math.max(0, sums.lossSquared - 2 * r * sums.lossTimesDecisions + r * r * sums.decisionsSquared);
  const meanDecisions = decisions / games;
  const standardError = Math.sqrt(residuals / (games * (games - 1))) / meanDecisions;
  return {
    perDecision,
    games,
    interval: { low: Math.max(0, perDecision - Z_95 * standardError), high: perDecision + Z_95 * standardError },
  };
}

/** The sums of a list of games, each as (points lost, decisions); what the store's query adds up. */
export function skillSumsOf(games: readonly { readonly loss: number; readonly decisions: number }[]): SkillSums {
  return games.reduce<SkillSums>(
    (sums, game) => ({
      games: sums.games + 1,
      decisions: sums.decisions + game.decisions,
      loss: sums.loss + game.loss,
      lossSquared: sums.lossSquared + game.loss * game.loss,
      decisionsSquared: sums.decisionsSquared + game.decisions * game.decisions,
      lossTimesDecisions: sums.lossTimesDecisions + game.loss * game.decisions,
    }),
    { games: 0, decisions: 0, loss: 0, lossSquared: 0, decisionsSquared: 0, lossTimesDecisions: 0 },
  );
}

/** The middle of a list of figures (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One line of the skill ranking: a person's figure and their rank, 1 the best (the fewest points lost). */
export interface SkillRank<Line> {
  readonly rank: number;
  readonly line: Line;
  readonly figure: SkillFigure;
}

/**
 * The people with at least `minGames` games, fewest points lost per decision first; equal figures
 * share a rank. Computers never reach this: their results carry no decisions.
 */
export function rankBySkill<Line extends SkillSums & { readonly playerId: string }>(
  lines: readonly Line[],
  minGames: number,
): SkillRank<Line>[] {
  const figured = lines.flatMap((line) => {
    const figure = line.games >= minGames ? skillFigure(line) : undefined;
    return figure ? [{ line, figure }] : [];
  });
  figured.sort((a, b) => a.figure.perDecision - b.figure.perDecision || a.line.playerId.localeCompare(b.line.playerId));
  // Sorted, an equal figure is the one just before: its rank is shared (1, 1, 3), in one pass.
  const ranks: SkillRank<Line>[] = [];
  figured.forEach((entry, index) => {
    const before = ranks[index - 1];
    const rank = before && before.figure.perDecision === entry.figure.perDecision ? before.rank : index + 1;
    ranks.push({ ...entry, rank });
  });
  return ranks;
}
