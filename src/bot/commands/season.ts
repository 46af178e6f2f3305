import { channelWide } from '../audience.js';
import type { BotContext } from '../context.js';
import { displayName } from '../display-name.js';
import { managesServer } from '../manage-server.js';
import { type Outcome, refused } from '../outcome.js';
import { escapeMarkdown } from '../render/index.js';
import { answerPublicly } from '../replies.js';
import type { GuildCommand } from './index.js';

/**
 * `/crag season new`: the server's next season starts now, for members who may Manage Server. The
 * store records who started it and when; the channel is told, in the server's language.
 */
export async function newSeasonCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  if (!managesServer(interaction)) return refused('refusal.manage-server-only');
  const season = await ctx.store.startSeason(interaction.guildId, interaction.user.id);
  await answerPublicly(interaction, {
    content: channelWide(ctx.languages, interaction).t('season.started', {
      player: escapeMarkdown(displayName(interaction)),
      season: season.number,
      previous: season.number - 1,
    }),
    allowedMentions: { parse: [] },
  });
  ctx.log.info('season started', { guild: interaction.guildId, season: season.number, by: interaction.user.id });
  return undefined;
}
