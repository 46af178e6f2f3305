import { type Action, createGame, type GameState, type Seat } from '../game/index.js';
import type { StoredGame } from '../store/index.js';
import type { BotContext } from './context.js';
import type { Changed } from './game-flow.js';
import { type Refusal, refused } from './outcome.js';
import { mayStartHere, type Starter } from './start-gate.js';

// The next game of a series, opened the same way whoever asks: the game's Play again button
// (commands/game/) and the Activity's table (src/activity/intents.ts).

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
  // A tournament's table is one game of its round: a next game would start a series from it, on
  // the button's path or the Activity's, and a tournament's game never counts in a series.
  if (game.state.tournamentTable) return no(refused('refusal.tournament-table-over'));
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
  const barred = mayStartHere(await starter(), await ctx.houseRules.settingsOf(game.guildId), ctx.guilds);
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
      // The next game is played where the last one was, reached the same way.
      viaWebhooks: game.viaWebhooks,
    },
    next.actions,
  );
  // The series keeps what its first game took from the house rules (its rules came with it).
  const house = opened.ok ? await ctx.houseRules.ofGame(game.id) : undefined;
  if (opened.ok && house) await ctx.houseRules.recordGame(opened.game.id, house);
  return opened;
}
