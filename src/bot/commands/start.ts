import { PermissionFlagsBits } from 'discord.js';
import { DEFAULT_TURN_TIMER_MINUTES, MAX_TURN_TIMER_MINUTES } from '../../../commands/index.js';
import { addComputer, COMPUTER_LEVELS, type ComputerLevel, createGame, isRules, MAX_SEATS } from '../../game/index.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { perform } from '../perform.js';
import { renderGame } from '../render/index.js';
import { messageLink } from '../replies.js';
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
  const active = ctx.store.activeGameInChannel(channelId);
  if (active) {
    const stage = active.state.status === 'lobby' ? 'open' : 'under way';
    return refused(
      `A game is already ${stage} in this channel: ${messageLink(guildId, channelId, active.boardMessageId)}`,
    );
  }
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

  let state = createGame(interaction.user.id, rules);
  for (let i = 0; i < computers; i += 1) {
    const seated = addComputer(state, interaction.user.id, level);
    if (seated.ok) state = seated.state;
  }
  const created = ctx.store.createGame({
    guildId,
    channelId,
    state,
    turnTimerSeconds: minutes * 60,
    hintsEnabled: interaction.options.getBoolean('hints') ?? true,
  });
  if (!created.ok) {
    if (created.reason === 'channel-busy') {
      return refused(
        `A game is already open in this channel: ${messageLink(guildId, channelId, created.active.boardMessageId)}`,
      );
    }
    throw new Error(`could not create a game: ${created.reason}`);
  }
  const game = created.game;
  try {
    const response = await interaction.reply({ ...renderGame(gameView(ctx.store, game)), withResponse: true });
    const messageId = response.resource?.message?.id;
    if (messageId) ctx.store.setBoardMessage(game.id, messageId);
    ctx.boards.posted(game.id, game.state.version);
  } catch (error) {
    // Nobody can see this lobby, so free the channel rather than block it for a day.
    perform(ctx, game, { type: 'abandon' });
    throw error;
  }
  ctx.log.info('lobby opened', { gameId: game.id, guild: guildId, channel: channelId, host: interaction.user.id });
  return undefined;
}
