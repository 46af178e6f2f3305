import type { BotContext } from '../src/bot/context.js';
import type { GuildCommand, PlaceCommand, Reach } from '../src/bot/feature.js';
import { type Outcome, refused } from '../src/bot/outcome.js';
import type { CommandOptions, OptionSpecs, TextKeys } from './option-specs.js';
import { readOptions } from './read-options.js';

export type { GuildCommand, PlaceCommand } from '../src/bot/feature.js';

export type {
  BooleanOption,
  ChannelOption,
  Choice,
  CommandOptions,
  IntegerChoiceOption,
  IntegerOption,
  OptionKind,
  OptionSpec,
  OptionSpecs,
  StringChoiceOption,
  TextKeys,
  TextOption,
  UserOption,
} from './option-specs.js';

/** A group of subcommands (`season` of `/crag season new`). */
export interface Group extends TextKeys {
  readonly name: string;
}

/** A subcommand's definition and its handler, side by side. */
interface DefinitionText<Options extends OptionSpecs> extends TextKeys {
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
}

/**
 * Where it may run (src/bot/feature.ts, Reach), and its handler, typed by it: a subcommand of reach
 * `anywhere` is handed any command interaction (its place: src/bot/place.ts), the others one in a
 * server that added Crag. Absent: `bot-member`.
 */
export type SubcommandDefinition<Options extends OptionSpecs> = DefinitionText<Options> &
  (
    | {
        readonly reach?: 'bot-member' | 'crag-server';
        handle(ctx: BotContext, interaction: GuildCommand, options: CommandOptions<Options>): Promise<Outcome>;
      }
    | {
        readonly reach: 'anywhere';
        /** It also runs where Discord shows every answer to the person alone (no Use External Apps). */
        readonly privately?: boolean;
        handle(ctx: BotContext, interaction: PlaceCommand, options: CommandOptions<Options>): Promise<Outcome>;
      }
  );

/** A defined subcommand, whatever its options: what the /crag command is built from and dispatches to. */
export interface Subcommand extends TextKeys {
  readonly name: string;
  readonly group?: Group;
  readonly options: OptionSpecs;
  readonly answers: 'public' | 'private';
  readonly reach: Reach;
  /** Whether it runs where every answer is private (see SubcommandDefinition). */
  readonly privately: boolean;
  /** Reads the options by the definition (refusing a value outside its choices), then runs the handler. */
  run(ctx: BotContext, interaction: PlaceCommand): Promise<Outcome>;
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
    reach: definition.reach ?? 'bot-member',
    privately: definition.reach === 'anywhere' && definition.privately === true,
    run: async (ctx, interaction) => {
      const read = readOptions(interaction, definition.options);
      if ('refusal' in read) return read;
      if (definition.reach === 'anywhere') return definition.handle(ctx, interaction, read.options);
      // The router admits the other reaches only in a server that added Crag.
      if (!interaction.inGuild()) return refused('error.outside-server');
      return definition.handle(ctx, interaction, read.options);
    },
  };
}
