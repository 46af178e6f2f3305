import { standings } from '../../game/index.js';
import { describeRules } from '../../i18n/game-terms.js';
import type { Translator } from '../../i18n/index.js';
import type { FinishedGame } from '../../store/index.js';
import { dailyDealName } from './daily.js';
import { COLOURS, layoutMessage, MESSAGE_TEXT_LIMIT, type PrivateCard, placeMark, text } from './message.js';
import { messageLink } from './message-link.js';
import { personName } from './names.js';
import { PART } from './parts.js';

/** The last finished games of a channel, or of the whole server (which names each game's channel). */
export interface HistoryView {
  readonly scope: 'channel' | 'server';
  readonly games: readonly FinishedGame[];
}

/**
 * The channel a game was played in; a daily deal, played on its player's own board, by its day;
 * a tournament's game by its tournament and round (a table's thread beside it).
 */
function wherePlayed(game: FinishedGame, tr: Translator): string {
  const day = game.state.dailyDay;
  if (day !== undefined) return dailyDealName(day, tr);
  const round = game.state.tournamentRound;
  if (round) return tr.t('history.tournament-round', { tournament: round.tournamentId, round: round.round });
  const table = game.state.tournamentTable;
  const channel = `<#${game.channelId}>`;
  if (!table) return channel;
  return `${tr.t('history.tournament-round', { tournament: table.tournamentId, round: table.round })} ${channel}`;
}

export function renderHistory({ scope, games }: HistoryView, tr: Translator): PrivateCard {
  const entries = games.map((game) => {
    const link = messageLink(game.guildId, game.channelId, game.boardMessageId);
    const about = [
      `<t:${Math.floor(game.finishedAt / 1000)}:R>`,
      ...(scope === 'server' || game.state.tournamentTable ? [wherePlayed(game, tr)] : []),
      describeRules(game.state.rules, tr),
      ...(link ? [`[${tr.t('history.board')}](${link})`] : []),
    ].join(' · ');
    const names = new Map(game.state.seats.map((seat) => [seat.playerId, seat.name]));
    const results = standings(game.state)
      .map(
        (row) =>
          `${placeMark(row.place)} ${personName(row.playerId, names.get(row.playerId), tr)} **${tr.integer(row.total)}**`,
      )
      .join(' · ');
    return `${about}\n${results}`;
  });
  const title = `### ${tr.t(scope === 'channel' ? 'history.title-channel' : 'history.title-server')}`;
  return layoutMessage(COLOURS.info, [
    text(title, PART.title),
    text(newestThatFit(entries, MESSAGE_TEXT_LIMIT - title.length), PART.body),
  ]);
}

/** The entries, newest first, as many as fit in `limit` characters (ten long names could overflow it). */
function newestThatFit(entries: readonly string[], limit: number): string {
  let text = '';
  for (const entry of entries) {
    const next = text === '' ? entry : `${text}\n\n${entry}`;
    if (next.length > limit) break;
    text = next;
  }
  return text;
}
