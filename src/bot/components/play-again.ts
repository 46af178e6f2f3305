import { type Action, applyAction, createGame, type GameState, type Seat } from '../../game/index.js';
import type { StoredGame } from '../../store/index.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { turnDeadlineFor } from '../perform.js';
import { renderGame } from '../render/index.js';
import { messageLink } from '../replies.js';
import { gameView } from '../view.js';
import type { GuildComponent } from './index.js';

/** The players still seated, the order turned by one so that somebody else opens the next game. */
function nextSeating(state: GameState): Seat[] {
  const stayed = state.seats.filter((seat) => !seat.left);
  return [...stayed.slice(1), ...stayed.slice(0, 1)];
}

/** The next game of the series: same players and rules, already under way. */
function nextGameState(ctx: BotContext, finished: GameState): GameState | undefined {
  const seating = nextSeating(finished);
  const host = seating.find((seat) => seat.computer === null);
  if (!host) return undefined;
  let state = createGame(host.playerId, finished.rules);
  const actions: Action[] = seating
    .filter((seat) => seat !== host)
    .map((seat) =>
      seat.computer === null
        ? { type: 'join', playerId: seat.playerId }
        : { type: 'add-computer', playerId: host.playerId, level: seat.computer },
    );
  actions.push({ type: 'start', playerId: host.playerId });
  for (const action of actions) {
    const result = applyAction(state, action, ctx.random);
    if (!result.ok) return undefined;
    state = result.state;
  }
  return state;
}

export async function playAgain(
  ctx: BotContext,
  interaction: GuildComponent,
  game: StoredGame,
  version: number,
): Promise<Outcome> {
  if (game.state.status !== 'finished' || version !== game.state.version)
    return refused('Only a finished game can be played again.');
  const clicker = game.state.seats.find((seat) => seat.playerId === interaction.user.id && seat.computer === null);
  if (!clicker) return refused('Only the players of this game can start the next one.');
  const state = nextGameState(ctx, game.state);
  if (!state) return refused('Nobody is left to play again.');
  const created = ctx.store.createGame({
    guildId: game.guildId,
    channelId: game.channelId,
    state,
    seriesId: game.seriesId,
    turnTimerSeconds: game.turnTimerSeconds,
    hintsEnabled: game.hintsEnabled,
  });
  if (!created.ok) {
    if (created.reason === 'channel-busy') {
      return refused(
        `The next game is already on: ${messageLink(game.guildId, game.channelId, created.active.boardMessageId)}`,
      );
    }
    return refused('This series can no longer be continued; `/crag start` opens a new one.');
  }
  const deadline = turnDeadlineFor(ctx, created.game, state);
  const next = deadline === null ? created.game : { ...created.game, turnDeadline: deadline };
  if (deadline !== null) ctx.store.setTurnDeadline(next.id, deadline);
  // The old final board keeps its standings but no longer offers to play again.
  await interaction.update(renderGame(gameView(ctx.store, game)));
  const message = await interaction.followUp({
    ...renderGame(gameView(ctx.store, next)),
    allowedMentions: { parse: [], users: [] },
  });
  ctx.store.setBoardMessage(next.id, message.id);
  ctx.boards.posted(next.id, next.state.version);
  ctx.scheduler.arm(next);
  ctx.log.info('next game of a series started', {
    gameId: next.id,
    seriesId: next.seriesId,
    number: next.seriesGameNumber,
  });
  return undefined;
}
