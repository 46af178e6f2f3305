import type { APIEmbed } from 'discord-api-types/v10';
import { CATEGORIES, type GameState, ROUNDS, type Rules, sheetTotal } from '../../game/index.js';
import { ROW_DESCRIPTION, ROW_NAME } from '../../i18n/game-terms.js';
import type { MessageKey, Translator } from '../../i18n/index.js';
import { COLOURS, playerName } from './message.js';

/** An ephemeral answer: text plus optional embeds, seen only by the user who asked. */
export interface PrivateCard {
  content?: string;
  embeds?: APIEmbed[];
}

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
  return {
    embeds: [
      {
        title: tr.t('sheet.title'),
        color: COLOURS.info,
        description: [
          tr.t('sheet.filled', { player: playerName(playerId, tr), filled, rows: ROUNDS }),
          '',
          ...lines,
        ].join('\n'),
        footer: { text: tr.t('sheet.total', { total: sheetTotal(sheet) }) },
      },
    ],
  };
}

/** Whose rules the card shows: the game in this channel, or the defaults when there is none. */
export type RulesInForce = 'game' | 'default';

const IN_FORCE: Readonly<Record<RulesInForce, MessageKey>> = {
  game: 'rules.in-force-game',
  default: 'rules.in-force-default',
};

export function renderRules(rules: Rules, inForce: RulesInForce, tr: Translator): PrivateCard {
  const thirteen = tr.t(rules.thirteen === 'any' ? 'rules.thirteen-any' : 'rules.thirteen-no-pair');
  const rows = CATEGORIES.map(
    (category) => `**${tr.t(ROW_NAME[category.id])}**: ${tr.t(ROW_DESCRIPTION[category.id])}`,
  );
  return {
    embeds: [
      {
        title: tr.t('rules.title'),
        color: COLOURS.info,
        description: [
          tr.t('rules.basics'),
          tr.t('rules.turn', { count: rules.rerolls }),
          tr.t('rules.winning'),
          '',
          ...rows,
          '',
          tr.t(IN_FORCE[inForce], { count: rules.rerolls, thirteen }),
        ].join('\n'),
      },
    ],
  };
}
