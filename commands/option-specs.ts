import type { User } from 'discord.js';
import type { MessageKey, MessageParams } from '../src/i18n/index.js';

// What a command's options are, as types: read by define.ts (the definitions) and read-options.ts
// (the values), which must not import each other.

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
/** Free text, such as a tournament's name: Discord checks the length before it sends the command. */
export type TextOption = Described & { readonly kind: 'text'; readonly minLength: number; readonly maxLength: number };
/** A text channel of the server, as Discord's picker offers them; the handler is given its id. */
export type ChannelOption = Described & { readonly kind: 'channel' };

/** An option as a subcommand defines it: what the definitions JSON is built from and the handler reads. */
export type OptionSpec =
  | IntegerOption
  | IntegerChoiceOption
  | StringChoiceOption
  | BooleanOption
  | UserOption
  | TextOption
  | ChannelOption;

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
        : Spec extends { readonly kind: 'text' | 'channel' }
          ? string
          : never;

/**
 * A subcommand's options as given, typed from its definition: each by its name, a choice option as
 * the union of its choices' values, null when left out. Renaming an option or adding a choice
 * changes this type, so every handler that reads it is checked again.
 */
export type CommandOptions<Options extends OptionSpecs> = {
  readonly [Name in keyof Options]: ValueOf<Options[Name]> | null;
};
