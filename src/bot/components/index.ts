import { type MessageComponentInteraction, PermissionFlagsBits } from 'discord.js';
import type { Action } from '../../game/index.js';
import type { StoredGame } from '../../store/index.js';
import type { BotContext } from '../context.js';
import { type ComponentAction, decodeComponentId } from '../custom-id.js';
import { type Outcome, refused } from '../outcome.js';
import { perform } from '../perform.js';
import { MOVED_ON, REFUSAL_TEXT } from '../refusal-text.js';
import { renderGame } from '../render/index.js';
import { gameView } from '../view.js';
import { analysisButton, hintButton, sheetButton } from './info.js';
import { playAgain } from './play-again.js';

export type GuildComponent = MessageComponentInteraction<'cached' | 'raw'>;

/** The engine action a state-changing control stands for, or a refusal for a malformed click. */
function actionFor(interaction: GuildComponent, action: ComponentAction): Action | Outcome {
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

function isAction(value: Action | Outcome): value is Action {
  return value !== undefined && 'type' in value;
}

/**
 * Lobby buttons say who wants in or out, which holds whatever else changed meanwhile: two friends
 * pressing Join at once both get a seat. Turn controls act on the dice drawn, so they must match.
 */
const VERSION_TOLERANT: ReadonlySet<ComponentAction['kind']> = new Set(['join', 'leave', 'start', 'cancel']);

/** A click on the board: checked against the stored game, applied, persisted, then the board is redrawn in place. */
async function changeGame(
  ctx: BotContext,
  interaction: GuildComponent,
  game: StoredGame,
  action: ComponentAction,
  version: number,
): Promise<Outcome> {
  const isBoard = game.boardMessageId === null || game.boardMessageId === interaction.message.id;
  const current =
    version === game.state.version || (VERSION_TOLERANT.has(action.kind) && game.state.status === 'lobby');
  const seated = game.state.seats.some((seat) => seat.playerId === interaction.user.id && !seat.left);
  if (!seated && !VERSION_TOLERANT.has(action.kind)) return refused(REFUSAL_TEXT['not-in-game']);
  if (!current || !isBoard) {
    // The player may be looking at a board a failed edit left behind: redraw it for them.
    if (isBoard) void ctx.boards.refresh(game.id);
    return refused(MOVED_ON);
  }
  const engineAction = actionFor(interaction, action);
  if (!isAction(engineAction)) return engineAction;
  const performed = perform(ctx, game, engineAction);
  if (!performed.ok) return refused(performed.refusal);
  await interaction.update(renderGame(gameView(ctx.store, performed.game)));
  ctx.boards.landed(game.id, performed.game.state.version);
  return undefined;
}

export async function handleComponent(ctx: BotContext, interaction: GuildComponent): Promise<Outcome> {
  const id = decodeComponentId(interaction.customId);
  if (!id) return refused('That control is not one I recognise; use the latest board in the channel.');
  const game = ctx.store.gameById(id.gameId);
  if (!game) return refused('That game no longer exists.');
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
      return changeGame(ctx, interaction, game, id.action, id.version);
  }
}
