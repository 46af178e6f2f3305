import type { ChatInputCommandInteraction, User } from 'discord.js';
import type { BotContext } from '../src/bot/context.js';
import type { Outcome } from '../src/bot/outcome.js';
import type { MessageKey, MessageParams } from '../src/i18n/index.js';
import { readOptions } from './read-options.js';

/** A command interaction in a server: the only kind the handlers see (the router refuses the rest). */
export type GuildCommand = ChatInputCommandInteraction<'cached' | 'raw'>;

/**
 * How a subcommand or an option is named and described in every language: its catalogue keys,
 * written out (as everywhere in the code) so that a search for a key finds where it is used.
 */
export interface TextKeys {
  readonly nameKey: MessageKey;
  readonly descriptionKey: MessageKey;
}

/** One choice of an option: the value the handler reads, and the catalogue key of what people see. */
export interface Choice<Value extends number | string> {
  readonly value: Value;
  readonly name: MessageKey;
}

interface Described extends TextKeys {
  /** Values for the description's placeholders. */
  readonly params?: MessageParams;
}

interface WithChoices<Value extends number | string> {
  readonly choices: readonly Choice<Value>[];
  /**
   * The refusal for a value outside the choices. Discord sends only the choices it was given, so
   * only a definition older than the running code (not yet deployed again) can send one.
   */
  readonly invalid: MessageKey;
}

export type IntegerOption = Described & { readonly kind: 'integer'; readonly min: number; readonly max: number };
export type IntegerChoiceOption = Described & { readonly kind: 'integer' } & WithChoices<number>;
export type StringChoiceOption = Described & { readonly kind: 'string' } & WithChoices<string>;
export type BooleanOption = Described & { readonly kind: 'boolean' };
export type UserOption = Described & { readonly kind: 'user' };

/** An option as a subcommand defines it: what the definitions JSON is built from and the handler reads. */
export type OptionSpec = IntegerOption | IntegerChoiceOption | StringChoiceOption | BooleanOption | UserOption;

/** A subcommand's options by their canonical (English) names, in the order Discord shows them. */
export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

/** The kinds of value options carry. */
export type OptionKind = OptionSpec['kind'];

/** What an option gives the handler: one of its choices' values, or the kind's type. */
type ValueOf<Spec> = Spec extends { readonly choices: readonly Choice<infer Value>[] }
  ? Value
  : Spec extends { readonly kind: 'integer' }
    ? number
    : Spec extends { readonly kind: 'boolean' }
      ? boolean
      : Spec extends { readonly kind: 'user' }
        ? User
        : never;

/**
 * A subcommand's options as given, typed from its definition: each by its name, a choice option as
 * the union of its choices' values, null when left out. Renaming an option or adding a choice
 * changes this type, so every handler that reads it is checked again.
 */
export type CommandOptions<Options extends OptionSpecs> = {
  readonly [Name in keyof Options]: ValueOf<Options[Name]> | null;
};

/** A group of subcommands (`season` of `/crag season new`). */
export interface Group extends TextKeys {
  readonly name: string;
}

/** A subcommand's definition and its handler, side by side. */
export interface SubcommandDefinition<Options extends OptionSpecs> extends TextKeys {
  /** Its canonical (English) name, which Discord sends; the English catalogue must spell it the same. */
  readonly name: string;
  /** A subcommand inside a group (`/crag season new`): the group's name and text. */
  readonly group?: Group;
  readonly options: Options;
  /**
   * Who usually sees its answer: the channel (a board, a leaderboard) or only the person. A slow
   * answer is deferred so (src/bot/answer-in-time.ts), and an answer of the other kind replaces the
   * "thinking…" placeholder.
   */
  readonly answers: 'public' | 'private';
  handle(ctx: BotContext, interaction: GuildCommand, options: CommandOptions<Options>): Promise<Outcome>;
}

/** A defined subcommand, whatever its options: what the /crag command is built from and dispatches to. */
export interface Subcommand extends TextKeys {
  readonly name: string;
  readonly group?: Group;
  readonly options: OptionSpecs;
  readonly answers: 'public' | 'private';
  /** Reads the options by the definition (refusing a value outside its choices), then runs the handler. */
  run(ctx: BotContext, interaction: GuildCommand): Promise<Outcome>;
}

/**
 * A subcommand, defined beside its handler: `options` is written once, and the handler is given them
 * typed by it (`const` keeps each choice's value as a literal).
 */
export function defineSubcommand<const Options extends OptionSpecs>(
  definition: SubcommandDefinition<Options>,
): Subcommand {
  return {
    name: definition.name,
    nameKey: definition.nameKey,
    descriptionKey: definition.descriptionKey,
    ...(definition.group ? { group: definition.group } : {}),
    options: definition.options,
    answers: definition.answers,
    run: async (ctx, interaction) => {
      const read = readOptions(interaction, definition.options);
      return 'refusal' in read ? read : definition.handle(ctx, interaction, read.options);
    },
  };
}
