import { DiscordAPIError } from 'discord.js';
import type { BotContext } from '../../src/bot/context.js';
import { drawCard, type WithFiles } from '../../src/bot/game-message.js';
import type { MessagePayload } from '../../src/bot/render/message.js';
import type { StandingLine } from '../../src/game/index.js';
import { createRoundGame, type RoundResult, roundPoints } from '../../src/game/index.js';
import type { Translator } from '../../src/i18n/index.js';
import { dailyOutcome } from '../../src/stats/daily-result.js';
import type { OpenRound, StoredRoundPoints, Tournament } from '../../src/store/tournaments/index.js';
import { OPTIMUM_PLAYER_ID, playOptimumOn } from '../../src/strategy/index.js';
import { oneAtATime } from './one-at-a-time.js';
import { renderRoundResults, renderStandings, renderTournamentMessage } from './render.js';
import { STANDINGS_CARD_FILE, standingsCardModel } from './standings-card.js';
import { standingsOf } from './standings-of.js';
import { openTables, tableResults, tablesOfRound, tablesOver } from './tables.js';

/** One deadline per tournament: its open round's close. */
function deadlineKey(tournamentId: number): string {
  return `tournament:${tournamentId}`;
}

/** How long a round lasts on the bot's clock: its hours as turn-timer minutes (tests shrink the minute). */
export function roundLengthMs(ctx: BotContext, tournament: Pick<Tournament, 'roundSeconds'>): number {
  return (tournament.roundSeconds / 60) * ctx.config.turnTimerUnitMs;
}

/** Arms the close of a running tournament's open round (again after a restart: the deadline is stored). */
export function armRound(ctx: BotContext, open: OpenRound): void {
  ctx.deadlines.at(deadlineKey(open.tournamentId), open.closesAt, () => closeRound(ctx, open.tournamentId, open.round));
}

/** Closes the round now rather than at its deadline: every entrant has finished it. */
export function closeRoundNow(ctx: BotContext, tournamentId: number, round: number): void {
  ctx.deadlines.at(deadlineKey(tournamentId), ctx.now(), () => closeRound(ctx, tournamentId, round));
}

export function disarmTournament(ctx: BotContext, tournamentId: number): void {
  ctx.deadlines.cancel(deadlineKey(tournamentId));
}

/**
 * Closes `round` if it is still the one open: the games still in play end where they stand (their
 * open rows score 0), every entrant of the round gets their points, and the tournament moves on,
 * all committed in one transaction guarded by the round (a second close, after a restart or from
 * another process, writes nothing). Only then is anything posted (see announce).
 */
export async function closeRound(ctx: BotContext, tournamentId: number, round: number): Promise<void> {
  const tournament = await ctx.tournaments.tournament(tournamentId);
  if (tournament?.status === 'running' && tournament.round === round) {
    const points =
      tournament.format === 'tables'
        ? await tableResults(ctx, tournament)
        : roundPoints(await roundResults(ctx, tournament));
    const after =
      round < tournament.rounds
        ? { next: 'round' as const, closesAt: ctx.now() + roundLengthMs(ctx, tournament) }
        : { next: 'finished' as const };
    const { lines } = await standingsOf(ctx.tournaments, tournament, { round, points });
    const closed = await ctx.tournaments.closeRound(tournamentId, round, points, lines, after);
    if (closed) ctx.log.info('tournament round closed', { tournamentId, round, entrants: points.length });
    if (closed && after.next === 'round') {
      armRound(ctx, { tournamentId, guildId: tournament.guildId, round: round + 1, closesAt: after.closesAt });
    }
  }
  await announce(ctx, tournamentId);
  const now = await ctx.tournaments.tournament(tournamentId);
  if (now?.format === 'tables' && now.status === 'running') {
    await openTables(ctx, now);
    await redrawMessage(ctx, now);
  }
}

/**
 * Closes the round at once when nobody is left to wait for: every entrant has finished their game
 * (duplicate), or every table is over (tables). Told of every game that ends (the feature's
 * gameEnded), so the timers' moves count as much as the clicks.
 */
export async function closeIfComplete(ctx: BotContext, tournamentId: number, round: number): Promise<void> {
  const tournament = await ctx.tournaments.tournament(tournamentId);
  if (tournament?.status !== 'running' || tournament.round !== round) return;
  const complete =
    tournament.format === 'tables' ? await tablesOver(ctx, tournament) : await everyoneFinished(ctx, tournament);
  if (complete) closeRoundNow(ctx, tournamentId, round);
}

async function everyoneFinished(ctx: BotContext, tournament: Tournament): Promise<boolean> {
  const [entrants, plays] = await Promise.all([
    ctx.tournaments.entrants(tournament.id),
    ctx.tournaments.roundPlays(tournament.id, tournament.round),
  ]);
  const finished = new Set(plays.filter((play) => play.total !== null).map((play) => play.playerId));
  return entrants
    .filter((entrant) => entrant.outInRound === null || entrant.outInRound > tournament.round)
    .every((entrant) => finished.has(entrant.playerId));
}

/** Every entrant of the round open now: in it from its start (a leaver of this round is not). */
async function roundResults(ctx: BotContext, tournament: Tournament): Promise<RoundResult[]> {
  const round = tournament.round;
  const entrants = await ctx.tournaments.entrants(tournament.id);
  const plays = new Map((await ctx.tournaments.roundPlays(tournament.id, round)).map((play) => [play.playerId, play]));
  const results: RoundResult[] = [];
  for (const entrant of entrants) {
    if (entrant.outInRound !== null && entrant.outInRound <= round) continue;
    const play = plays.get(entrant.playerId);
    results.push(
      play?.gameId == null
        ? { playerId: entrant.playerId, played: false, total: 0, loss: null }
        : await playedResult(ctx, entrant.playerId, play.gameId, play.total, play.loss),
    );
  }
  return results;
}

/** A game of the round as it counts: finished (its result came with its end), or ended now by the deadline. */
async function playedResult(
  ctx: BotContext,
  playerId: string,
  gameId: number,
  total: number | null,
  loss: number | null,
): Promise<RoundResult> {
  if (total !== null) return { playerId, played: true, total, loss };
  let game = await ctx.store.gameById(gameId);
  if (game?.state.status === 'playing') {
    const ended = await ctx.flow.change(gameId, () => ({ type: 'abandon' }));
    if (ended.ok) game = ended.game;
  }
  if (!game) return { playerId, played: true, total: 0, loss: null };
  const outcome = dailyOutcome(game.state, playerId);
  return { playerId, played: true, total: outcome.total, loss: outcome.loss };
}

/** What the optimal player scores on a round's dice, in the tournament's rules. */
function roundOptimum(ctx: BotContext, tournament: Tournament, round: number): number {
  const lobby = createRoundGame(OPTIMUM_PLAYER_ID, { tournamentId: tournament.id, round }, tournament.rules);
  return playOptimumOn(ctx.daily.roundDeal(tournament.id, round), lobby).total;
}

/** Tournaments whose closes are being posted in this process: a second call waits its turn rather than post twice. */
const announcing = new Map<number, Promise<void>>();

/**
 * Posts what the closes committed and nobody has seen yet: each closed round's board, the final
 * standings after the last, and the tournament's message redrawn. A round is marked posted only
 * after its board is, so a stop in between posts it at the next start (at worst twice, never not
 * at all). A channel the bot cannot post in any more is logged and left: retrying would only fail.
 * One call at a time per tournament: at a start, the overdue close's own call and the start's
 * sweep of what is unposted both come, and side by side both read the round as unposted.
 */
export function announce(ctx: BotContext, tournamentId: number): Promise<void> {
  return oneAtATime(announcing, tournamentId, () => postUnannounced(ctx, tournamentId));
}

async function postUnannounced(ctx: BotContext, tournamentId: number): Promise<void> {
  const tournament = await ctx.tournaments.tournament(tournamentId);
  if (!tournament) return;
  const tr = ctx.channels.speaks(tournament.guildId);
  const closed =
    tournament.status === 'finished' ? tournament.round : tournament.status === 'running' ? tournament.round - 1 : 0;
  if (tournament.announcedRound < closed) {
    const points = await ctx.tournaments.points(tournamentId);
    const { lines, names } = await standingsOf(ctx.tournaments, tournament);
    for (let round = tournament.announcedRound + 1; round <= closed; round += 1) {
      const results = points.filter((p) => p.round === round);
      const optimum = tournament.format === 'duplicate' ? roundOptimum(ctx, tournament, round) : undefined;
      const board = renderRoundResults(tournament, round, results, names, optimum, tr);
      await postOrLog(ctx, tournament, () => ctx.channels.post(tournament.announceChannelId, board));
      if (tournament.status === 'finished' && round === closed) {
        const final = await finalStandings(tournament, lines, points, names, tr);
        await postOrLog(ctx, tournament, () => ctx.channels.post(tournament.announceChannelId, final));
      }
      await ctx.tournaments.markAnnounced(tournamentId, round);
    }
  }
  await redrawMessage(ctx, tournament);
}

/** The final standings, with their picture in the score card's style attached. */
async function finalStandings(
  tournament: Tournament,
  lines: readonly StandingLine[],
  points: readonly StoredRoundPoints[],
  names: ReadonlyMap<string, string | null>,
  tr: Translator,
): Promise<WithFiles<MessagePayload>> {
  const card = await drawCard(standingsCardModel(tournament, lines, points, names, tr));
  const image = {
    file: STANDINGS_CARD_FILE,
    description: tr.t('tournament.card-description', { name: tournament.name }),
  };
  return {
    ...renderStandings(tournament, lines, names, tr, undefined, image),
    files: [{ name: STANDINGS_CARD_FILE, attachment: card }],
  };
}

/** Redraws the tournament's own message (sign-up, the round open now, the end) with the bot's token. */
export async function redrawMessage(ctx: BotContext, tournament: Tournament): Promise<void> {
  const messageId = tournament.signupMessageId;
  if (messageId === null) return;
  const message = await tournamentMessage(ctx, tournament, ctx.channels.speaks(tournament.guildId));
  await postOrLog(ctx, tournament, () => ctx.channels.edit(tournament.channelId, messageId, message));
}

/** The tournament's message as stored now, in `tr`'s language, with the tables of the round open now. */
export async function tournamentMessage(
  ctx: BotContext,
  tournament: Tournament,
  tr: Translator,
): Promise<MessagePayload> {
  const entrants = await ctx.tournaments.entrants(tournament.id);
  const tables =
    tournament.format === 'tables' && tournament.status === 'running' ? await tablesOfRound(ctx, tournament) : [];
  return renderTournamentMessage(tournament, entrants, tr, tables);
}

/** Discord's 403 and 404: no access to the channel, or the message or channel is gone. Nothing to retry. */
async function postOrLog(ctx: BotContext, tournament: Tournament, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (!(error instanceof DiscordAPIError) || (error.status !== 403 && error.status !== 404)) throw error;
    ctx.log.warn('a tournament message could not be posted; it is left out', {
      tournamentId: tournament.id,
      code: error.code,
    });
  }
}
