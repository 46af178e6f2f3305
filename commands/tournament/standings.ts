import { channelWide } from '../../src/bot/audience.js';
import type { BotContext } from '../../src/bot/context.js';
import { type Outcome, refused } from '../../src/bot/outcome.js';
import { answerPublicly } from '../../src/bot/replies.js';
import { type CommandOptions, defineSubcommand, type GuildCommand, type OptionSpecs } from '../define.js';
import { TOURNAMENT_GROUP } from './group.js';
import { LISTED_LINES, renderStandings } from './render.js';

const OPTIONS = {
  number: {
    kind: 'integer',
    nameKey: 'command.tournament.standings.number.name',
    descriptionKey: 'command.tournament.standings.number.description',
    min: 1,
    max: 1_000_000_000,
  },
} as const satisfies OptionSpecs;

/** `/crag tournament standings [number]`: a tournament of this server (the newest by default), for the channel. */
export const tournamentStandings = defineSubcommand({
  name: 'standings',
  nameKey: 'command.tournament.standings.name',
  descriptionKey: 'command.tournament.standings.description',
  answers: 'public',
  group: TOURNAMENT_GROUP,
  options: OPTIONS,
  handle: showStandings,
});

async function showStandings(
  ctx: BotContext,
  interaction: GuildCommand,
  options: CommandOptions<typeof OPTIONS>,
): Promise<Outcome> {
  const tournament =
    options.number === null
      ? (await ctx.tournaments.ofGuild(interaction.guildId, 1))[0]
      : await ctx.tournaments.tournament(options.number);
  if (!tournament || tournament.guildId !== interaction.guildId) return refused('refusal.tournament-none');
  // As the last close stored them: a page by place and the asker's own line.
  const { lines, names } = await ctx.tournaments.standingsPage(tournament.id, LISTED_LINES, interaction.user.id);
  await answerPublicly(
    interaction,
    renderStandings(tournament, lines, names, channelWide(ctx.languages, interaction), interaction.user.id),
  );
  return undefined;
}
