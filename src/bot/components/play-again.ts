import { type Action, createGame, type GameState, type Seat } from '../../game/index.js';
import type { Translator } from '../../i18n/index.js';
import type { StoredGame } from '../../store/index.js';
import { channelWide } from '../audience.js';
import type { BotContext } from '../context.js';
import { displayName } from '../display-name.js';
import type { GuildComponent } from '../feature.js';
import type { Changed } from '../game-flow.js';
import { asEdit, boardView, gameMessage, type WithFiles } from '../game-message.js';
import { type Outcome, type Refusal, refused } from '../outcome.js';
import { type MessagePayload, renderGame, SCORE_CARD_FILE } from '../render/index.js';
import { answerPublicly, updateClicked } from '../replies.js';
import { mayStartHere, type Starter, starterOf } from '../start-gate.js';
import { abandonUnseen } from '../unseen-game.js';

/**
 * The next game of the series: the players still seated, the order turned by one so that somebody
 * else opens it, the same rules, already under way. Undefined when no person is left to host it.
 * People keep the names they had at the table; the one who pressed Play again gives theirs anew.
 */
function nextGame(
  finished: GameState,
  clicker: { playerId: string; name: string },
): { state: GameState; actions: Action[] } | undefined {
  const stayed = finished.seats.filter((seat) => !seat.left);
  const seating = [...stayed.slice(1), ...stayed.slice(0, 1)];
  const host = seating.find((seat) => seat.computer === null);
  if (!host) return undefined;
  const nameOf = (seat: Seat) => (seat.playerId === clicker.playerId ? clicker.name : seat.name);
  const actions: Action[] = seating
    .filter((seat) => seat !== host)
    .map((seat) =>
      seat.computer === null
        ? { type: 'join', playerId: seat.playerId, name: nameOf(seat) }
        : { type: 'add-computer', playerId: host.playerId, level: seat.computer },
    );
  actions.push({ type: 'start', playerId: host.playerId });
  return { state: createGame(host.playerId, finished.rules, nameOf(host)), actions };
}

/**
 * Opens the next game of the series for a player of the finished `game` (as drawn at `version`):
 * from the button under the standings, or from the Activity's table. Starting the next game is
 * starting a game: the server's channel and role rules hold for the starter as for /crag start.
 * `starter` is asked last, after every check that needs no one: at the table it is a request to
 * Discord, which a refused press must not cost (issue 40, finding 3).
 */
export async function openNextGame(
  ctx: BotContext,
  game: StoredGame,
  version: number,
  player: { playerId: string; name: string },
  starter: () => Starter | Promise<Starter>,
): Promise<Changed> {
  const no = (refusal: Refusal): Changed => ({ ok: false, ...refusal });
  if (game.state.status !== 'finished' || version !== game.state.version)
    return no(refused('refusal.again-not-finished'));
  const seated = game.state.seats.some(
    (seat) => seat.playerId === player.playerId && seat.computer === null && !seat.left,
  );
  if (!seated) return no(refused('refusal.again-not-seated'));
  const next = nextGame(game.state, player);
  if (!next) return no(refused('refusal.again-nobody'));
  const wait = ctx.cooldowns.check('again', player.playerId);
  if (wait) return no(wait);
  const barred = mayStartHere(await starter(), await ctx.houseRules.settingsOf(game.guildId));
  if (barred) return no(barred);
  const opened = await ctx.flow.open(
    {
      guildId: game.guildId,
      channelId: game.channelId,
      state: next.state,
      seriesId: game.seriesId,
      turnTimerSeconds: game.turnTimerSeconds,
      hintsEnabled: game.hintsEnabled,
      pingsEnabled: game.pingsEnabled,
    },
    next.actions,
  );
  // The series keeps what its first game took from the house rules (its rules came with it).
  const house = opened.ok ? await ctx.houseRules.ofGame(game.id) : undefined;
  if (opened.ok && house) await ctx.houseRules.recordGame(opened.game.id, house);
  return opened;
}

export async function playAgain(
  ctx: BotContext,
  interaction: GuildComponent,
  game: StoredGame,
  version: number,
): Promise<Outcome> {
  const opened = await openNextGame(
    ctx,
    game,
    version,
    { playerId: interaction.user.id, name: displayName(interaction) },
    () => starterOf(interaction),
  );
  if (!opened.ok) return opened;
  await showNextGame(ctx, interaction, game, opened.game);
  // The first turn is somebody else's when the one who pressed Play again does not open the game.
  ctx.pings.turnMoved(opened.game, interaction.user.id);
  ctx.log.info('next game of a series started', {
    gameId: opened.game.id,
    seriesId: opened.game.seriesId,
    number: opened.game.seriesGameNumber,
  });
  return undefined;
}

/**
 * Takes Play again off the old standings and posts the next game's board below them. The board
 * matters more than the edit: when the edit fails, the board answers the click itself. A board that
 * could not be posted at all would leave a game nobody sees in the channel, so the game is abandoned
 * then, as /crag start abandons a lobby it could not post.
 */
async function showNextGame(
  ctx: BotContext,
  interaction: GuildComponent,
  finished: StoredGame,
  next: StoredGame,
): Promise<void> {
  ctx.boards.willPost(next.id);
  const tr = channelWide(ctx.languages, interaction);
  try {
    await updateClicked(interaction, asEdit(await standingsWithoutPlayAgain(ctx, interaction, finished, tr))).catch(
      (error: unknown) =>
        ctx.log.warn('could not take Play again off the old standings', { gameId: finished.id, error }),
    );
    // Its allowed mentions are none: the first player's ping comes apart (TurnPings).
    const messageId = await answerPublicly(interaction, await gameMessage(ctx, next, tr, ctx.dice.faces));
    if (messageId) await ctx.boards.adopt(next, messageId, next.state.version);
  } catch (error) {
    await abandonUnseen(ctx, next);
    throw error;
  }
}

/**
 * The old final standings, which no longer offer to play again. The score card already attached
 * stays: an edit that names no attachments keeps them all. Naming the card by its id instead would
 * fail (Attachment not found) when a redraw of the standings since the click attached a new card.
 * Standings drawn before the bot attached cards get theirs now.
 */
async function standingsWithoutPlayAgain(
  ctx: BotContext,
  interaction: GuildComponent,
  game: StoredGame,
  tr: Translator,
): Promise<WithFiles<MessagePayload>> {
  const hasCard = interaction.message.attachments.some((attachment) => attachment.name === SCORE_CARD_FILE);
  if (!hasCard) return gameMessage(ctx, game, tr, ctx.dice.faces);
  const boardTr = await ctx.houseRules.translatorFor(game.id, tr);
  return renderGame(await boardView(ctx, game), boardTr, ctx.dice.faces);
}
