import { personal } from '../src/bot/audience.js';
import type { BotContext } from '../src/bot/context.js';
import type { Outcome } from '../src/bot/outcome.js';
import { placeOf } from '../src/bot/place.js';
import { periodMessage, renderStats } from '../src/bot/render/index.js';
import { replyPrivately } from '../src/bot/replies.js';
import { encodeShareId } from '../src/bot/share-id.js';
import { type CommandOptions, defineSubcommand, type OptionSpecs, type PlaceCommand } from './define.js';
import { chosenPeriod, PERIOD_OPTIONS } from './period.js';
import { noStats, statsOf } from './person-figures.js';
import { withRatingLine } from './rating/stats-line.js';
import { withSkillLine } from './skill/stats-line.js';

const OPTIONS = {
  player: { kind: 'user', nameKey: 'command.stats.player.name', descriptionKey: 'command.stats.player.description' },
  ...PERIOD_OPTIONS,
} as const satisfies OptionSpecs;

/**
 * `/crag stats`: a person's statistics, privately, over all time unless a period is chosen: their own over every
 * server, DM and group DM they played in (#42), but for a season, which is this place's (person-figures.ts). One's
 * own come with a Share button that posts them for the channel. It answers anywhere, through the interaction alone.
 */
export const stats = defineSubcommand({
  name: 'stats',
  nameKey: 'command.stats.name',
  descriptionKey: 'command.stats.description',
  answers: 'private',
  reach: 'anywhere',
  options: OPTIONS,
  handle: showStats,
});

async function showStats(
  ctx: BotContext,
  interaction: PlaceCommand,
  options: CommandOptions<typeof OPTIONS>,
): Promise<Outcome> {
  const place = placeOf(interaction);
  const chosen = await chosenPeriod(ctx, place, options, 'all');
  if ('refusal' in chosen) return chosen;
  const playerId = options.player?.id ?? interaction.user.id;
  const own = playerId === interaction.user.id;
  const stats = await statsOf(ctx, place, playerId, chosen.key);
  if (stats.lines.length === 0) return noStats(chosen.key, periodMessage(chosen.label), own ? undefined : playerId);
  const tr = personal(ctx.languages, interaction);
  const rules = stats.lines[0]!.rules;
  const skilled = await withSkillLine(
    ctx,
    renderStats(
      { playerId, name: stats.name, period: chosen.label, lines: stats.lines },
      tr,
      own ? { shareId: encodeShareId({ userId: playerId, period: chosen.key }) } : {},
    ),
    { guildId: place, playerId, period: chosen.key, rules },
    tr,
  );
  const card = await withRatingLine(ctx, skilled, { playerId, rules }, tr);
  // A fresh board may have answered first (its old one was lost): then this follows it.
  await replyPrivately(interaction, card);
  return undefined;
}
