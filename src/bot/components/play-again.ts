import { type Action, createGame, type GameState } from '../../game/index.js';
import type { StoredGame } from '../../store/index.js';
import { channelWide } from '../audience.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { renderGame } from '../render/index.js';
import { gameView } from '../view.js';
import type { GuildComponent } from './index.js';

/**
 * The next game of the series: the players still seated, the order turned by one so that somebody
 * else opens it, the same rules, already under way. Undefined when no person is left to host it.
 */
function nextGame(finished: GameState): { state: GameState; actions: Action[] } | undefined {
  const stayed = finished.seats.filter((seat) => !seat.left);
  const seating = [...stayed.slice(1), ...stayed.slice(0, 1)];
  const host = seating.find((seat) => seat.computer === null);
  if (!host) return undefined;
  const actions: Action[] = seating
    .filter((seat) => seat !== host)
    .map((seat) =>
      seat.computer === null
        ? { type: 'join', playerId: seat.playerId, ...(seat.name === undefined ? {} : { name: seat.name }) }
        : { type: 'add-computer', playerId: host.playerId, level: seat.computer },
    );
  actions.push({ type: 'start', playerId: host.playerId });
  return { state: createGame(host.playerId, finished.rules, host.name), actions };
}

export async function playAgain(
  ctx: BotContext,
  interaction: GuildComponent,
  game: StoredGame,
  version: number,
): Promise<Outcome> {
  if (game.state.status !== 'finished' || version !== game.state.version) return refused('refusal.again-not-finished');
  const clicker = game.state.seats.find(
    (seat) => seat.playerId === interaction.user.id && seat.computer === null && !seat.left,
  );
  if (!clicker) return refused('refusal.again-not-seated');
  const next = nextGame(game.state);
  if (!next) return refused('refusal.again-nobody');
  const wait = ctx.cooldowns.check('again', interaction.user.id);
  if (wait) return wait;
  const opened = await ctx.flow.open(
    {
      guildId: game.guildId,
      channelId: game.channelId,
      state: next.state,
      seriesId: game.seriesId,
      turnTimerSeconds: game.turnTimerSeconds,
      hintsEnabled: game.hintsEnabled,
    },
    next.actions,
  );
  if (!opened.ok) return opened;
  ctx.boards.willPost(opened.game.id);
  const tr = channelWide(ctx.languages, interaction);
  // The old final board keeps its standings but no longer offers to play again.
  await interaction.update(renderGame(await gameView(ctx.store, game), tr));
  const message = await interaction.followUp({
    ...renderGame(await gameView(ctx.store, opened.game), tr),
    allowedMentions: { parse: [], users: [] },
  });
  await ctx.boards.adopt(opened.game, message.id, opened.game.state.version);
  ctx.log.info('next game of a series started', {
    gameId: opened.game.id,
    seriesId: opened.game.seriesId,
    number: opened.game.seriesGameNumber,
  });
  return undefined;
}
