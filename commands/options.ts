/** The kinds of value the /crag options carry. */
export type OptionKind = 'integer' | 'string' | 'boolean' | 'user';

/**
 * Every option of each /crag subcommand, with the kind of value it carries: the one list that the
 * definitions (crag.ts) name their options from and the handlers read them through
 * (src/bot/commands/options.ts). Renaming an option here fails to compile wherever it is defined or
 * read; a definition whose options differ from this list fails the definitions test.
 */
export const CRAG_OPTIONS = {
  start: {
    rerolls: 'integer',
    thirteen: 'string',
    'turn-timer': 'integer',
    computers: 'integer',
    level: 'string',
    hints: 'boolean',
    thread: 'boolean',
    pings: 'boolean',
  },
  leaderboard: {
    scope: 'string',
    period: 'string',
    season: 'integer',
    rerolls: 'integer',
    thirteen: 'string',
    'rank-by': 'string',
    'min-games': 'integer',
  },
  sheet: { player: 'user' },
  stats: { player: 'user', period: 'string', season: 'integer' },
  history: { scope: 'string' },
} as const satisfies Readonly<Record<string, Readonly<Record<string, OptionKind>>>>;

/** The subcommands that take options. */
export type SubcommandWithOptions = keyof typeof CRAG_OPTIONS;

/** The name of one of `Subcommand`'s options. */
export type OptionName<Subcommand extends SubcommandWithOptions> = keyof (typeof CRAG_OPTIONS)[Subcommand] & string;

/** An option's name, checked against the list: what the definitions pass to the builders. */
export function optionName<Subcommand extends SubcommandWithOptions>(
  _subcommand: Subcommand,
  name: OptionName<Subcommand>,
): OptionName<Subcommand> {
  return name;
}
