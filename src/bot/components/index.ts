import { type MessageComponentInteraction, PermissionFlagsBits } from 'discord.js';
import { channelWide } from '../audience.js';
import type { BotContext } from '../context.js';
import { type ComponentAction, decodeComponentId } from '../custom-id.js';
import { displayName } from '../display-name.js';
import type { Decision } from '../game-flow.js';
import { type Outcome, refused } from '../outcome.js';
import { engineRefusal, GAME_GONE, MOVED_ON } from '../refusals.js';
import { renderGame } from '../render/index.js';
import { decodeShareId } from '../share-id.js';
import { gameView } from '../view.js';
import { analysisButton, hintButton, sheetButton } from './info.js';
import { playAgain } from './play-again.js';
import { shareStats } from './share-stats.js';

export type GuildComponent = MessageComponentInteraction<'cached' | 'raw'>;

/** The engine action a state-changing control stands for, or a refusal for a malformed click. */
function actionFor(interaction: GuildComponent, action: ComponentAction): Decision {
  const playerId = interaction.user.id;
  switch (action.kind) {
    case 'join':
      return { type: 'join', playerId, name: displayName(interaction) };
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
      return category === undefined ? refused('refusal.choose-row') : { type: 'score', playerId, category };
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
    if (!seated && !VERSION_TOLERANT.has(action.kind)) return engineRefusal('not-in-game');
    if (!current || !isBoard) {
      boardBehind = isBoard;
      return MOVED_ON;
    }
    return actionFor(interaction, action);
  });
  // The player may be looking at a board a failed edit left behind: redraw it for them.
  if (boardBehind) void ctx.boards.refresh(gameId);
  if (!changed.ok) return changed;
  await interaction.update(
    renderGame(await gameView(ctx.store, changed.game), channelWide(ctx.languages, interaction)),
  );
  ctx.boards.landed(gameId, changed.game.state.version);
  return undefined;
}

export async function handleComponent(ctx: BotContext, interaction: GuildComponent): Promise<Outcome> {
  const share = decodeShareId(interaction.customId);
  if (share) return shareStats(ctx, interaction, share);
  const id = decodeComponentId(interaction.customId);
  if (!id) return refused('refusal.unknown-control');
  const game = await ctx.store.gameById(id.gameId);
  if (!game) return GAME_GONE;
  if (game.channelId !== interaction.channelId || game.guildId !== interaction.guildId) {
    return refused('refusal.other-channel');
  }
  switch (id.action.kind) {
    case 'sheet':
      return sheetButton(ctx, interaction, game);
    case 'hint':
      return hintButton(ctx, interaction, game);
    case 'analysis':
      return analysisButton(ctx, interaction, game);
    case 'again':
      return playAgain(ctx, interaction, game, id.version);
    default:
      return changeGame(ctx, interaction, game.id, id.action, id.version);
  }
}
