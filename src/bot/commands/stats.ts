import { withSkillLine } from '../../../commands/skill/stats-line.js';
import { personal } from '../audience.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { periodMessage, renderStats } from '../render/index.js';
import { replyPrivately } from '../replies.js';
import { encodeShareId } from '../share-id.js';
import type { GuildCommand } from './index.js';
import { readOptions } from './options.js';
import { chosenPeriod } from './period-option.js';

/**
 * A person's statistics in this server, privately, over all time unless a period is chosen. One's
 * own come with a Share button that posts them for the channel.
 */
export async function statsCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const options = readOptions(interaction, 'stats');
  const chosen = await chosenPeriod(ctx, interaction.guildId, options, 'all');
  if ('refusal' in chosen) return chosen;
  const playerId = options.player?.id ?? interaction.user.id;
  const own = playerId === interaction.user.id;
  const stats = await ctx.store.playerStats(interaction.guildId, playerId, chosen.key);
  if (stats.lines.length === 0) {
    const period = periodMessage(chosen.label);
    return own
      ? refused('refusal.no-stats-yours', { period })
      : refused('refusal.no-stats-theirs', { player: `<@${playerId}>`, period });
  }
  const tr = personal(ctx.languages, interaction);
  const card = await withSkillLine(
    ctx,
    renderStats(
      { playerId, name: stats.name, period: chosen.label, lines: stats.lines },
      tr,
      own ? { shareId: encodeShareId({ userId: playerId, period: chosen.key }) } : {},
    ),
    { guildId: interaction.guildId, playerId, period: chosen.key, rules: stats.lines[0]!.rules },
    tr,
  );
  // A fresh board may have answered first (its old one was lost): then this follows it.
  await replyPrivately(interaction, card);
  return undefined;
}
