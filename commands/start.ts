import { ChannelType, PermissionFlagsBits } from 'discord.js';
import { channelWide, personal } from '../src/bot/audience.js';
import type { BotContext } from '../src/bot/context.js';
import { displayName } from '../src/bot/display-name.js';
import { gameMessage } from '../src/bot/game-message.js';
import { answersOnlyPrivate, installedInServer, webhookTokenOf } from '../src/bot/install-place.js';
import { keepToken } from '../src/bot/kept-token.js';
import { type Outcome, type Refusal, refused } from '../src/bot/outcome.js';
import { placeOf } from '../src/bot/place.js';
import { channelBusy } from '../src/bot/refusals.js';
import { answerPublicly, replyPrivately } from '../src/bot/replies.js';
import { mayStartHere, starterOf } from '../src/bot/start-gate.js';
import { abandonUnseen } from '../src/bot/unseen-game.js';
import {
  COMPUTER_LEVELS,
  type ComputerLevel,
  createGame,
  DEFAULT_RULES,
  isRules,
  MAX_SEATS,
  type Rules,
} from '../src/game/index.js';
import { message, type Translatable } from '../src/i18n/index.js';
import { applyHouseRules, type StartOptions as GivenOptions, type LimitBreach } from '../src/settings/start-options.js';
import type { SettingValues } from '../src/settings/values.js';
import type { GameHouseRules } from '../src/store/settings/index.js';
import { choicesOf, rerollChoices, THIRTEEN_CHOICES } from './choices.js';
import { type CommandOptions, defineSubcommand, type OptionSpecs, type PlaceCommand } from './define.js';
import { DEFAULT_TURN_TIMER_MINUTES, MAX_TURN_TIMER_MINUTES } from './turn-timer.js';

/** A table seats at most MAX_SEATS, and one of them is the host. */
const MAX_COMPUTERS = MAX_SEATS - 1;
/** The computers' level when the host names none. */
const DEFAULT_LEVEL: ComputerLevel = 'optimal';

export const START_OPTIONS = {
  rerolls: {
    kind: 'integer',
    nameKey: 'command.start.rerolls.name',
    descriptionKey: 'command.start.rerolls.description',
    choices: rerollChoices({ 1: 'command.start.rerolls.standard', 2: 'command.start.rerolls.house' }),
    invalid: 'refusal.bad-rules',
  },
  thirteen: {
    kind: 'string',
    nameKey: 'command.start.thirteen.name',
    descriptionKey: 'command.start.thirteen.description',
    choices: THIRTEEN_CHOICES,
    invalid: 'refusal.bad-rules',
  },
  'turn-timer': {
    kind: 'integer',
    nameKey: 'command.start.turn-timer.name',
    descriptionKey: 'command.start.turn-timer.description',
    params: { minutes: DEFAULT_TURN_TIMER_MINUTES },
    min: 1,
    max: MAX_TURN_TIMER_MINUTES,
  },
  computers: {
    kind: 'integer',
    nameKey: 'command.start.computers.name',
    descriptionKey: 'command.start.computers.description',
    params: { max: MAX_COMPUTERS },
    min: 0,
    max: MAX_COMPUTERS,
  },
  level: {
    kind: 'string',
    nameKey: 'command.start.level.name',
    descriptionKey: 'command.start.level.description',
    choices: choicesOf(COMPUTER_LEVELS, {
      easy: 'command.start.level.easy',
      optimal: 'command.start.level.optimal',
      strong: 'command.start.level.strong',
    }),
    invalid: 'refusal.bad-level',
  },
  hints: { kind: 'boolean', nameKey: 'command.start.hints.name', descriptionKey: 'command.start.hints.description' },
  thread: { kind: 'boolean', nameKey: 'command.start.thread.name', descriptionKey: 'command.start.thread.description' },
  pings: { kind: 'boolean', nameKey: 'command.start.pings.name', descriptionKey: 'command.start.pings.description' },
} as const satisfies OptionSpecs;

type StartOptions = CommandOptions<typeof START_OPTIONS>;

/** `/crag start`: opens a lobby here, or in a new thread of this channel, with the rules and table chosen. */
export const start = defineSubcommand({
  name: 'start',
  nameKey: 'command.start.name',
  descriptionKey: 'command.start.description',
  answers: 'public',
  // A server without Crag, a group DM, a DM: there the game is reached through interaction webhooks.
  reach: 'anywhere',
  // Where the person lacks Use External Apps, a private game (see privateGame).
  privately: true,
  options: START_OPTIONS,
  handle: startGame,
});

type Needed = readonly (readonly [Translatable, bigint])[];

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

async function startGame(ctx: BotContext, interaction: PlaceCommand, given: StartOptions): Promise<Outcome> {
  // The server's house rules, read once and frozen into the game: changing them later alters nothing in play.
  const house = await ctx.houseRules.settingsOf(placeOf(interaction));
  const barred = mayStartHere(starterOf(interaction), house, ctx.guilds);
  if (barred) return barred;
  const chosen = startSettings(given, house);
  if ('refusal' in chosen) return chosen;
  const alone = answersOnlyPrivate(interaction);
  const settings = alone ? privateGame(chosen) : chosen;
  const place = whereToPlay(interaction, settings.thread);
  if ('refusal' in place) return place;
  if (place.kind === 'here') {
    const active = await ctx.store.activeGameInChannel(interaction.channelId);
    if (active) return channelBusy(active);
  }
  const wait = ctx.cooldowns.check('start', interaction.user.id);
  if (wait) return wait;
  if (place.kind === 'new-thread') return startInThread(ctx, interaction, settings);

  const opened = await open(ctx, interaction, interaction.channelId, settings, alone);
  if (!opened.ok) return opened;
  const game = opened.game;
  ctx.boards.willPost(game.id);
  try {
    const lobby = await gameMessage(ctx, game, channelWide(ctx.languages, interaction), ctx.dice.faces);
    const messageId = await answerPublicly(interaction, lobby);
    // Where the bot is not a member, this reply's token is the board's way out until a click brings a newer one.
    if (messageId) await keepToken(ctx.boards, interaction, game.id);
    if (messageId) await ctx.boards.adopt(game, messageId, game.state.version);
  } catch (error) {
    // Nobody can see this lobby, so free the channel rather than block it for a day.
    await abandonUnseen(ctx, game);
    throw error;
  }
  ctx.log.info(alone ? 'private game opened' : 'lobby opened', {
    gameId: game.id,
    guild: game.guildId,
    channel: game.channelId,
  });
  return undefined;
}

/**
 * A game where the person lacks Use External Apps: Discord shows every answer to them alone, so
 * nobody else can see the board to join it, nor a turn ping. The game is theirs, against the
 * computers they ask for (none: a solo game, which the engine plays like any other), and it begins
 * at once, since a lobby would wait for nobody. No pings: a follow-up there would be seen by the
 * person who is looking at the board already, and would spend one of the token's five.
 */
function privateGame(settings: StartSettings): StartSettings {
  return { ...settings, pings: false };
}

/**
 * Checks the channel: a thread must be open (not archived or locked), and the bot needs what it
 * takes to keep a board up to date there (or, for `thread:true`, to open a thread of this channel).
 */
function whereToPlay(interaction: PlaceCommand, wantsThread: boolean): Place | Refusal {
  // A DM or group DM has no threads at all.
  if (!interaction.inGuild()) return wantsThread ? refused('refusal.no-threads-in-dm') : { kind: 'here' };
  // Under a person's own install only, the board lives in interaction responses, which need none of
  // the bot's permissions (it has none there); the bot cannot open a thread there.
  if (!installedInServer(interaction))
    return wantsThread ? refused('refusal.no-threads-without-bot') : { kind: 'here' };
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

/** What a game starts with, whoever opens it: /crag start, or the table in a voice channel. */
export interface StartSettings {
  readonly rules: Rules;
  readonly minutes: number;
  readonly computers: number;
  readonly level: ComputerLevel;
  readonly hints: boolean;
  readonly pings: boolean;
  /** In a new thread of the channel rather than in it (the table, in a voice channel, has none). */
  readonly thread: boolean;
  /** What the game takes from the server's house rules, recorded with it. */
  readonly house: GameHouseRules;
}

function isComputerLevel(level: string): level is ComputerLevel {
  return (COMPUTER_LEVELS as readonly string[]).includes(level);
}

/**
 * The settings of a game started with `given` under a server's house rules: each option given,
 * else the server's default, else the bot's, within the server's limits (a breach refuses, naming it).
 */
export function startSettings(given: GivenOptions, house: SettingValues): StartSettings | Refusal {
  const applied = applyHouseRules(given, house);
  if (!applied.ok) return limitRefusal(applied.breach);
  const table = readSettings(applied.options);
  if ('refusal' in table) return table;
  return { ...table, house: { fromServer: applied.fromServer, language: house.language ?? null } };
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

/**
 * The table the options describe. They are the person's (typed by the definition) filled in from
 * the server's defaults, which were checked when they were set; a value of neither kind is refused.
 */
function readSettings(options: GivenOptions): Omit<StartSettings, 'house'> | Refusal {
  const rules = {
    rerolls: options.rerolls ?? DEFAULT_RULES.rerolls,
    thirteen: options.thirteen ?? DEFAULT_RULES.thirteen,
  };
  if (!isRules(rules)) return refused('refusal.bad-rules');
  const minutes = options['turn-timer'] ?? DEFAULT_TURN_TIMER_MINUTES;
  if (minutes < 1 || minutes > MAX_TURN_TIMER_MINUTES) {
    return refused('refusal.bad-turn-timer', { count: MAX_TURN_TIMER_MINUTES });
  }
  const computers = options.computers ?? 0;
  if (computers < 0 || computers > MAX_COMPUTERS) return refused('refusal.bad-computers', { count: MAX_COMPUTERS });
  const level = options.level ?? DEFAULT_LEVEL;
  if (!isComputerLevel(level)) return refused('refusal.bad-level');
  return {
    rules,
    minutes,
    computers,
    level,
    hints: options.hints ?? true,
    pings: options.pings ?? true,
    thread: options.thread ?? false,
  };
}

function open(ctx: BotContext, interaction: PlaceCommand, channelId: string, settings: StartSettings, begin = false) {
  const host = { id: interaction.user.id, name: displayName(interaction) };
  // Where the bot is not a member, the game is reached through interaction webhooks from its first drawing.
  const viaWebhooks = webhookTokenOf(interaction) !== undefined;
  return openLobby(ctx, { guildId: placeOf(interaction), channelId, viaWebhooks }, host, settings, begin);
}

/**
 * Opens a lobby with `settings`, its computers seated and its house rules recorded; with `begin`,
 * the game starts at once, its host's turn first (a private game, which nobody else can join).
 */
export async function openLobby(
  ctx: BotContext,
  place: { readonly guildId: string; readonly channelId: string; readonly viaWebhooks?: boolean },
  host: { readonly id: string; readonly name: string },
  settings: StartSettings,
  begin = false,
) {
  const opened = await ctx.flow.open(
    {
      ...place,
      state: createGame(host.id, settings.rules, host.name),
      turnTimerSeconds: settings.minutes * 60,
      hintsEnabled: settings.hints,
      pingsEnabled: settings.pings,
    },
    [
      ...Array.from(
        { length: settings.computers },
        () => ({ type: 'add-computer', playerId: host.id, level: settings.level }) as const,
      ),
      ...(begin ? [{ type: 'start', playerId: host.id } as const] : []),
    ],
  );
  // Before its first drawing, whose footer and language depend on it.
  if (opened.ok) await ctx.houseRules.recordGame(opened.game.id, settings.house);
  return opened;
}

/**
 * `thread:true`: the lobby opens in a new public thread of this channel, named after the host, so
 * one channel can hold several games at once. The host is told where, privately.
 */
async function startInThread(ctx: BotContext, interaction: PlaceCommand, settings: StartSettings): Promise<Outcome> {
  const tr = channelWide(ctx.languages, interaction);
  const name = tr.t('thread.name', { host: displayName(interaction) });
  const threadId = await ctx.boards.openThread(interaction.channelId, name);
  const opened = await open(ctx, interaction, threadId, settings);
  if (!opened.ok) return opened;
  const game = opened.game;
  try {
    await ctx.boards.post(game, await gameMessage(ctx, game, tr, ctx.dice.faces));
  } catch (error) {
    await abandonUnseen(ctx, game);
    throw error;
  }
  await replyPrivately(
    interaction,
    personal(ctx.languages, interaction).t('start.in-thread', { thread: `<#${threadId}>` }),
  );
  ctx.log.info('lobby opened in a thread', { gameId: game.id, guild: game.guildId, thread: threadId });
  return undefined;
}
