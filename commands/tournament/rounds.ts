import { DiscordAPIError } from 'discord.js';
import type { BotContext } from '../../src/bot/context.js';
import {
  createRoundGame,
  type RoundResult,
  roundPoints,
  type StandingLine,
  tournamentStandings,
} from '../../src/game/index.js';
import { dailyOutcome } from '../../src/stats/daily-result.js';
import type { OpenRound, Tournament, TournamentStore } from '../../src/store/tournaments/index.js';
import { OPTIMUM_PLAYER_ID, playOptimumOn } from '../../src/strategy/index.js';
import { renderRoundResults, renderStandings, renderTournamentMessage } from './render.js';

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
    const results = await roundResults(ctx, tournament);
    const after =
      round < tournament.rounds
        ? { next: 'round' as const, closesAt: ctx.now() + roundLengthMs(ctx, tournament) }
        : { next: 'finished' as const };
    const closed = await ctx.tournaments.closeRound(tournamentId, round, roundPoints(results), after);
    if (closed) ctx.log.info('tournament round closed', { tournamentId, round, entrants: results.length });
    if (closed && after.next === 'round') {
      armRound(ctx, { tournamentId, guildId: tournament.guildId, round: round + 1, closesAt: after.closesAt });
    }
  }
  await announce(ctx, tournamentId);
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

/**
 * The standings of a tournament from its closed rounds' stored points. It takes the store alone,
 * not the bot, so that the bench times exactly what `/crag tournament standings` runs.
 */
export async function standingsOf(
  tournaments: TournamentStore,
  tournament: Pick<Tournament, 'id'>,
): Promise<{ lines: StandingLine[]; names: Map<string, string | null> }> {
  const [entrants, points] = await Promise.all([
    tournaments.entrants(tournament.id),
    tournaments.points(tournament.id),
  ]);
  const lines = tournamentStandings(
    entrants.map((entrant) => ({
      playerId: entrant.playerId,
      out: entrant.outInRound !== null,
      rounds: points.filter((p) => p.playerId === entrant.playerId),
    })),
  );
  return { lines, names: new Map(entrants.map((entrant) => [entrant.playerId, entrant.name])) };
}

/** What the optimal player scores on a round's dice, in the tournament's rules. */
function roundOptimum(ctx: BotContext, tournament: Tournament, round: number): number {
  const lobby = createRoundGame(OPTIMUM_PLAYER_ID, { tournamentId: tournament.id, round }, tournament.rules);
  return playOptimumOn(ctx.daily.roundDeal(tournament.id, round), lobby).total;
}

/**
 * Posts what the closes committed and nobody has seen yet: each closed round's board, the final
 * standings after the last, and the tournament's message redrawn. A round is marked posted only
 * after its board is, so a stop in between posts it at the next start (at worst twice, never not
 * at all). A channel the bot cannot post in any more is logged and left: retrying would only fail.
 */
export async function announce(ctx: BotContext, tournamentId: number): Promise<void> {
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
      const board = renderRoundResults(tournament, round, results, names, roundOptimum(ctx, tournament, round), tr);
      await postOrLog(ctx, tournament, () => ctx.channels.post(tournament.announceChannelId, board));
      if (tournament.status === 'finished' && round === closed) {
        await postOrLog(ctx, tournament, () =>
          ctx.channels.post(tournament.announceChannelId, renderStandings(tournament, lines, names, tr)),
        );
      }
      await ctx.tournaments.markAnnounced(tournamentId, round);
    }
  }
  await redrawMessage(ctx, tournament);
}

/** Redraws the tournament's own message (sign-up, the round open now, the end) with the bot's token. */
export async function redrawMessage(ctx: BotContext, tournament: Tournament): Promise<void> {
  const messageId = tournament.signupMessageId;
  if (messageId === null) return;
  const entrants = await ctx.tournaments.entrants(tournament.id);
  const message = renderTournamentMessage(tournament, entrants, ctx.channels.speaks(tournament.guildId));
  await postOrLog(ctx, tournament, () => ctx.channels.edit(tournament.channelId, messageId, message));
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
