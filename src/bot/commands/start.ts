import { PermissionFlagsBits } from 'discord.js';
import { DEFAULT_TURN_TIMER_MINUTES, MAX_TURN_TIMER_MINUTES } from '../../../commands/index.js';
import { COMPUTER_LEVELS, type ComputerLevel, createGame, isRules, MAX_SEATS } from '../../game/index.js';
import { type Message, message } from '../../i18n/index.js';
import { channelWide } from '../audience.js';
import type { BotContext } from '../context.js';
import { displayName } from '../display-name.js';
import { type Outcome, refused } from '../outcome.js';
import { channelBusy } from '../refusals.js';
import { renderGame } from '../render/index.js';
import { gameView } from '../view.js';
import type { GuildCommand } from './index.js';

/** What the bot needs in a channel to keep its board up to date there, by the names members see. */
const NEEDED: readonly (readonly [Message, bigint])[] = [
  [message('permission.view-channel'), PermissionFlagsBits.ViewChannel],
  [message('permission.send-messages'), PermissionFlagsBits.SendMessages],
  [message('permission.embed-links'), PermissionFlagsBits.EmbedLinks],
];

export async function startCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const { guildId, channelId } = interaction;
  const active = await ctx.store.activeGameInChannel(channelId);
  if (active) return channelBusy(active);
  const missing = NEEDED.filter(([, bit]) => !interaction.appPermissions.has(bit)).map(([name]) => name);
  if (missing.length > 0) return refused('refusal.missing-permissions', { permissions: missing });
  const rules = {
    rerolls: interaction.options.getInteger('rerolls') ?? 1,
    thirteen: interaction.options.getString('thirteen') ?? 'any',
  };
  if (!isRules(rules)) return refused('refusal.bad-rules');
  const minutes = interaction.options.getInteger('turn-timer') ?? DEFAULT_TURN_TIMER_MINUTES;
  if (minutes < 1 || minutes > MAX_TURN_TIMER_MINUTES) {
    return refused('refusal.bad-turn-timer', { count: MAX_TURN_TIMER_MINUTES });
  }
  const computers = interaction.options.getInteger('computers') ?? 0;
  if (computers < 0 || computers > MAX_SEATS - 1) return refused('refusal.bad-computers', { count: MAX_SEATS - 1 });
  const level = (interaction.options.getString('level') ?? 'optimal') as ComputerLevel;
  if (!COMPUTER_LEVELS.includes(level)) return refused('refusal.bad-level');

  const host = interaction.user.id;
  const opened = await ctx.flow.open(
    {
      guildId,
      channelId,
      state: createGame(host, rules, displayName(interaction)),
      turnTimerSeconds: minutes * 60,
      hintsEnabled: interaction.options.getBoolean('hints') ?? true,
    },
    Array.from({ length: computers }, () => ({ type: 'add-computer', playerId: host, level }) as const),
  );
  if (!opened.ok) return opened;
  const game = opened.game;
  try {
    const lobby = renderGame(await gameView(ctx.store, game), channelWide(ctx.languages, interaction));
    const response = await interaction.reply({ ...lobby, withResponse: true });
    const messageId = response.resource?.message?.id;
    if (messageId) await ctx.store.setBoardMessage(game.id, messageId);
    await ctx.boards.posted(game.id, game.state.version);
  } catch (error) {
    // Nobody can see this lobby, so free the channel rather than block it for a day.
    await ctx.flow.change(game.id, () => ({ type: 'abandon' }));
    throw error;
  }
  ctx.log.info('lobby opened', { gameId: game.id, guild: guildId, channel: channelId, host });
  return undefined;
}
