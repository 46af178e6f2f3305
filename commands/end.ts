import { PermissionFlagsBits } from 'discord.js';
import { channelWide } from '../src/bot/audience.js';
import type { BotContext } from '../src/bot/context.js';
import { displayName } from '../src/bot/display-name.js';
import type { Decision } from '../src/bot/game-flow.js';
import { type Outcome, refused } from '../src/bot/outcome.js';
import { escapeMarkdown } from '../src/bot/render/index.js';
import { answerPublicly } from '../src/bot/replies.js';
import { defineSubcommand, type GuildCommand } from './define.js';

/** Members need no permission to play; `/crag end` checks Manage Messages itself for non-hosts. */
const END_GAME_PERMISSION = PermissionFlagsBits.ManageMessages;

/**
 * `/crag end`: a member who may manage messages ends the game: it counts for nobody. The host may
 * close a lobby, but once play has started, a host who wants out leaves like anyone else (open rows
 * score 0, the others play on): one player cannot void everyone's game.
 */
export const end = defineSubcommand({
  name: 'end',
  nameKey: 'command.end.name',
  descriptionKey: 'command.end.description',
  answers: 'public',
  options: {},
  handle: endGame,
});

async function endGame(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
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
  const player = `**${escapeMarkdown(displayName(interaction))}**`;
  await answerPublicly(interaction, {
    content: hostLeft ? tr.t('end.host-left', { player }) : tr.t('end.announcement', { player }),
    allowedMentions: { parse: [] },
  });
  await ctx.boards.refresh(active.id);
  return undefined;
}
