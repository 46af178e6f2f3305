import type {
  ChatInputCommandInteraction,
  MessageComponentInteraction,
  RESTPostAPIApplicationCommandsJSONBody,
} from 'discord.js';
import type { Languages } from '../i18n/index.js';
import type { StoredGame } from '../store/index.js';
import type { BotContext } from './context.js';
import type { Outcome } from './outcome.js';

/** A command interaction in a server: the only kind the handlers see (the router refuses the rest). */
export type GuildCommand = ChatInputCommandInteraction<'cached' | 'raw'>;

/** A click in a server: what the controls of reach `bot-member` see (the router refuses the rest). */
export type GuildComponent = MessageComponentInteraction<'cached' | 'raw'>;

/** A command anywhere: a server, a DM with the bot, a group DM (its place: src/bot/place.ts). */
export type PlaceCommand = ChatInputCommandInteraction;

/** A click anywhere, on a message a command of reach `anywhere` drew. */
export type PlaceComponent = MessageComponentInteraction;

/**
 * Where a command or control may run, as its feature declares it (the router refuses the rest):
 * - `anywhere`: every server, DM and group DM, also where Crag is installed only to the person's
 *   account and the bot is no member; it answers only through the interaction (reply, defer and
 *   edit, follow-ups within Discord's caps), never with the bot's token in the channel;
 * - `bot-member`: only where the server added Crag, because it needs the bot's own token in the
 *   channel (the boards of `hint`, `sheet`, `board`, tournaments; a game's own board is `anywhere`,
 *   reached through interaction webhooks where the bot is no member);
 * - `crag-server`: only in a server that added Crag, because it is about that server (its seasons,
 *   its export, its settings); elsewhere a private word says so.
 */
export type Reach = 'anywhere' | 'bot-member' | 'crag-server';

/** One application command a feature answers, by the name Discord sends. */
export interface FeatureCommand {
  readonly name: string;
  /** The JSON the deploy script registers, in every catalogue's language. */
  definition(languages: Languages): RESTPostAPIApplicationCommandsJSONBody;
  /** Who usually sees the answer: a slow answer is deferred as it will be seen. */
  answersOf(interaction: ChatInputCommandInteraction): 'public' | 'private';
  /** Where this interaction of the command may run (a subcommand's own); absent: `bot-member`. */
  reachOf?(interaction: ChatInputCommandInteraction): Reach;
  /**
   * Whether this interaction of the command still makes sense where Discord shows every answer to
   * the person alone (no Use External Apps, see answersOnlyPrivate); absent: it does not.
   */
  privatelyOf?(interaction: ChatInputCommandInteraction): boolean;
  /**
   * Called only where its reach admits it: a reach other than `anywhere` is in a server with Crag.
   * A property, not a method, so that a handler of server commands only cannot be given here.
   */
  readonly handle: (ctx: BotContext, interaction: PlaceCommand) => Promise<Outcome>;
}

/**
 * The controls under one custom_id prefix (the text before the first `:`), which the feature mints.
 * `decode` reads a custom_id of that prefix; one it cannot read (forged, truncated, from a retired
 * version the feature no longer knows) is undefined and refused as an unknown control.
 */
export interface FeatureControl<Id> {
  readonly prefix: string;
  decode(customId: string): Id | undefined;
  handle(ctx: BotContext, interaction: GuildComponent, id: Id): Promise<Outcome>;
}

/** A control of reach `anywhere` (see Reach): it sees clicks wherever its message is. */
export interface AnywhereControl<Id> {
  readonly prefix: string;
  readonly reach: 'anywhere';
  /**
   * Whether its clicks on a message the person alone sees are answered where Discord makes every
   * answer private (no Use External Apps): a private game's board. Absent: they are refused there.
   */
  readonly privately?: boolean;
  decode(customId: string): Id | undefined;
  handle(ctx: BotContext, interaction: PlaceComponent, id: Id): Promise<Outcome>;
}

/**
 * Everything one feature mints, in one value: its commands and the prefixes of its controls. The
 * runtime is handed a registry of features at startup (registry.ts) and never imports one.
 */
export interface Feature {
  /** Names the feature in a startup error, when two claim the same command or prefix. */
  readonly name: string;
  readonly commands: readonly FeatureCommand[];
  // biome-ignore lint/suspicious/noExplicitAny: each control's id type is its own; the registry pairs decode and handle of the same control.
  readonly controls: readonly (FeatureControl<any> | AnywhereControl<any>)[];
  /**
   * Runs once the bot is connected and its turn timers are armed: a feature re-arms its own
   * deadlines from the store here (in the servers `owned` by this process, as the turns are) and
   * posts what a stop left unposted. A failure is logged; the bot runs on.
   */
  ready?(ctx: BotContext, owned: (guildId: string) => boolean): Promise<void>;
  /**
   * Told of every game that ended (finished or cancelled, by any path), once it is stored. It must
   * not throw and should return quickly: slow work goes on a deadline (ctx.deadlines).
   */
  gameEnded?(ctx: BotContext, game: StoredGame): void;
}

/** Declares a control, keeping its decoder and handler agreed on one id type. */
export function control<Id>(spec: FeatureControl<Id>): FeatureControl<Id> {
  return spec;
}

/** Declares a control of reach `anywhere`, keeping its decoder and handler agreed on one id type. */
export function anywhereControl<Id>(spec: Omit<AnywhereControl<Id>, 'reach'>): AnywhereControl<Id> {
  return { ...spec, reach: 'anywhere' };
}
