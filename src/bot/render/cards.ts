import type { APIEmbed } from 'discord-api-types/v10';
import { CATEGORIES, type GameState, ROUNDS, type Rules, sheetTotal } from '../../game/index.js';
import type { LeaderboardRow } from '../../store/index.js';
import { COLOURS, playerName } from './message.js';

/** An ephemeral answer: text plus optional embeds, seen only by the user who asked. */
export interface PrivateCard {
  content?: string;
  embeds?: APIEmbed[];
}

export function renderSheet(state: GameState, playerId: string): PrivateCard {
  const sheet = state.sheets[playerId] ?? {};
  const lines = CATEGORIES.map((category) => {
    const entry = sheet[category.id];
    return entry
      ? `**${category.name}**: ${entry.points} (round ${entry.round})`
      : `${category.name}: open (max ${category.maxPoints})`;
  });
  const filled = CATEGORIES.filter((category) => sheet[category.id] !== undefined).length;
  return {
    embeds: [
      {
        title: 'Score sheet',
        color: COLOURS.info,
        description: [`${playerName(playerId)} · ${filled}/${ROUNDS} rows filled`, '', ...lines].join('\n'),
        footer: { text: `Total ${sheetTotal(sheet)}` },
      },
    ],
  };
}

export function renderRules(rules: Rules, inForce: 'this game' | 'the default'): PrivateCard {
  const thirteen =
    rules.thirteen === 'any'
      ? 'Thirteen takes **any** total of 13, so 6-6-1 may go there for 26 once Crag is used.'
      : 'Thirteen takes a total of 13 **with no pair** (2-5-6, 3-4-6, …).';
  const rows = CATEGORIES.map((category) => `**${category.name}**: ${category.description}`);
  return {
    embeds: [
      {
        title: 'How to play Crag',
        color: COLOURS.info,
        description: [
          'Three dice, thirteen rows, each row used once: 13 rounds.',
          `On your turn the bot rolls all three dice. Keep any with the die buttons and **Reroll** the rest, up to ${rules.rerolls} time${rules.rerolls === 1 ? '' : 's'}. Then choose a row from the menu; dice that don't fit score 0.`,
          'No bonus. The highest total wins; equal totals share the place. The best possible total is 244.',
          '',
          ...rows,
          '',
          `Variant in force (${inForce}): ${rules.rerolls} reroll${rules.rerolls === 1 ? '' : 's'}. ${thirteen}`,
        ].join('\n'),
      },
    ],
  };
}

/** A leaderboard row as the store ranks it. */
export type LeaderboardLine = LeaderboardRow;

export function renderLeaderboard(
  title: string,
  rows: readonly LeaderboardLine[],
  own: LeaderboardLine | undefined,
): PrivateCard {
  const line = (row: LeaderboardLine) =>
    `**${row.rank}.** ${playerName(row.playerId)} **${row.total}** · ${row.games} game${row.games === 1 ? '' : 's'} · ${row.wins} win${row.wins === 1 ? '' : 's'} · avg ${row.average.toFixed(1)} · best ${row.best}`;
  const lines = rows.map(line);
  if (own && !rows.some((row) => row.playerId === own.playerId)) lines.push('…', line(own));
  return {
    embeds: [
      {
        title,
        color: COLOURS.finished,
        description: lines.length > 0 ? lines.join('\n') : 'No finished games yet. `/crag start` to play one!',
      },
    ],
  };
}
