import type { User } from 'discord.js';
import { CRAG_OPTIONS, type OptionKind, type SubcommandWithOptions } from '../../../commands/options.js';
import type { GuildCommand } from './index.js';

type ValueOf<Kind extends OptionKind> = {
  integer: number;
  string: string;
  boolean: boolean;
  user: User;
}[Kind];

/** A subcommand's options as given: each by its name, typed by its kind, null when left out. */
export type CommandOptions<Subcommand extends SubcommandWithOptions> = {
  readonly [Name in keyof (typeof CRAG_OPTIONS)[Subcommand]]: (typeof CRAG_OPTIONS)[Subcommand][Name] extends OptionKind
    ? ValueOf<(typeof CRAG_OPTIONS)[Subcommand][Name]> | null
    : never;
};

/**
 * Reads every option of `subcommand` from the interaction, by the names and kinds its definition
 * has (commands/options.ts): a handler reads `options.rerolls`, never a string it could misspell.
 */
export function readOptions<Subcommand extends SubcommandWithOptions>(
  interaction: GuildCommand,
  subcommand: Subcommand,
): CommandOptions<Subcommand> {
  const given = interaction.options;
  const read: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(CRAG_OPTIONS[subcommand]) as [string, OptionKind][]) {
    read[name] =
      kind === 'integer'
        ? given.getInteger(name)
        : kind === 'string'
          ? given.getString(name)
          : kind === 'boolean'
            ? given.getBoolean(name)
            : given.getUser(name);
  }
  return read as CommandOptions<Subcommand>;
}
