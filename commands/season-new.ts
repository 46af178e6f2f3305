import { channelWide } from '../src/bot/audience.js';
import type { BotContext } from '../src/bot/context.js';
import { displayName } from '../src/bot/display-name.js';
import { type Outcome, refused } from '../src/bot/outcome.js';
import { escapeMarkdown } from '../src/bot/render/index.js';
import { answerPublicly } from '../src/bot/replies.js';
import { defineSubcommand, type GuildCommand } from './define.js';
import { managesServer } from './manage-server.js';

/**
 * `/crag season new`: the server's next season starts now, for members who may Manage Server. The
 * store records who started it and when; the channel is told, in the server's language.
 */
export const newSeason = defineSubcommand({
  name: 'new',
  nameKey: 'command.season.new.name',
  descriptionKey: 'command.season.new.description',
  answers: 'public',
  // The server's own seasons: nowhere else (docs/anywhere.md).
  reach: 'crag-server',
  group: { name: 'season', nameKey: 'command.season.name', descriptionKey: 'command.season.description' },
  options: {},
  handle: startSeason,
});

async function startSeason(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
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
