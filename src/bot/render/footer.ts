import { describeRules } from '../../i18n/game-terms.js';
import type { Translator } from '../../i18n/index.js';
import type { GameView } from './view.js';

/** A game's footer: the variant, optionally the table's settings, whose house rules, and the game's number. */
export function gameFooter(
  { gameId, state, settings, fromServer }: GameView,
  tr: Translator,
  withSettings = false,
): string {
  const parts = [describeRules(state.rules, tr)];
  if (withSettings) {
    parts.push(
      tr.t('footer.turn-timer', { minutes: settings.turnTimerMinutes }),
      tr.t(settings.hintsEnabled ? 'footer.hints-on' : 'footer.hints-off'),
      tr.t(settings.pingsEnabled ? 'footer.pings-on' : 'footer.pings-off'),
    );
  }
  if (fromServer) parts.push(tr.t('footer.house-rules'));
  parts.push(tr.t('footer.game', { game: String(gameId) }));
  return parts.join(' · ');
}
