import { channelWide, personal } from '../src/bot/audience.js';
import type { BotContext } from '../src/bot/context.js';
import { displayName } from '../src/bot/display-name.js';
import type { PlaceComponent } from '../src/bot/feature.js';
import { type Outcome, refused } from '../src/bot/outcome.js';
import { placeOf } from '../src/bot/place.js';
import { type PrivateCard, periodLabelOfKey, periodMessage, renderStats } from '../src/bot/render/index.js';
import { updateClicked } from '../src/bot/replies.js';
import type { ShareId } from '../src/bot/share-id.js';
import type { Translator } from '../src/i18n/index.js';
import { noStats, statsOf } from './person-figures.js';
import { withRatingLine } from './rating/stats-line.js';
import { withSkillLine } from './skill/stats-line.js';

/**
 * Share, under one's own statistics: posts them for the channel, in the server's language and as
 * they stand now, and takes the button off the private card. Anywhere `/crag stats` answers: the
 * press's own update and one follow-up of its fresh token, never the bot's token. Only the person who asked can press it
 * (the card is theirs alone, and the button names them), and only so often (the `share` cooldown:
 * a minute with the default COOLDOWN_MS).
 */
export async function shareStats(ctx: BotContext, interaction: PlaceComponent, id: ShareId): Promise<Outcome> {
  const label = periodLabelOfKey(id.period);
  if (interaction.user.id !== id.userId || !label) return refused('refusal.share-not-yours');
  const place = placeOf(interaction);
  const stats = await statsOf(ctx, place, id.userId, id.period);
  if (stats.lines.length === 0) return noStats(id.period, periodMessage(label));
  const wait = ctx.cooldowns.check('share', id.userId);
  if (wait) return wait;
  const view = { playerId: id.userId, name: stats.name, period: label, lines: stats.lines };
  const skill = { guildId: place, playerId: id.userId, period: id.period, rules: stats.lines[0]!.rules };
  const mine = personal(ctx.languages, interaction);
  const theirs = channelWide(ctx.languages, interaction);
  // The private card stays, without its button: a Components V2 message cannot be emptied.
  const drawn = async (card: PrivateCard, tr: Translator) =>
    withRatingLine(ctx, await withSkillLine(ctx, card, skill, tr), skill, tr);
  await updateClicked(interaction, await drawn(renderStats(view, mine), mine));
  await interaction.followUp(await drawn(renderStats(view, theirs, { sharedBy: displayName(interaction) }), theirs));
  return undefined;
}
