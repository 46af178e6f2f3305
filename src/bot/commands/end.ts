import { END_GAME_PERMISSION } from '../../../commands/index.js';
import { channelWide } from '../audience.js';
import type { BotContext } from '../context.js';
import type { Decision } from '../game-flow.js';
import { type Outcome, refused } from '../outcome.js';
import { answerPublicly } from '../replies.js';
import type { GuildCommand } from './index.js';

/**
 * A member who may manage messages ends the game: it counts for nobody. The host may close a lobby,
 * but once play has started, a host who wants out leaves like anyone else (open rows score 0, the
 * others play on): one player cannot void everyone's game.
 */
export async function endCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const active = await ctx.store.activeGameInChannel(interaction.channelId);
  if (!active) return refused('refusal.no-game');
  const playerId = interaction.user.id;
  const moderator = interaction.memberPermissions?.has(END_GAME_PERMISSION) ?? false;
  let hostLeft = false;
  const changed = await ctx.flow.change(active.id, (game): Decision => {
    if (moderator) return { type: 'cancel', playerId, moderator };
    if (game.state.hostId !== playerId) return refused('refusal.end-not-allowed');
    if (game.state.status === 'lobby') return { type: 'cancel', playerId };
    hostLeft = true;
    return { type: 'leave', playerId };
  });
  if (!changed.ok) return changed;
  const tr = channelWide(ctx.languages, interaction);
  const player = `<@${playerId}>`;
  await answerPublicly(interaction, {
    content: hostLeft ? tr.t('end.host-left', { player }) : tr.t('end.announcement', { player }),
    allowedMentions: { parse: [] },
  });
  await ctx.boards.refresh(active.id);
  return undefined;
}
