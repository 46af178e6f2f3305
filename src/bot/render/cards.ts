import { CATEGORIES, type GameState, ROUNDS, type Rules, sheetTotal } from '../../game/index.js';
import { describeRow, explainThirteen, ROW_NAME } from '../../i18n/game-terms.js';
import type { MessageKey, Translator } from '../../i18n/index.js';
import { attachedImage, COLOURS, divider, layoutMessage, type PrivateCard, text } from './message.js';
import { playerName } from './names.js';
import { PART, SCORE_CARD_FILE } from './parts.js';

/**
 * A player's sheet, privately: their rows in words and the whole table's score card (attached as
 * SCORE_CARD_FILE by whoever sends this), which a phone shows small until it is opened.
 */
export function renderSheet(state: GameState, playerId: string, tr: Translator): PrivateCard {
  const sheet = state.sheets[playerId] ?? {};
  const lines = CATEGORIES.map((category) => {
    const entry = sheet[category.id];
    const row = tr.t(ROW_NAME[category.id]);
    return entry
      ? tr.t('sheet.row-filled', { row, points: entry.points, round: entry.round })
      : tr.t('sheet.row-open', { row, max: category.maxPoints });
  });
  const filled = CATEGORIES.filter((category) => sheet[category.id] !== undefined).length;
  return layoutMessage(COLOURS.info, [
    text(`### ${tr.t('sheet.title')}`, PART.title),
    text(
      `${tr.t('sheet.filled', { player: playerName(state, playerId, tr), filled, rows: ROUNDS })} · ${tr.t('sheet.total', { total: sheetTotal(sheet) })}`,
      PART.body,
    ),
    attachedImage(SCORE_CARD_FILE, tr.t('score-card.description'), PART.scoreCard),
    divider(),
    text(lines.join('\n')),
  ]);
}

/** Whose rules the card shows: the game in this channel, else this server's defaults, else the bot's. */
export type RulesInForce = 'game' | 'server' | 'default';

const IN_FORCE: Readonly<Record<RulesInForce, MessageKey>> = {
  game: 'rules.in-force-game',
  server: 'rules.in-force-server',
  default: 'rules.in-force-default',
};

export function renderRules(rules: Rules, inForce: RulesInForce, tr: Translator): PrivateCard {
  const thirteen = explainThirteen(rules.thirteen, tr);
  const rows = CATEGORIES.map((category) => `**${tr.t(ROW_NAME[category.id])}**: ${describeRow(category.id, tr)}`);
  return layoutMessage(COLOURS.info, [
    text(`### ${tr.t('rules.title')}`, PART.title),
    text(
      [tr.t('rules.basics'), tr.t('rules.turn', { count: rules.rerolls }), tr.t('rules.winning')].join('\n'),
      PART.body,
    ),
    divider(),
    text(rows.join('\n')),
    divider(),
    text(tr.t(IN_FORCE[inForce], { count: rules.rerolls, thirteen })),
  ]);
}
