import { ChannelType, PermissionFlagsBits } from 'discord.js';
import { DEFAULT_TURN_TIMER_MINUTES, MAX_TURN_TIMER_MINUTES } from '../../../commands/index.js';
import { COMPUTER_LEVELS, type ComputerLevel, createGame, isRules, MAX_SEATS, type Rules } from '../../game/index.js';
import { type Message, message } from '../../i18n/index.js';
import { applyHouseRules, type LimitBreach, type StartOptions } from '../../settings/start-options.js';
import type { StoredGame } from '../../store/index.js';
import type { GameHouseRules } from '../../store/settings/index.js';
import { channelWide, personal } from '../audience.js';
import type { BotContext } from '../context.js';
import { displayName } from '../display-name.js';
import { gameMessage } from '../game-message.js';
import { type Outcome, type Refusal, refused } from '../outcome.js';
import { channelBusy } from '../refusals.js';
import { replyPrivately } from '../replies.js';
import { mayStartHere } from '../start-gate.js';
import type { GuildCommand } from './index.js';
import { readOptions } from './options.js';

type Needed = readonly (readonly [Message, bigint])[];

/**
 * What the bot needs in a channel to keep its board up to date there, by the names members see:
 * to see it, to post turn pings, and to attach the score card when its own edit ends a game.
 */
const IN_CHANNEL: Needed = [
  [message('permission.view-channel'), PermissionFlagsBits.ViewChannel],
  [message('permission.send-messages'), PermissionFlagsBits.SendMessages],
  [message('permission.attach-files'), PermissionFlagsBits.AttachFiles],
];
/** In a thread, Send Messages in Threads is what counts. */
const IN_THREAD: Needed = [
  [message('permission.view-channel'), PermissionFlagsBits.ViewChannel],
  [message('permission.send-messages-in-threads'), PermissionFlagsBits.SendMessagesInThreads],
  [message('permission.attach-files'), PermissionFlagsBits.AttachFiles],
];
/** To open the game in a new thread of this channel. */
const FOR_A_THREAD: Needed = [
  ...IN_THREAD,
  [message('permission.create-public-threads'), PermissionFlagsBits.CreatePublicThreads],
];

/** Where the lobby goes: here, or a new public thread of this channel. */
type Place = { readonly kind: 'here' } | { readonly kind: 'new-thread' };

export async function startCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  // The server's house rules, read once and frozen into the game: changing them later alters nothing in play.
  const house = await ctx.houseRules.settingsOf(interaction.guildId);
  const barred = mayStartHere(interaction, house);
  if (barred) return barred;
  const applied = applyHouseRules(readOptions(interaction, 'start'), house);
  if (!applied.ok) return limitRefusal(applied.breach);
  const place = whereToPlay(interaction, applied.options.thread ?? false);
  if ('refusal' in place) return place;
  if (place.kind === 'here') {
    const active = await ctx.store.activeGameInChannel(interaction.channelId);
    if (active) return channelBusy(active);
  }
  const table = settingsOf(applied.options);
  if ('refusal' in table) return table;
  const settings = { ...table, house: { fromServer: applied.fromServer, language: house.language ?? null } };
  const wait = ctx.cooldowns.check('start', interaction.user.id);
  if (wait) return wait;
  if (place.kind === 'new-thread') return startInThread(ctx, interaction, settings);

  const opened = await open(ctx, interaction, interaction.channelId, settings);
  if (!opened.ok) return opened;
  const game = opened.game;
  ctx.boards.willPost(game.id);
  try {
    const lobby = await gameMessage(ctx, game, channelWide(ctx.languages, interaction), ctx.dice.faces);
    const response = await interaction.reply({ ...lobby, withResponse: true });
    const messageId = response.resource?.message?.id;
    if (messageId) await ctx.boards.adopt(game, messageId, game.state.version);
  } catch (error) {
    // Nobody can see this lobby, so free the channel rather than block it for a day.
    await abandon(ctx, game);
    throw error;
  }
  ctx.log.info('lobby opened', { gameId: game.id, guild: game.guildId, channel: game.channelId });
  return undefined;
}

/**
 * Checks the channel: a thread must be open (not archived or locked), and the bot needs what it
 * takes to keep a board up to date there (or, for `thread:true`, to open a thread of this channel).
 */
function whereToPlay(interaction: GuildCommand, wantsThread: boolean): Place | Refusal {
  const channel = interaction.channel;
  const inThread = channel?.isThread() ?? false;
  if (channel?.isThread()) {
    if (channel.locked) return refused('refusal.thread-locked');
    if (channel.archived) return refused('refusal.thread-archived');
    if (wantsThread) return refused('refusal.already-in-thread');
  }
  if (wantsThread && channel && channel.type !== ChannelType.GuildText) return refused('refusal.no-threads-here');
  const needed = wantsThread ? FOR_A_THREAD : inThread ? IN_THREAD : IN_CHANNEL;
  const missing = needed.filter(([, bit]) => !interaction.appPermissions.has(bit)).map(([name]) => name);
  if (missing.length > 0) return refused('refusal.missing-permissions', { permissions: missing });
  return wantsThread ? { kind: 'new-thread' } : { kind: 'here' };
}

interface TableSettings {
  readonly rules: Rules;
  readonly minutes: number;
  readonly computers: number;
  readonly level: ComputerLevel;
  readonly hints: boolean;
  readonly pings: boolean;
}

interface Settings extends TableSettings {
  /** What the game takes from the server's house rules, recorded with it. */
  readonly house: GameHouseRules;
}

/** A limit of the server's refuses the start, naming the setting. */
function limitRefusal(breach: LimitBreach): Refusal {
  switch (breach.limit) {
    case 'limits.computers-allowed':
      return refused('refusal.settings.no-computers');
    case 'limits.hints-allowed':
      return refused('refusal.settings.no-hints');
    case 'limits.max-turn-timer':
      return refused('refusal.settings.turn-timer-over', { count: breach.max });
  }
}

function settingsOf(options: StartOptions): TableSettings | Refusal {
  const rules = { rerolls: options.rerolls ?? 1, thirteen: options.thirteen ?? 'any' };
  if (!isRules(rules)) return refused('refusal.bad-rules');
  const minutes = options['turn-timer'] ?? DEFAULT_TURN_TIMER_MINUTES;
  if (minutes < 1 || minutes > MAX_TURN_TIMER_MINUTES) {
    return refused('refusal.bad-turn-timer', { count: MAX_TURN_TIMER_MINUTES });
  }
  const computers = options.computers ?? 0;
  if (computers < 0 || computers > MAX_SEATS - 1) return refused('refusal.bad-computers', { count: MAX_SEATS - 1 });
  const level = (options.level ?? 'optimal') as ComputerLevel;
  if (!COMPUTER_LEVELS.includes(level)) return refused('refusal.bad-level');
  return {
    rules,
    minutes,
    computers,
    level,
    hints: options.hints ?? true,
    pings: options.pings ?? true,
  };
}

async function open(ctx: BotContext, interaction: GuildCommand, channelId: string, settings: Settings) {
  const host = interaction.user.id;
  const opened = await ctx.flow.open(
    {
      guildId: interaction.guildId,
      channelId,
      state: createGame(host, settings.rules, displayName(interaction)),
      turnTimerSeconds: settings.minutes * 60,
      hintsEnabled: settings.hints,
      pingsEnabled: settings.pings,
    },
    Array.from(
      { length: settings.computers },
      () => ({ type: 'add-computer', playerId: host, level: settings.level }) as const,
    ),
  );
  // Before its first drawing, whose footer and language depend on it.
  if (opened.ok) await ctx.houseRules.recordGame(opened.game.id, settings.house);
  return opened;
}

/**
 * `thread:true`: the lobby opens in a new public thread of this channel, named after the host, so
 * one channel can hold several games at once. The host is told where, privately.
 */
async function startInThread(ctx: BotContext, interaction: GuildCommand, settings: Settings): Promise<Outcome> {
  const tr = channelWide(ctx.languages, interaction);
  const name = tr.t('thread.name', { host: displayName(interaction) });
  const threadId = await ctx.boards.openThread(interaction.channelId, name);
  const opened = await open(ctx, interaction, threadId, settings);
  if (!opened.ok) return opened;
  const game = opened.game;
  try {
    await ctx.boards.post(game, await gameMessage(ctx, game, tr, ctx.dice.faces));
  } catch (error) {
    await abandon(ctx, game);
    throw error;
  }
  await replyPrivately(
    interaction,
    personal(ctx.languages, interaction).t('start.in-thread', { thread: `<#${threadId}>` }),
  );
  ctx.log.info('lobby opened in a thread', { gameId: game.id, guild: game.guildId, thread: threadId });
  return undefined;
}

async function abandon(ctx: BotContext, game: StoredGame): Promise<void> {
  await ctx.flow.change(game.id, () => ({ type: 'abandon' }));
  ctx.boards.forget(game.id);
}
