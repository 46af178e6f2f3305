import type { StandingLine } from '../../src/game/index.js';
import type { Translator } from '../../src/i18n/index.js';
// layout.js, not index.js: the index brings the canvas library (draw.js) onto the main thread.
import { MAX_PLAYERS } from '../../src/score-card/layout.js';
import type { ScoreCardModel, ScoreCell } from '../../src/score-card/model.js';
import type { StoredRoundPoints, Tournament } from '../../src/store/tournaments/index.js';

/** The card's file, as the final standings' message shows it. */
export const STANDINGS_CARD_FILE = 'tournament.png';

/**
 * The final standings as a score card: the leaders (as many as a card has columns) side by side,
 * a row per round with each one's total that round, gold where they won the round, tinted where
 * they did not play it; the total of totals below, and the tournament's place. Every word in the
 * reader's language, names as people have them (the image reads no markdown).
 */
export function standingsCardModel(
  tournament: Tournament,
  lines: readonly StandingLine[],
  points: readonly StoredRoundPoints[],
  names: ReadonlyMap<string, string | null>,
  tr: Translator,
): ScoreCardModel {
  const rounds = Array.from({ length: tournament.round }, (_, i) => i + 1);
  const best = new Map(
    rounds.map((round) => [round, Math.max(0, ...points.filter((p) => p.round === round).map((p) => p.points))]),
  );
  const players = lines.slice(0, MAX_PLAYERS).map((line, index) => ({
    name: names.get(line.playerId) ?? tr.t('score-card.player', { number: index + 1 }),
    isComputer: false,
    left: line.out,
    total: line.totals,
    place: line.place,
    cells: rounds.map((round): ScoreCell | null => {
      const played = points.find((p) => p.round === round && p.playerId === line.playerId);
      if (!played) return null;
      return {
        points: played.total,
        crag: played.points > 0 && played.points === best.get(round),
        zero: !played.played,
      };
    }),
  }));
  return {
    title: tournament.name,
    subtitle: tr.t('tournament.final-standings'),
    rows: rounds.map((round) => ({ label: tr.t('tournament.card-round', { round }) })),
    players,
    labels: {
      total: tr.t('score-card.total'),
      place: tr.t('score-card.place'),
      crag: tr.t('tournament.card-best'),
      zero: tr.t('tournament.card-absent'),
      computer: tr.t('score-card.computer'),
      left: tr.t('score-card.left'),
    },
    cragPoints: Math.max(0, ...players.flatMap((player) => player.cells.map((cell) => (cell?.crag ? cell.points : 0)))),
    locale: tr.language,
  };
}
