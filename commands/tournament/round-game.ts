import { personal } from '../../src/bot/audience.js';
import type { BotContext } from '../../src/bot/context.js';
import type { ComponentId } from '../../src/bot/custom-id.js';
import { displayName } from '../../src/bot/display-name.js';
import type { GuildComponent } from '../../src/bot/feature.js';
import { type Outcome, type Refusal, refused } from '../../src/bot/outcome.js';
import type { DiceFaces } from '../../src/bot/render/dice-faces.js';
import type { PrivateCard } from '../../src/bot/render/message.js';
import { replyPrivately } from '../../src/bot/replies.js';
import { gameView } from '../../src/bot/view.js';
import { createRoundGame, sheetTotal } from '../../src/game/index.js';
import type { Translator } from '../../src/i18n/index.js';
import type { StoredGame } from '../../src/store/index.js';
import type { Tournament } from '../../src/store/tournaments/index.js';
import { sheetButton } from '../game/info.js';
import { playPrivateBoard } from '../game/private-board.js';
import { renderRoundBoard, renderRoundDone } from './render.js';

/** A round game has no turn timer (the round's deadline is its clock); this only fills the column every game has. */
const ROUND_TURN_TIMER_SECONDS = 60;

/** The channel id a round game is stored under: its own, so it never takes a real channel's one game. */
function roundTable(tournamentId: number, round: number, playerId: string): string {
  return `tournament-${tournamentId}-${round}-${playerId}`;
}

/** A stored game that plays a tournament round, typed so. */
type RoundGame = StoredGame & { readonly state: { readonly tournamentRound: { tournamentId: number; round: number } } };

export function isRoundGame(game: StoredGame): game is RoundGame {
  return game.state.tournamentRound !== undefined;
}

/**
 * Play: the entrant's game of the round open now, privately, dealt on their first press (the
 * first keyed roll on the table) and shown again on every later one: the board where they left
 * off (after the 15-minute interaction token has expired, this is how they get it back), or their
 * total once finished. No entrant's answer holds anything of another's game.
 */
export async function playRound(
  ctx: BotContext,
  interaction: GuildComponent,
  tournament: Tournament,
): Promise<Outcome> {
  if (tournament.status !== 'running') return refused('refusal.tournament-not-running');
  const playerId = interaction.user.id;
  const entrant = (await ctx.tournaments.entrants(tournament.id)).find((e) => e.playerId === playerId);
  if (!entrant || entrant.outInRound !== null) return refused('refusal.tournament-not-entrant');
  const round = tournament.round;
  const play = await ctx.tournaments.play(tournament.id, round, playerId);
  const dealt = play?.gameId == null ? undefined : await ctx.store.gameById(play.gameId);
  const game = dealt ?? (await dealRoundGame(ctx, tournament, playerId, displayName(interaction)));
  if ('refusal' in game) return game;
  await replyPrivately(interaction, await roundMessage(ctx, game, tournament, personal(ctx.languages, interaction)));
  return undefined;
}

/**
 * Stores the entrant's game of the round, started, through the same path as every other game, and
 * ties it to their play. A game left from a crash between the two is found by its table (one per
 * entrant and round) and tied instead of dealing another.
 */
async function dealRoundGame(
  ctx: BotContext,
  tournament: Tournament,
  playerId: string,
  name: string,
): Promise<StoredGame | Refusal> {
  const round = tournament.round;
  await ctx.tournaments.claimPlay(tournament.id, round, playerId);
  const table = roundTable(tournament.id, round, playerId);
  const left = await ctx.store.latestGameInChannel(table);
  if (left) {
    await ctx.tournaments.attachGame(tournament.id, round, playerId, left.id);
    return left;
  }
  const opened = await ctx.flow.open(
    {
      guildId: tournament.guildId,
      channelId: table,
      state: createRoundGame(playerId, { tournamentId: tournament.id, round }, tournament.rules, name),
      turnTimerSeconds: ROUND_TURN_TIMER_SECONDS,
      hintsEnabled: false,
      pingsEnabled: false,
    },
    [{ type: 'start', playerId }],
  );
  if (!opened.ok) return opened;
  await ctx.tournaments.attachGame(tournament.id, round, playerId, opened.game.id);
  return opened.game;
}

/** A round game as its entrant sees it: the board while in play, their total once over. */
async function roundMessage(
  ctx: BotContext,
  game: StoredGame,
  tournament: Tournament,
  tr: Translator,
): Promise<PrivateCard> {
  const round = game.state.tournamentRound?.round ?? tournament.round;
  if (game.state.status !== 'playing') {
    return renderRoundDone(tournament, round, sheetTotal(game.state.sheets[game.state.hostId] ?? {}), tr);
  }
  return renderRoundBoard(await gameView(ctx.store, game), tournament, tr, ctx.dice.faces as DiceFaces);
}

/**
 * A click on an entrant's own round board (ephemeral), through the one path of every state change,
 * redrawn in place by the click's response. The last entrant to finish closes the round at once.
 */
export async function roundClick(
  ctx: BotContext,
  interaction: GuildComponent,
  game: RoundGame,
  id: ComponentId,
): Promise<Outcome> {
  if (interaction.user.id !== game.state.hostId) return refused('refusal.tournament-not-yours');
  const { tournamentId } = game.state.tournamentRound;
  const tournament = await ctx.tournaments.tournament(tournamentId);
  if (!tournament) return refused('refusal.tournament-gone');
  switch (id.action.kind) {
    case 'sheet':
      return sheetButton(ctx, interaction, game);
    case 'keep':
    case 'reroll':
    case 'score':
      break;
    default:
      return refused('refusal.not-a-change');
  }
  const tr = personal(ctx.languages, interaction);
  return playPrivateBoard(ctx, interaction, game, id, (shown) => roundMessage(ctx, shown, tournament, tr), true);
}
