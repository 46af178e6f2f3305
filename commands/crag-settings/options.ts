import type { ChatInputCommandInteraction } from 'discord.js';
import { START_OPTIONS } from '../start.js';

/** The kinds of value the /crag-settings options carry; channels and roles are read as their ids. */
export type SettingsOptionKind = 'integer' | 'string' | 'boolean' | 'channel' | 'role';

/**
 * Every option of each /crag-settings subcommand with its kind: the one list the definition names
 * its options from (definition.ts) and the handler reads them through (`readSettingsOptions`).
 * `defaults` takes exactly the /crag start options (commands/start.ts), whose definitions it reuses.
 */
/** The kind of each /crag start option, as `defaults` reads them. */
const START_OPTION_KINDS = Object.fromEntries(
  Object.entries(START_OPTIONS).map(([name, spec]) => [name, spec.kind]),
) as { readonly [Name in keyof typeof START_OPTIONS]: (typeof START_OPTIONS)[Name]['kind'] };

export const CRAG_SETTINGS_OPTIONS = {
  show: {},
  defaults: START_OPTION_KINDS,
  channels: { add: 'channel', remove: 'channel', clear: 'boolean' },
  'starter-role': { role: 'role', clear: 'boolean' },
  language: { language: 'string' },
  limits: { 'computers-allowed': 'boolean', 'hints-allowed': 'boolean', 'max-turn-timer': 'integer' },
  reset: {},
} as const satisfies Readonly<Record<string, Readonly<Record<string, SettingsOptionKind>>>>;

export type SettingsSubcommand = keyof typeof CRAG_SETTINGS_OPTIONS;

type ValueOf<Kind extends SettingsOptionKind> = {
  integer: number;
  string: string;
  boolean: boolean;
  channel: string;
  role: string;
}[Kind];

/** A subcommand's options as given: each by its name, typed by its kind, null when left out. */
export type SettingsOptions<Subcommand extends SettingsSubcommand> = {
  readonly [Name in keyof (typeof CRAG_SETTINGS_OPTIONS)[Subcommand]]: (typeof CRAG_SETTINGS_OPTIONS)[Subcommand][Name] extends SettingsOptionKind
    ? ValueOf<(typeof CRAG_SETTINGS_OPTIONS)[Subcommand][Name]> | null
    : never;
};

export function isSettingsSubcommand(name: string | null): name is SettingsSubcommand {
  return name !== null && Object.hasOwn(CRAG_SETTINGS_OPTIONS, name);
}

type Given = ChatInputCommandInteraction['options'];

/** How each kind is read; channels and roles as their ids. */
const READ: { readonly [Kind in SettingsOptionKind]: (given: Given, name: string) => unknown } = {
  integer: (given, name) => given.getInteger(name),
  string: (given, name) => given.getString(name),
  boolean: (given, name) => given.getBoolean(name),
  channel: (given, name) => given.getChannel(name)?.id ?? null,
  role: (given, name) => given.getRole(name)?.id ?? null,
};

/** Reads every option of `subcommand` by the names and kinds the definition has. */
export function readSettingsOptions<Subcommand extends SettingsSubcommand>(
  interaction: ChatInputCommandInteraction,
  subcommand: Subcommand,
): SettingsOptions<Subcommand> {
  const options = CRAG_SETTINGS_OPTIONS[subcommand] as Readonly<Record<string, SettingsOptionKind>>;
  return Object.fromEntries(
    Object.entries(options).map(([name, kind]) => [name, READ[kind](interaction.options, name)]),
  ) as SettingsOptions<Subcommand>;
}
