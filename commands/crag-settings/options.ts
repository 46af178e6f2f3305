import type { ChatInputCommandInteraction } from 'discord.js';
import type { TextKeys } from '../define.js';
import { START_OPTIONS } from '../start.js';
import { MAX_TURN_TIMER_MINUTES } from '../turn-timer.js';

/** The kinds of value the /crag-settings options carry; channels and roles are read as their ids. */
export type SettingsOptionKind = 'integer' | 'string' | 'boolean' | 'channel' | 'role';

/** One /crag-settings option: its kind, its catalogue keys, and what Discord bounds it by. */
export type SettingsOptionSpec = TextKeys &
  (
    | { readonly kind: 'channel' | 'role' | 'boolean' }
    | { readonly kind: 'integer'; readonly min: number; readonly max: number }
    /** The one string option: a language, chosen from the catalogues (or `auto`). */
    | { readonly kind: 'string'; readonly choices: 'languages' }
  );

/** The kind of each /crag start option, as `defaults` reads them (its definitions are /crag start's own). */
const START_OPTION_KINDS = Object.fromEntries(
  Object.entries(START_OPTIONS).map(([name, spec]) => [name, { kind: spec.kind }]),
) as { readonly [Name in keyof typeof START_OPTIONS]: { readonly kind: (typeof START_OPTIONS)[Name]['kind'] } };

/**
 * Every /crag-settings subcommand with its catalogue keys and options: the one list the definition
 * is built from (definition.ts) and the handler reads options through (`readSettingsOptions`), in
 * the order Discord shows them. `defaults` takes exactly the /crag start options (commands/start.ts).
 */
export const CRAG_SETTINGS = {
  show: { nameKey: 'command.settings.show.name', descriptionKey: 'command.settings.show.description', options: {} },
  defaults: {
    nameKey: 'command.settings.defaults.name',
    descriptionKey: 'command.settings.defaults.description',
    options: START_OPTION_KINDS,
  },
  channels: {
    nameKey: 'command.settings.channels.name',
    descriptionKey: 'command.settings.channels.description',
    options: {
      add: {
        kind: 'channel',
        nameKey: 'command.settings.channels.add.name',
        descriptionKey: 'command.settings.channels.add.description',
      },
      remove: {
        kind: 'channel',
        nameKey: 'command.settings.channels.remove.name',
        descriptionKey: 'command.settings.channels.remove.description',
      },
      clear: {
        kind: 'boolean',
        nameKey: 'command.settings.clear.name',
        descriptionKey: 'command.settings.channels.clear.description',
      },
    },
  },
  'starter-role': {
    nameKey: 'command.settings.starter-role.name',
    descriptionKey: 'command.settings.starter-role.description',
    options: {
      role: {
        kind: 'role',
        nameKey: 'command.settings.starter-role.role.name',
        descriptionKey: 'command.settings.starter-role.role.description',
      },
      clear: {
        kind: 'boolean',
        nameKey: 'command.settings.clear.name',
        descriptionKey: 'command.settings.starter-role.clear.description',
      },
    },
  },
  'organiser-role': {
    nameKey: 'command.settings.organiser-role.name',
    descriptionKey: 'command.settings.organiser-role.description',
    options: {
      role: {
        kind: 'role',
        nameKey: 'command.settings.organiser-role.role.name',
        descriptionKey: 'command.settings.organiser-role.role.description',
      },
      clear: {
        kind: 'boolean',
        nameKey: 'command.settings.clear.name',
        descriptionKey: 'command.settings.organiser-role.clear.description',
      },
    },
  },
  language: {
    nameKey: 'command.settings.language.name',
    descriptionKey: 'command.settings.language.description',
    options: {
      language: {
        kind: 'string',
        nameKey: 'command.settings.language.name',
        descriptionKey: 'command.settings.language.option.description',
        choices: 'languages',
      },
    },
  },
  limits: {
    nameKey: 'command.settings.limits.name',
    descriptionKey: 'command.settings.limits.description',
    options: {
      'computers-allowed': {
        kind: 'boolean',
        nameKey: 'command.settings.limits.computers-allowed.name',
        descriptionKey: 'command.settings.limits.computers-allowed.description',
      },
      'hints-allowed': {
        kind: 'boolean',
        nameKey: 'command.settings.limits.hints-allowed.name',
        descriptionKey: 'command.settings.limits.hints-allowed.description',
      },
      'max-turn-timer': {
        kind: 'integer',
        nameKey: 'command.settings.limits.max-turn-timer.name',
        descriptionKey: 'command.settings.limits.max-turn-timer.description',
        min: 1,
        max: MAX_TURN_TIMER_MINUTES,
      },
    },
  },
  reset: { nameKey: 'command.settings.reset.name', descriptionKey: 'command.settings.reset.description', options: {} },
} as const satisfies Readonly<
  Record<
    string,
    TextKeys & {
      readonly options: Readonly<Record<string, SettingsOptionSpec | { readonly kind: SettingsOptionKind }>>;
    }
  >
>;

export type SettingsSubcommand = keyof typeof CRAG_SETTINGS;

type OptionsOf<Subcommand extends SettingsSubcommand> = (typeof CRAG_SETTINGS)[Subcommand]['options'];

type ValueOf<Kind extends SettingsOptionKind> = {
  integer: number;
  string: string;
  boolean: boolean;
  channel: string;
  role: string;
}[Kind];

/** A subcommand's options as given: each by its name, typed by its kind, null when left out. */
export type SettingsOptions<Subcommand extends SettingsSubcommand> = {
  readonly [Name in keyof OptionsOf<Subcommand>]: OptionsOf<Subcommand>[Name] extends {
    readonly kind: infer Kind extends SettingsOptionKind;
  }
    ? ValueOf<Kind> | null
    : never;
};

export function isSettingsSubcommand(name: string | null): name is SettingsSubcommand {
  return name !== null && Object.hasOwn(CRAG_SETTINGS, name);
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
  const options = CRAG_SETTINGS[subcommand].options as Readonly<Record<string, { readonly kind: SettingsOptionKind }>>;
  return Object.fromEntries(
    Object.entries(options).map(([name, { kind }]) => [name, READ[kind](interaction.options, name)]),
  ) as SettingsOptions<Subcommand>;
}
