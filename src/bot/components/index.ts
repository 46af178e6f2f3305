import { type MessageComponentInteraction, PermissionFlagsBits } from 'discord.js';
import type { BotContext } from '../context.js';
import { type ComponentAction, decodeComponentId } from '../custom-id.js';
import type { Decision } from '../game-flow.js';
import { type Outcome, refused } from '../outcome.js';
import { GAME_GONE, MOVED_ON, REFUSAL_TEXT } from '../refusal-text.js';
import { renderGame } from '../render/index.js';
import { gameView } from '../view.js';
import { analysisButton, hintButton, sheetButton } from './info.js';
import { playAgain } from './play-again.js';

export type GuildComponent = MessageComponentInteraction<'cached' | 'raw'>;

/** The engine action a state-changing control stands for, or a refusal for a malformed click. */
function actionFor(interaction: GuildComponent, action: ComponentAction): Decision {
  const playerId = interaction.user.id;
  switch (action.kind) {
    case 'join':
    case 'leave':
    case 'start':
    case 'reroll':
      return { type: action.kind, playerId };
    case 'cancel':
      return {
        type: 'cancel',
        playerId,
        moderator: interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false,
      };
    case 'keep':
      return { type: 'toggle-keep', playerId, die: action.die };
    case 'score': {
      const category = interaction.isStringSelectMenu() ? interaction.values[0] : undefined;
      return category === undefined ? refused('Choose a row from the menu.') : { type: 'score', playerId, category };
    }
    default:
      return refused('That control does not change the game.');
  }
}

/**
 * Lobby buttons say who wants in or out, which holds whatever else changed meanwhile: two friends
 * pressing Join at once both get a seat. Turn controls act on the dice drawn, so they must match.
 */
const VERSION_TOLERANT: ReadonlySet<ComponentAction['kind']> = new Set(['join', 'leave', 'start', 'cancel']);

/**
 * A click on the board: checked against the game as stored, applied and persisted, then the board
 * is redrawn in place by the interaction's own response.
 */
async function changeGame(
  ctx: BotContext,
  interaction: GuildComponent,
  gameId: number,
  action: ComponentAction,
  version: number,
): Promise<Outcome> {
  let boardBehind = false;
  const changed = await ctx.flow.change(gameId, (game): Decision => {
    const isBoard = game.boardMessageId === null || game.boardMessageId === interaction.message.id;
    const current =
      version === game.state.version || (VERSION_TOLERANT.has(action.kind) && game.state.status === 'lobby');
    const seated = game.state.seats.some((seat) => seat.playerId === interaction.user.id && !seat.left);
    if (!seated && !VERSION_TOLERANT.has(action.kind)) return refused(REFUSAL_TEXT['not-in-game']);
    if (!current || !isBoard) {
      boardBehind = isBoard;
      return refused(MOVED_ON);
    }
    return actionFor(interaction, action);
  });
  // The player may be looking at a board a failed edit left behind: redraw it for them.
  if (boardBehind) void ctx.boards.refresh(gameId);
  if (!changed.ok) return changed;
  await interaction.update(renderGame(await gameView(ctx.store, changed.game)));
  ctx.boards.landed(gameId, changed.game.state.version);
  return undefined;
}

export async function handleComponent(ctx: BotContext, interaction: GuildComponent): Promise<Outcome> {
  const id = decodeComponentId(interaction.customId);
  if (!id) return refused('That control is not one I recognise; use the latest board in the channel.');
  const game = await ctx.store.gameById(id.gameId);
  if (!game) return refused(GAME_GONE);
  if (game.channelId !== interaction.channelId || game.guildId !== interaction.guildId) {
    return refused('That control belongs to a game in another channel.');
  }
  switch (id.action.kind) {
    case 'sheet':
      return sheetButton(interaction, game);
    case 'hint':
      return hintButton(interaction, game);
    case 'analysis':
      return analysisButton(interaction, game);
    case 'again':
      return playAgain(ctx, interaction, game, id.version);
    default:
      return changeGame(ctx, interaction, game.id, id.action, id.version);
  }
}
