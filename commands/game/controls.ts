import { PermissionFlagsBits } from 'discord.js';
import { channelWide } from '../../src/bot/audience.js';
import type { BotContext } from '../../src/bot/context.js';
import type { ComponentAction } from '../../src/bot/custom-id.js';
import { displayName } from '../../src/bot/display-name.js';
import type { PlaceComponent } from '../../src/bot/feature.js';
import type { Decision } from '../../src/bot/game-flow.js';
import { asEdit, gameMessage } from '../../src/bot/game-message.js';
import { applyHeldTimeOut } from '../../src/bot/held-time-out.js';
import { keepToken } from '../../src/bot/kept-token.js';
import { type Outcome, refused } from '../../src/bot/outcome.js';
import { engineRefusal, MOVED_ON } from '../../src/bot/refusals.js';
import { updateClicked } from '../../src/bot/replies.js';
import type { StoredGame } from '../../src/store/index.js';
import { seatedAt, showBoard } from './show-board.js';

/**
 * The engine action a state-changing control stands for, or a refusal for a malformed click. The
 * person's display name goes with it, so boards name them as the server shows them now.
 */
export function actionFor(interaction: PlaceComponent, action: ComponentAction): Decision {
  const person = { playerId: interaction.user.id, name: displayName(interaction) };
  switch (action.kind) {
    case 'join':
    case 'leave':
    case 'start':
    case 'reroll':
      return { type: action.kind, ...person };
    case 'cancel':
      return {
        type: 'cancel',
        ...person,
        moderator: interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false,
      };
    case 'keep':
      return { type: 'toggle-keep', ...person, die: action.die };
    case 'score': {
      const category = interaction.isStringSelectMenu() ? interaction.values[0] : undefined;
      return category === undefined ? refused('refusal.choose-row') : { type: 'score', ...person, category };
    }
    default:
      return refused('refusal.not-a-change');
  }
}

/**
 * Lobby buttons say who wants in or out, which holds whatever else changed meanwhile: two friends
 * pressing Join at once both get a seat. Turn controls act on the dice drawn, so they must match.
 */
const VERSION_TOLERANT: ReadonlySet<ComponentAction['kind']> = new Set(['join', 'leave', 'start', 'cancel']);

/**
 * A click on the board: checked against the game as stored, applied and persisted, then the board
 * is redrawn in place by the interaction's own response. A click on a game whose board was lost
 * brings it back: the clicked message becomes the board again, drawn afresh.
 */
export async function changeGame(
  ctx: BotContext,
  interaction: PlaceComponent,
  game: StoredGame,
  action: ComponentAction,
  version: number,
): Promise<Outcome> {
  const lost = ctx.boards.isLost(game);
  // A time-out held while the board waited for a press is applied first: this press, made on the
  // board as it was before, only brings the board back (as "Bring the game back" does).
  if (seatedAt(game, interaction.user.id) && (await applyHeldTimeOut(ctx, game))) {
    await showBoard(ctx, interaction, game.id);
    return undefined;
  }
  let boardBehind = false;
  const changed = await ctx.flow.change(game.id, (stored): Decision => {
    const isBoard = stored.boardMessageId === null || stored.boardMessageId === interaction.message.id;
    const current =
      version === stored.state.version || (VERSION_TOLERANT.has(action.kind) && stored.state.status === 'lobby');
    const seated = seatedAt(stored, interaction.user.id);
    if (!seated && !VERSION_TOLERANT.has(action.kind)) return engineRefusal('not-in-game');
    if (!current || !isBoard) {
      boardBehind = isBoard;
      return MOVED_ON;
    }
    return actionFor(interaction, action);
  });
  if (!changed.ok) {
    if (lost) await showBoard(ctx, interaction, game.id);
    // The player may be looking at a board a failed edit left behind: redraw it for them.
    else if (boardBehind) void ctx.boards.refresh(game.id);
    return changed;
  }
  const board = asEdit(await gameMessage(ctx, changed.game, channelWide(ctx.languages, interaction), ctx.dice.faces));
  await ctx.boards.respond(game.id, () => updateClicked(interaction, board));
  await keepToken(ctx.boards, interaction, game.id);
  if (lost) await ctx.boards.adopt(changed.game, interaction.message.id, changed.game.state.version);
  else await ctx.boards.landed(changed.game);
  return undefined;
}
