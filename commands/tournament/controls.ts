import { ComponentType } from 'discord.js';
import { channelWide, personal } from '../../src/bot/audience.js';
import type { BotContext } from '../../src/bot/context.js';
import { displayName } from '../../src/bot/display-name.js';
import type { GuildComponent } from '../../src/bot/feature.js';
import { type Outcome, refused } from '../../src/bot/outcome.js';
import { COLOURS, layoutMessage, row, text } from '../../src/bot/render/message.js';
import { replyPrivately, updateClicked } from '../../src/bot/replies.js';
import type { Tournament } from '../../src/store/tournaments/index.js';
import { mayOrganise } from './organiser.js';
import { nameOf } from './render.js';
import { playRound } from './round-game.js';
import { armRound, disarmTournament, redrawMessage, roundLengthMs, tournamentMessage } from './rounds.js';
import { openTables } from './tables.js';
import { encodeTournamentId, type TournamentId } from './tournament-id.js';

/** A tournament needs this many entrants to start: one alone has nobody to be placed against. */
export const MIN_ENTRANTS = 2;

/** The organiser, or anyone who may create tournaments here now, runs the tournament. */
async function runsIt(ctx: BotContext, interaction: GuildComponent, tournament: Tournament): Promise<boolean> {
  return interaction.user.id === tournament.organiserId || (await mayOrganise(ctx, interaction)) === undefined;
}

/** A press on the tournament's message or the organiser's private picker, on the tournament as stored now. */
export async function tournamentControl(
  ctx: BotContext,
  interaction: GuildComponent,
  id: TournamentId,
): Promise<Outcome> {
  const tournament = await ctx.tournaments.tournament(id.tournamentId);
  if (!tournament || tournament.guildId !== interaction.guildId) return refused('refusal.tournament-gone');
  switch (id.action) {
    case 'join':
      return join(ctx, interaction, tournament);
    case 'leave':
      return leave(ctx, interaction, tournament);
    case 'play':
      return playRound(ctx, interaction, tournament);
    case 'start':
      return start(ctx, interaction, tournament);
    case 'cancel':
      return cancel(ctx, interaction, tournament);
    case 'remove':
      return offerRemoval(ctx, interaction, tournament);
    case 'drop':
      return remove(ctx, interaction, tournament);
  }
}

/** Redraws the clicked tournament message as stored now. */
async function redrawClicked(ctx: BotContext, interaction: GuildComponent, tournamentId: number): Promise<Outcome> {
  const tournament = await ctx.tournaments.tournament(tournamentId);
  if (!tournament) return refused('refusal.tournament-gone');
  await updateClicked(interaction, await tournamentMessage(ctx, tournament, channelWide(ctx.languages, interaction)));
  return undefined;
}

async function join(ctx: BotContext, interaction: GuildComponent, tournament: Tournament): Promise<Outcome> {
  if (tournament.status !== 'signup') return refused('refusal.tournament-signup-closed');
  const joined = await ctx.tournaments.join(tournament.id, interaction.user.id, displayName(interaction), ctx.now());
  if (!joined) return refused('refusal.tournament-already-in');
  return redrawClicked(ctx, interaction, tournament.id);
}

async function leave(ctx: BotContext, interaction: GuildComponent, tournament: Tournament): Promise<Outcome> {
  if (tournament.status !== 'signup' && tournament.status !== 'running') return refused('refusal.tournament-over');
  const left = await ctx.tournaments.leave(tournament.id, interaction.user.id);
  if (!left) return refused('refusal.tournament-not-entrant');
  return redrawClicked(ctx, interaction, tournament.id);
}

async function start(ctx: BotContext, interaction: GuildComponent, tournament: Tournament): Promise<Outcome> {
  if (!(await runsIt(ctx, interaction, tournament))) return refused('refusal.tournament-organiser-only');
  if (tournament.status !== 'signup') return refused('refusal.tournament-signup-closed');
  const entrants = await ctx.tournaments.entrants(tournament.id);
  if (entrants.length < MIN_ENTRANTS) return refused('refusal.tournament-too-few', { count: MIN_ENTRANTS });
  const closesAt = ctx.now() + roundLengthMs(ctx, tournament);
  if (!(await ctx.tournaments.start(tournament.id, closesAt))) return refused('refusal.tournament-signup-closed');
  armRound(ctx, { tournamentId: tournament.id, guildId: tournament.guildId, round: 1, closesAt });
  ctx.log.info('tournament started', { tournamentId: tournament.id, entrants: entrants.length });
  if (tournament.format === 'tables') {
    const started = await ctx.tournaments.tournament(tournament.id);
    if (started) await openTables(ctx, started);
  }
  return redrawClicked(ctx, interaction, tournament.id);
}

/** Ends the tournament for good: no round closes any more, and round games still in play end. */
async function cancel(ctx: BotContext, interaction: GuildComponent, tournament: Tournament): Promise<Outcome> {
  if (!(await runsIt(ctx, interaction, tournament))) return refused('refusal.tournament-organiser-only');
  if (!(await ctx.tournaments.cancel(tournament.id))) return refused('refusal.tournament-over');
  disarmTournament(ctx, tournament.id);
  const games = new Set(
    (await ctx.tournaments.roundPlays(tournament.id, tournament.round)).flatMap((play) =>
      play.gameId !== null && play.total === null ? [play.gameId] : [],
    ),
  );
  for (const gameId of games) {
    const ended = await ctx.flow.change(gameId, () => ({ type: 'abandon' }));
    if (ended.ok) void ctx.boards.refresh(gameId);
  }
  return redrawClicked(ctx, interaction, tournament.id);
}

/** The organiser's private picker of whom to remove: a user select, so it is not cut at 25 names. */
async function offerRemoval(ctx: BotContext, interaction: GuildComponent, tournament: Tournament): Promise<Outcome> {
  if (!(await runsIt(ctx, interaction, tournament))) return refused('refusal.tournament-organiser-only');
  if (tournament.status !== 'signup' && tournament.status !== 'running') return refused('refusal.tournament-over');
  const tr = personal(ctx.languages, interaction);
  await replyPrivately(
    interaction,
    layoutMessage(COLOURS.info, [
      text(tr.t('tournament.remove-prompt', { name: tournament.name })),
      row({
        type: ComponentType.UserSelect,
        custom_id: encodeTournamentId(tournament.id, 'drop'),
        placeholder: tr.t('tournament.remove-placeholder'),
        min_values: 1,
        max_values: 1,
      }),
    ]),
  );
  return undefined;
}

async function remove(ctx: BotContext, interaction: GuildComponent, tournament: Tournament): Promise<Outcome> {
  if (!(await runsIt(ctx, interaction, tournament))) return refused('refusal.tournament-organiser-only');
  const chosen = interaction.isUserSelectMenu() ? interaction.values[0] : undefined;
  if (chosen === undefined) return refused('refusal.not-a-change');
  const entrant = (await ctx.tournaments.entrants(tournament.id)).find((e) => e.playerId === chosen);
  if (!entrant || entrant.outInRound !== null || !(await ctx.tournaments.leave(tournament.id, chosen))) {
    return refused('refusal.tournament-not-an-entrant');
  }
  const tr = personal(ctx.languages, interaction);
  await updateClicked(
    interaction,
    layoutMessage(COLOURS.info, [text(tr.t('tournament.removed', { player: nameOf(entrant, tr) }))]),
  );
  const now = await ctx.tournaments.tournament(tournament.id);
  if (now) await redrawMessage(ctx, now);
  return undefined;
}
