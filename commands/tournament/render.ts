import { type APIComponentInContainer, ButtonStyle } from 'discord-api-types/v10';
import { renderBoard } from '../../src/bot/render/board.js';
import type { DiceFaces } from '../../src/bot/render/dice-faces.js';
import {
  attachedImage,
  button,
  COLOURS,
  divider,
  layoutMessage,
  type MessagePayload,
  type PrivateCard,
  placeMark,
  row,
  text,
} from '../../src/bot/render/message.js';
import { escapeMarkdown, personName } from '../../src/bot/render/names.js';
import type { GameView } from '../../src/bot/render/view.js';
import type { RoundPoints, StandingLine } from '../../src/game/index.js';
import type { Translator } from '../../src/i18n/index.js';
import type { Entrant, Tournament } from '../../src/store/tournaments/index.js';
import { encodeTournamentId } from './tournament-id.js';

/** The sign-up message names this many entrants, then counts the rest. */
const NAMED_ENTRANTS = 40;
/** The round's message links this many tables, then counts the rest (each thread pings its own players). */
const LISTED_TABLES = 10;
/** The standings and a round's board list this many lines, then the asker's own. */
export const LISTED_LINES = 25;

/** A moment as Discord shows it to each reader, in their own time zone: "in 3 hours". */
function when(epochMs: number): string {
  return `<t:${Math.floor(epochMs / 1000)}:R>`;
}

function hoursOf(tournament: Tournament): number {
  return Math.round(tournament.roundSeconds / 3600);
}

function rulesLine(tournament: Tournament, tr: Translator): string {
  return tr.t('tournament.rules', {
    count: tournament.rules.rerolls,
    thirteen: tr.t(
      tournament.rules.thirteen === 'any' ? 'command.start.thirteen.any' : 'command.start.thirteen.no-pair',
    ),
  });
}

export function nameOf(entrant: Pick<Entrant, 'playerId' | 'name'>, tr: Translator): string {
  return personName(entrant.playerId, entrant.name, tr);
}

/** A table of the round open now (tables format): its thread, once opened, and who sits there. */
export interface TableView {
  readonly table: number;
  readonly channelId: string | null;
  readonly players: readonly string[];
}

/** The message the tournament lives in: sign-up while open, then the round open now (and its tables), then the end. */
export function renderTournamentMessage(
  tournament: Tournament,
  entrants: readonly Entrant[],
  tr: Translator,
  tables: readonly TableView[] = [],
): MessagePayload {
  const id = tournament.id;
  const active = entrants.filter((entrant) => entrant.outInRound === null);
  // While tables play, the tables name their players: the list would only repeat them.
  const named = tables.length > 0 ? 0 : NAMED_ENTRANTS;
  const names = active.slice(0, named).map((entrant) => nameOf(entrant, tr));
  if (named > 0 && active.length > named) names.push(tr.t('tournament.more', { count: active.length - named }));
  const heading: APIComponentInContainer[] = [
    text(`## 🏆 ${escapeMarkdown(tournament.name)} · #${id}`),
    text(
      [
        tr.t(tournament.format === 'tables' ? 'tournament.format.tables' : 'tournament.format.duplicate', {
          count: tournament.rounds,
          rounds: tournament.rounds,
          hours: hoursOf(tournament),
        }),
        rulesLine(tournament, tr),
      ].join('\n'),
    ),
    text(`${tr.t('tournament.entrants', { count: active.length })}${names.length > 0 ? `\n${names.join(', ')}` : ''}`),
    divider(),
  ];
  switch (tournament.status) {
    case 'signup':
      return layoutMessage(COLOURS.lobby, [
        ...heading,
        text(tr.t('tournament.signup')),
        row(
          button(encodeTournamentId(id, 'join'), tr.t('tournament.button.join'), ButtonStyle.Success),
          button(encodeTournamentId(id, 'leave'), tr.t('tournament.button.leave'), ButtonStyle.Secondary),
        ),
        row(
          button(encodeTournamentId(id, 'start'), tr.t('tournament.button.start'), ButtonStyle.Primary),
          button(encodeTournamentId(id, 'remove'), tr.t('tournament.button.remove'), ButtonStyle.Secondary),
          button(encodeTournamentId(id, 'cancel'), tr.t('tournament.button.cancel'), ButtonStyle.Danger),
        ),
        text(`-# ${tr.t('tournament.organiser-buttons')}`),
      ]);
    case 'running': {
      const names = new Map(entrants.map((entrant) => [entrant.playerId, nameOf(entrant, tr)]));
      const seated = tables.slice(0, LISTED_TABLES).map((table) =>
        tr.t('tournament.table-line', {
          table: table.table,
          place: table.channelId === null ? '…' : `<#${table.channelId}>`,
          players: table.players.map((playerId) => names.get(playerId) ?? playerId).join(', '),
        }),
      );
      if (tables.length > LISTED_TABLES) seated.push(tr.t('tournament.more', { count: tables.length - LISTED_TABLES }));
      const open = tr.t(tournament.format === 'tables' ? 'tournament.round-open-tables' : 'tournament.round-open', {
        round: tournament.round,
        rounds: tournament.rounds,
        closes: when(tournament.roundClosesAt ?? 0),
      });
      return layoutMessage(COLOURS.playing, [
        ...heading,
        text([open, ...seated].join('\n')),
        tournament.format === 'tables'
          ? row(button(encodeTournamentId(id, 'leave'), tr.t('tournament.button.leave'), ButtonStyle.Secondary))
          : row(
              button(encodeTournamentId(id, 'play'), tr.t('tournament.button.play'), ButtonStyle.Success),
              button(encodeTournamentId(id, 'leave'), tr.t('tournament.button.leave'), ButtonStyle.Secondary),
            ),
        row(
          button(encodeTournamentId(id, 'remove'), tr.t('tournament.button.remove'), ButtonStyle.Secondary),
          button(encodeTournamentId(id, 'cancel'), tr.t('tournament.button.cancel'), ButtonStyle.Danger),
        ),
      ]);
    }
    case 'finished':
      return layoutMessage(COLOURS.finished, [...heading, text(tr.t('tournament.finished'))]);
    case 'cancelled':
      return layoutMessage(COLOURS.ended, [...heading, text(tr.t('tournament.cancelled'))]);
  }
}

/** An entrant's own board of a round: the game's board under the tournament's name. */
export function renderRoundBoard(
  view: GameView,
  tournament: Tournament,
  tr: Translator,
  faces: DiceFaces,
): PrivateCard {
  const board = renderBoard({ ...view, turnDeadline: null }, tr, faces);
  const [container] = board.components;
  const heading: APIComponentInContainer[] = [
    text(
      `## 🏆 ${escapeMarkdown(tournament.name)} · ${tr.t('tournament.round', { round: tournament.round, rounds: tournament.rounds })}`,
    ),
    text(`-# ${tr.t('tournament.round-intro', { closes: when(tournament.roundClosesAt ?? 0) })}`),
  ];
  return { ...board, components: [{ ...container, components: [...heading, ...container.components] }] };
}

/** The end of an entrant's round game, privately: their total; nobody else's until the round closes. */
export function renderRoundDone(tournament: Tournament, round: number, total: number, tr: Translator): PrivateCard {
  const closes = tournament.status === 'running' && tournament.round === round ? tournament.roundClosesAt : null;
  return layoutMessage(COLOURS.finished, [
    text(
      `## 🏆 ${escapeMarkdown(tournament.name)} · ${tr.t('tournament.round', { round, rounds: tournament.rounds })}`,
    ),
    text(tr.t('tournament.round-done', { total })),
    text(
      closes === null ? tr.t('tournament.round-closed') : tr.t('tournament.round-done-wait', { closes: when(closes) }),
    ),
  ]);
}

function pointsText(points: number, tr: Translator): string {
  return Number.isInteger(points) ? tr.integer(points) : tr.decimal(points);
}

/** A closed round's board, for the channel: each entrant's total and points lost against the optimum on the same dice. */
export function renderRoundResults(
  tournament: Tournament,
  round: number,
  results: readonly RoundPoints[],
  names: ReadonlyMap<string, string | null>,
  /** What the optimum scored on the round's dice (duplicate); tables have none. */
  optimum: number | undefined,
  tr: Translator,
): MessagePayload {
  const ranked = [...results].sort((a, b) => b.points - a.points || (a.playerId < b.playerId ? -1 : 1));
  const lines = ranked.slice(0, LISTED_LINES).map((result) =>
    optimum === undefined
      ? tr.t('tournament.result-line-table', {
          player: personName(result.playerId, names.get(result.playerId), tr),
          total: result.total,
          points: pointsText(result.points, tr),
        })
      : result.played
        ? tr.t('tournament.result-line', {
            player: personName(result.playerId, names.get(result.playerId), tr),
            total: result.total,
            loss: tr.decimal(result.loss ?? 0),
            points: pointsText(result.points, tr),
          })
        : tr.t('tournament.result-absent', { player: personName(result.playerId, names.get(result.playerId), tr) }),
  );
  if (ranked.length > LISTED_LINES) lines.push(tr.t('tournament.more', { count: ranked.length - LISTED_LINES }));
  return layoutMessage(COLOURS.finished, [
    text(
      `### 🏆 ${escapeMarkdown(tournament.name)} · ${tr.t('tournament.round-results', { round, rounds: tournament.rounds })}`,
    ),
    text(lines.join('\n')),
    text(`-# ${optimum === undefined ? tr.t('tournament.points-tables') : tr.t('tournament.optimum', { optimum })}`),
  ]);
}

/** The standings: place, points and both tiebreaks; `final` once the last round has closed. */
export function renderStandings(
  tournament: Tournament,
  lines: readonly StandingLine[],
  names: ReadonlyMap<string, string | null>,
  tr: Translator,
  askerId?: string,
  /** The attached picture of the standings (the final ones), with the words a screen reader says for it. */
  image?: { readonly file: string; readonly description: string },
): MessagePayload {
  const shown = lines.slice(0, LISTED_LINES);
  const asker = askerId === undefined ? undefined : lines.find((line) => line.playerId === askerId);
  if (asker && !shown.includes(asker)) shown.push(asker);
  const tables = tournament.format === 'tables';
  const body = shown.map((line) => {
    const params = {
      place: placeMark(line.place),
      player: personName(line.playerId, names.get(line.playerId), tr),
      points: pointsText(line.points, tr),
      totals: line.totals,
      loss: tr.decimal(line.loss),
      opponents: pointsText(line.opponentPoints, tr),
    };
    if (tables) return tr.t(line.out ? 'tournament.standing-table-out' : 'tournament.standing-table', params);
    return tr.t(line.out ? 'tournament.standing-out' : 'tournament.standing', params);
  });
  const closed = tournament.status === 'finished' ? tournament.round : Math.max(0, tournament.round - 1);
  const title =
    tournament.status === 'finished'
      ? tr.t('tournament.final-standings')
      : tr.t('tournament.standings-after', { round: closed, rounds: tournament.rounds });
  return layoutMessage(tournament.status === 'finished' ? COLOURS.finished : COLOURS.info, [
    text(`### 🏆 ${escapeMarkdown(tournament.name)} · ${title}`),
    text(body.length > 0 ? body.join('\n') : tr.t('tournament.no-rounds-yet')),
    image === undefined ? undefined : attachedImage(image.file, image.description),
    text(`-# ${tr.t(tables ? 'tournament.tiebreaks-tables' : 'tournament.tiebreaks')}`),
  ]);
}
