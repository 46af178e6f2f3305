import { type APIComponentInContainer, ButtonStyle } from 'discord-api-types/v10';
import { CATEGORY_IDS } from '../../game/index.js';
import { describeRules, ROW_NAME } from '../../i18n/game-terms.js';
import type { MessageKey, Translator } from '../../i18n/index.js';
import { type Direction, trendOf } from '../../stats/trend.js';
import type { PlayerStatsLine } from '../../store/index.js';
import {
  button,
  COLOURS,
  divider,
  layoutMessage,
  MESSAGE_TEXT_LIMIT,
  type MessagePayload,
  row,
  text,
} from './message.js';
import { escapeMarkdown, personName } from './names.js';
import { PART } from './parts.js';
import { type PeriodLabel, periodText } from './period.js';

/** A person's statistics over a period, one line per rule set they played in it. */
export interface StatsView {
  readonly playerId: string;
  readonly name: string | null;
  readonly period: PeriodLabel;
  readonly lines: readonly PlayerStatsLine[];
}

/** Totals swing by tens of points from game to game: a trend needs the halves this far apart. */
const TOTAL_TREND_MARGIN = 5;
/** Skill, in expected points lost a game, moves in smaller steps. */
const SKILL_TREND_MARGIN = 0.5;

const TOTAL_TREND: Readonly<Record<Direction, MessageKey>> = {
  up: 'trend.up',
  down: 'trend.down',
  level: 'trend.level',
};
/** Skill is shown as points lost (negative): up is better. */
const SKILL_TREND: Readonly<Record<Direction, MessageKey>> = {
  up: 'trend.better',
  down: 'trend.worse',
  level: 'trend.level',
};

/** What goes around the statistics: a Share button (its custom_id), or who shared them (a display name). */
export interface StatsFrame {
  readonly shareId?: string;
  readonly sharedBy?: string;
}

/**
 * The statistics card: a summary, then one part per rule set (a second reroll adds about 35 points
 * a game, so averages and bests are never mixed), as many as fit in a message's text. With
 * `shareId`, a Share button under it; with `sharedBy`, a line saying who posted them.
 */
export function renderStats(view: StatsView, tr: Translator, { shareId, sharedBy }: StatsFrame = {}): MessagePayload {
  const games = view.lines.reduce((sum, line) => sum + line.games, 0);
  const wins = view.lines.reduce((sum, line) => sum + line.wins, 0);
  const title = `### ${tr.t('stats.title', { player: personName(view.playerId, view.name, tr) })}`;
  const summary = tr.t('stats.summary', {
    period: periodText(view.period, tr),
    games: tr.t('count.games', { count: games }),
    wins: tr.t('count.wins', { count: wins }),
  });
  const footer = [
    `-# ${tr.t('stats.footer')}`,
    ...(sharedBy === undefined ? [] : [`-# ${tr.t('stats.shared-by', { player: escapeMarkdown(sharedBy) })}`]),
  ].join('\n');
  let room = MESSAGE_TEXT_LIMIT - title.length - summary.length - footer.length;
  const ruleSets: APIComponentInContainer[] = [];
  for (const line of view.lines) {
    const part = ruleSetText(line, tr);
    if (part.length > room) break;
    room -= part.length;
    ruleSets.push(divider(), text(part));
  }
  return layoutMessage(COLOURS.info, [
    text(title, PART.title),
    text(summary, PART.body),
    ...ruleSets,
    text(footer, PART.footer),
    shareId ? row(button(shareId, tr.t('stats.share'), ButtonStyle.Primary)) : undefined,
  ]);
}

function ruleSetText(line: PlayerStatsLine, tr: Translator): string {
  const perGame = (value: number) => value / line.games;
  const totals = line.recent.map((game) => game.total);
  const skills = line.recent.map((game) => -game.skillLoss);
  const trend = (values: readonly number[], margin: number, words: Readonly<Record<Direction, MessageKey>>) => {
    const direction = trendOf(values, margin);
    return direction ? tr.t(words[direction]) : '';
  };
  return [
    `**${describeRules(line.rules, tr)}**`,
    tr.t('stats.line', {
      games: tr.t('count.games', { count: line.games }),
      wins: tr.t('count.wins', { count: line.wins }),
      average: tr.decimal(perGame(line.total)),
      best: line.best,
    }),
    tr.t('stats.skill', { skill: tr.signed(-perGame(line.skillLoss)) }),
    tr.t('stats.luck', { luck: tr.signed(perGame(line.luck)) }),
    tr.t('stats.crags', { count: line.crags, percent: percent(line.crags, line.games, tr) }),
    tr.t('stats.trend-totals', {
      count: totals.length,
      totals: totals.map((total) => tr.integer(total)).join(' · '),
      trend: trend(totals, TOTAL_TREND_MARGIN, TOTAL_TREND),
    }),
    tr.t('stats.trend-skill', {
      skills: skills.map((skill) => tr.signed(skill)).join(' · '),
      trend: trend(skills, SKILL_TREND_MARGIN, SKILL_TREND),
    }),
    '',
    tr.t('stats.rows'),
    rowTable(line, tr),
  ].join('\n');
}

/** Each row's average and how often it scored 0, aligned in a code block. */
function rowTable(line: PlayerStatsLine, tr: Translator): string {
  const names = CATEGORY_IDS.map((row) => tr.t(ROW_NAME[row]));
  const width = Math.max(tr.t('stats.column-row').length, ...names.map((name) => name.length));
  const cells = (name: string, average: string, zeros: string) =>
    `${name.padEnd(width)} ${average.padStart(6)} ${zeros.padStart(6)}`;
  const rows = CATEGORY_IDS.map((_, index) =>
    cells(
      names[index] ?? '',
      tr.decimal((line.rowPoints[index] ?? 0) / line.games),
      percent(line.rowZeros[index] ?? 0, line.games, tr),
    ),
  );
  const header = cells(tr.t('stats.column-row'), tr.t('stats.column-average'), tr.t('stats.column-zeros'));
  return ['```', header, ...rows, '```'].join('\n');
}

function percent(part: number, whole: number, tr: Translator): string {
  return tr.t('stats.percent', { percent: Math.round((100 * part) / whole) });
}
