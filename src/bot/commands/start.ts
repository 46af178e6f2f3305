import { PermissionFlagsBits } from 'discord.js';
import { DEFAULT_TURN_TIMER_MINUTES, MAX_TURN_TIMER_MINUTES } from '../../../commands/index.js';
import { COMPUTER_LEVELS, type ComputerLevel, createGame, isRules, MAX_SEATS } from '../../game/index.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { channelBusy } from '../refusal-text.js';
import { renderGame } from '../render/index.js';
import { gameView } from '../view.js';
import type { GuildCommand } from './index.js';

/** What the bot needs in a channel to keep its board up to date there, by the names members see. */
const NEEDED: readonly (readonly [string, bigint])[] = [
  ['View Channel', PermissionFlagsBits.ViewChannel],
  ['Send Messages', PermissionFlagsBits.SendMessages],
  ['Embed Links', PermissionFlagsBits.EmbedLinks],
];

export async function startCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const { guildId, channelId } = interaction;
  const active = await ctx.store.activeGameInChannel(channelId);
  if (active) return refused(channelBusy(active));
  const missing = NEEDED.filter(([, bit]) => !interaction.appPermissions.has(bit)).map(([name]) => name);
  if (missing.length > 0) {
    return refused(`I cannot post in this channel: give me ${missing.join(' and ')} here, then try again.`);
  }
  const rules = {
    rerolls: interaction.options.getInteger('rerolls') ?? 1,
    thirteen: interaction.options.getString('thirteen') ?? 'any',
  };
  if (!isRules(rules)) return refused('Rerolls must be 1 or 2, and Thirteen `any` or `no-pair`.');
  const minutes = interaction.options.getInteger('turn-timer') ?? DEFAULT_TURN_TIMER_MINUTES;
  if (minutes < 1 || minutes > MAX_TURN_TIMER_MINUTES) {
    return refused(`The turn timer takes 1 to ${MAX_TURN_TIMER_MINUTES} minutes.`);
  }
  const computers = interaction.options.getInteger('computers') ?? 0;
  if (computers < 0 || computers > MAX_SEATS - 1)
    return refused(`You can seat 0 to ${MAX_SEATS - 1} computer opponents.`);
  const level = (interaction.options.getString('level') ?? 'optimal') as ComputerLevel;
  if (!COMPUTER_LEVELS.includes(level)) return refused('The computer level is easy, optimal or strong.');

  const host = interaction.user.id;
  const opened = await ctx.flow.open(
    {
      guildId,
      channelId,
      state: createGame(host, rules),
      turnTimerSeconds: minutes * 60,
      hintsEnabled: interaction.options.getBoolean('hints') ?? true,
    },
    Array.from({ length: computers }, () => ({ type: 'add-computer', playerId: host, level }) as const),
  );
  if (!opened.ok) return opened;
  const game = opened.game;
  try {
    const response = await interaction.reply({ ...renderGame(await gameView(ctx.store, game)), withResponse: true });
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
