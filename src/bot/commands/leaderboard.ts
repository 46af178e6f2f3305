import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { renderLeaderboard } from '../render/index.js';
import type { GuildCommand } from './index.js';

export async function leaderboardCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const scope = interaction.options.getString('scope') ?? 'series';
  const rerolls = interaction.options.getInteger('rerolls') ?? 1;
  if ((scope !== 'series' && scope !== 'server') || (rerolls !== 1 && rerolls !== 2)) {
    return refused('Scope is `series` or `server`; rerolls is 1 or 2.');
  }
  const variant = rerolls === 1 ? 'one reroll' : 'two rerolls';
  let seriesId: number | undefined;
  let title = `Crag leaderboard · this server · ${variant}`;
  if (scope === 'series') {
    const latest = await ctx.store.latestGameInChannel(interaction.channelId);
    if (!latest) return refused('No game has been played in this channel yet. Try `scope: server`, or `/crag start`.');
    seriesId = latest.seriesId;
    title = `Crag leaderboard · this channel’s series · ${variant}`;
  }
  const query = { guildId: interaction.guildId, scope, seriesId, rerolls, limit: 10 } as const;
  const [rows, own] = await Promise.all([
    ctx.store.leaderboard(query),
    ctx.store.leaderboardRank({ ...query, playerId: interaction.user.id }),
  ]);
  await interaction.reply({ ...renderLeaderboard(title, rows, own), allowedMentions: { parse: [] } });
  return undefined;
}
