import { openLobby, startSettings } from '../../commands/start.js';
import type { BotContext } from '../bot/context.js';
import type { Decision } from '../bot/game-flow.js';
import { gameMessage } from '../bot/game-message.js';
import { openNextGame } from '../bot/next-game.js';
import { type Outcome, refused } from '../bot/outcome.js';
import { engineRefusal, MOVED_ON } from '../bot/refusals.js';
import { mayStartHere, type Starter } from '../bot/start-gate.js';
import type { Translator } from '../i18n/index.js';
import type { StoredGame } from '../store/index.js';
import type { Intent } from './protocol.js';

/** Who acts at the table: the person their access token named, and the name the table shows. */
export interface TablePerson {
  readonly id: string;
  readonly name: string;
}

/** The engine action an intent stands for; the person is the one the server authenticated. */
function actionFor(intent: Intent, person: TablePerson): Decision {
  const by = { playerId: person.id, name: person.name };
  switch (intent.kind) {
    case 'join':
    case 'leave':
    case 'start':
      return { type: intent.kind, ...by };
    case 'keep':
      return { type: 'toggle-keep', ...by, die: intent.die };
    case 'roll':
      return { type: 'reroll', ...by };
    case 'choose':
      return { type: 'score', ...by, category: intent.row };
    default:
      return refused('refusal.not-a-change');
  }
}

/** As on the board: who wants a seat holds whatever else changed; turn intents act on the dice drawn. */
const LOBBY_INTENTS: ReadonlySet<Intent['kind']> = new Set(['join', 'leave', 'start']);

/**
 * One intent from the table, through the same path as a click on the board (GameFlow, with the
 * version check), then the board in the channel's text chat redrawn to match.
 */
export async function applyIntent(
  ctx: BotContext,
  channel: { guildId: string; channelId: string },
  person: TablePerson,
  intent: Intent,
  version: number,
  /** The server's language, for a board posted in the chat. */
  channelTr: Translator,
  /**
   * The person as the house rules' start gate sees them: a request to Discord, so asked only once
   * every other check let a game open, and remembered by the caller for the game.
   */
  starter: (gameId: number | null) => Promise<Starter>,
): Promise<Outcome> {
  const game = await ctx.store.latestGameInChannel(channel.channelId);
  if (intent.kind === 'new-game') {
    return openAtTable(ctx, channel, person, game, channelTr, () => starter(game?.id ?? null));
  }
  if (!game) return refused('refusal.no-game');
  if (intent.kind === 'again') {
    return playAgainAtTable(ctx, person, game, version, channelTr, () => starter(game.id));
  }
  const changed = await ctx.flow.change(game.id, (stored): Decision => {
    const lobbyIntent = LOBBY_INTENTS.has(intent.kind) && stored.state.status === 'lobby';
    const seated = stored.state.seats.some((seat) => seat.playerId === person.id && !seat.left);
    if (!seated && !lobbyIntent) return engineRefusal('not-in-game');
    if (version !== stored.state.version && !lobbyIntent) return MOVED_ON;
    return actionFor(intent, person);
  });
  if (!changed.ok) return changed;
  void ctx.boards.refresh(changed.game.id);
  return undefined;
}

/** A lobby opened from the table (launched from the app launcher, with no game here): its board is posted in the chat. */
async function openAtTable(
  ctx: BotContext,
  channel: { guildId: string; channelId: string },
  person: TablePerson,
  latest: StoredGame | undefined,
  channelTr: Translator,
  starter: () => Promise<Starter>,
): Promise<Outcome> {
  const over = !latest || latest.state.status === 'finished' || latest.state.status === 'cancelled';
  if (!over) return refused('refusal.lobby-open-here');
  // Opening a lobby is starting a game: the server's house rules hold as for a /crag start that
  // names no option (its channel and role rules, its defaults within its limits).
  const house = await ctx.houseRules.settingsOf(channel.guildId);
  const settings = startSettings({}, house);
  if ('refusal' in settings) return settings;
  const wait = ctx.cooldowns.check('start', person.id);
  if (wait) return wait;
  // The member is asked of Discord only now that a game could open.
  const barred = mayStartHere(await starter(), house, ctx.guilds);
  if (barred) return barred;
  const opened = await openLobby(ctx, channel, person, settings);
  if (!opened.ok) return opened;
  await postBoard(ctx, opened.game, channelTr);
  return undefined;
}

/** Play again from the table: the next game of the series, as the button under the standings opens it. */
async function playAgainAtTable(
  ctx: BotContext,
  person: TablePerson,
  game: StoredGame,
  version: number,
  channelTr: Translator,
  starter: () => Promise<Starter>,
): Promise<Outcome> {
  const opened = await openNextGame(ctx, game, version, { playerId: person.id, name: person.name }, starter);
  if (!opened.ok) return opened;
  await postBoard(ctx, opened.game, channelTr);
  ctx.pings.turnMoved(opened.game, person.id);
  return undefined;
}

/** The new game's board in the channel's text chat, so the game is there for whoever is not at the table. */
async function postBoard(ctx: BotContext, game: StoredGame, tr: Translator): Promise<void> {
  await ctx.boards.post(game, await gameMessage(ctx, game, tr, ctx.dice.faces));
}
