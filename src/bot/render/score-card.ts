import { CATEGORIES, type CategoryId, type GameState, MAX_POINTS, ROUNDS } from '../../game/index.js';
import { describeRules, ROW_NAME } from '../../i18n/game-terms.js';
import type { Translator } from '../../i18n/index.js';
import { scoreCardModel } from '../../score-card/from-game.js';
import type { ScoreCardModel } from '../../score-card/model.js';
import { plainPlayerName } from './names.js';

/**
 * A game's score card as the drawing takes it: every word in the reader's language and the names as
 * people have them (the image reads no markdown, so nothing is escaped).
 */
export function scoreCardOf(gameId: number, state: GameState, tr: Translator): ScoreCardModel {
  const rowLabels = Object.fromEntries(CATEGORIES.map((category) => [category.id, tr.t(ROW_NAME[category.id])]));
  return scoreCardModel(
    state,
    (playerId) =>
      plainPlayerName(state, playerId, tr, tr.t('score-card.player', { number: seatNumber(state, playerId) })),
    {
      title: stageTitle(state, tr),
      subtitle: [describeRules(state.rules, tr), tr.t('footer.game', { game: String(gameId) })].join(' · '),
      rowLabels: rowLabels as Record<CategoryId, string>,
      labels: {
        total: tr.t('score-card.total'),
        place: tr.t('score-card.place'),
        crag: tr.t('score-card.crag', { points: MAX_POINTS.crag }),
        zero: tr.t('score-card.zero'),
        computer: tr.t('score-card.computer'),
        left: tr.t('score-card.left'),
      },
      locale: tr.language,
    },
  );
}

function seatNumber(state: GameState, playerId: string): number {
  return state.seats.findIndex((seat) => seat.playerId === playerId) + 1;
}

/** The card's title: the game's stage, as its message heads it. */
function stageTitle(state: GameState, tr: Translator): string {
  switch (state.status) {
    case 'lobby':
      return tr.t('lobby.title');
    case 'playing':
      return tr.t('board.title', { round: state.round, rounds: ROUNDS });
    case 'finished':
      return tr.t('final.title');
    case 'cancelled':
      return tr.t('ended.title');
  }
}
