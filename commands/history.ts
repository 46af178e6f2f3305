import { personal } from '../src/bot/audience.js';
import type { BotContext } from '../src/bot/context.js';
import { type Outcome, refused } from '../src/bot/outcome.js';
import { renderHistory } from '../src/bot/render/index.js';
import { replyPrivately } from '../src/bot/replies.js';
import { type CommandOptions, defineSubcommand, type GuildCommand, type OptionSpecs } from './define.js';
import { shownInHistory } from './history-shown.js';

/** How many finished games the history lists. */
const HISTORY_GAMES = 10;

const OPTIONS = {
  scope: {
    kind: 'string',
    nameKey: 'command.history.scope.name',
    descriptionKey: 'command.history.scope.description',
    choices: [
      { value: 'channel', name: 'command.history.scope.channel' },
      { value: 'server', name: 'command.history.scope.server' },
    ],
    invalid: 'refusal.history-options',
  },
} as const satisfies OptionSpecs;

/** `/crag history`: the last finished games of this channel, or of the server, privately, with links to their final boards. */
export const history = defineSubcommand({
  name: 'history',
  nameKey: 'command.history.name',
  descriptionKey: 'command.history.description',
  answers: 'private',
  options: OPTIONS,
  handle: showHistory,
});

async function showHistory(
  ctx: BotContext,
  interaction: GuildCommand,
  options: CommandOptions<typeof OPTIONS>,
): Promise<Outcome> {
  const scope = options.scope ?? 'channel';
  const games = await shownInHistory(
    ctx,
    {
      guildId: interaction.guildId,
      ...(scope === 'channel' ? { channelId: interaction.channelId } : {}),
      limit: HISTORY_GAMES,
    },
    interaction.user.id,
  );
  if (games.length === 0) {
    return refused(scope === 'channel' ? 'refusal.no-history-channel' : 'refusal.no-history-server');
  }
  await replyPrivately(interaction, renderHistory({ scope, games }, personal(ctx.languages, interaction)));
  return undefined;
}
