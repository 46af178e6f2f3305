import { MAX_TURN_TIMER_MINUTES } from '../../commands/turn-timer.js';
import { COMPUTER_LEVELS, type ComputerLevel, MAX_SEATS, type Rules } from '../game/index.js';

const MAX_COMPUTERS = MAX_SEATS - 1;

/**
 * A server's house rules: only what was set there; an absent setting is the bot's default. Keyed by
 * the setting's name, as `show`, the audit rows and the stored JSON all name it.
 */
export interface SettingValues {
  readonly 'defaults.rerolls'?: Rules['rerolls'];
  readonly 'defaults.thirteen'?: Rules['thirteen'];
  readonly 'defaults.turn-timer'?: number;
  readonly 'defaults.hints'?: boolean;
  readonly 'defaults.pings'?: boolean;
  readonly 'defaults.thread'?: boolean;
  readonly 'defaults.computers'?: number;
  readonly 'defaults.level'?: ComputerLevel;
  /** Where games may start (and in threads or forum posts under them); absent or empty: everywhere. */
  readonly channels?: readonly string[];
  /** Only members with this role (or Manage Server) start games and press Play again. */
  readonly 'starter-role'?: string;
  /** Members with this role (as well as those with Manage Server) create and run tournaments. */
  readonly 'organiser-role'?: string;
  /** The boards' language (a catalogue's name); absent: the server's Discord locale. */
  readonly language?: string;
  readonly 'limits.computers-allowed'?: boolean;
  readonly 'limits.hints-allowed'?: boolean;
  readonly 'limits.max-turn-timer'?: number;
}

export type SettingName = keyof SettingValues;
export type SettingValue = NonNullable<SettingValues[SettingName]>;

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isMinutes = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_TURN_TIMER_MINUTES;
const isSnowflake = (value: unknown): value is string => typeof value === 'string' && /^\d{17,20}$/.test(value);

/** What each setting may hold: values read back from the database are checked against it. */
const VALID: { readonly [Name in SettingName]-?: (value: unknown) => boolean } = {
  'defaults.rerolls': (value) => value === 1 || value === 2,
  'defaults.thirteen': (value) => value === 'any' || value === 'no-pair',
  'defaults.turn-timer': isMinutes,
  'defaults.hints': isBoolean,
  'defaults.pings': isBoolean,
  'defaults.thread': isBoolean,
  'defaults.computers': (value) =>
    Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_COMPUTERS,
  'defaults.level': (value) => COMPUTER_LEVELS.includes(value as ComputerLevel),
  channels: (value) => Array.isArray(value) && value.length > 0 && value.every(isSnowflake),
  'starter-role': isSnowflake,
  'organiser-role': isSnowflake,
  language: (value) => typeof value === 'string' && /^[a-z]{2}(-[A-Z]{2})?$/.test(value),
  'limits.computers-allowed': isBoolean,
  'limits.hints-allowed': isBoolean,
  'limits.max-turn-timer': isMinutes,
};

/** Every setting, in the order `show` lists them. */
export const SETTING_NAMES = Object.keys(VALID) as readonly SettingName[];

export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(VALID, name);
}

export function isValidSetting(name: SettingName, value: unknown): boolean {
  return VALID[name](value);
}

/**
 * The settings in a stored JSON object. A name this bot does not know, or a value it cannot use, is
 * left out (the bot's default applies) rather than failing every game of the server.
 */
export function parseSettings(stored: unknown): SettingValues {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(stored)) {
    if (isSettingName(name) && isValidSetting(name, value)) values[name] = value;
  }
  return values as SettingValues;
}

/** One setting that changed: null stands for the bot's default. */
export interface SettingChange {
  readonly setting: SettingName;
  readonly oldValue: SettingValue | null;
  readonly newValue: SettingValue | null;
}

/** The settings whose values differ between two versions, in `show`'s order. */
export function changesBetween(before: SettingValues, after: SettingValues): SettingChange[] {
  const changes: SettingChange[] = [];
  for (const setting of SETTING_NAMES) {
    const oldValue = (before[setting] ?? null) as SettingValue | null;
    const newValue = (after[setting] ?? null) as SettingValue | null;
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue)) changes.push({ setting, oldValue, newValue });
  }
  return changes;
}

/** `values` with some settings set, or back to the default where the new value is undefined. */
export function withSettings(values: SettingValues, patch: Partial<Record<SettingName, unknown>>): SettingValues {
  const next: Record<string, unknown> = { ...values };
  for (const [name, value] of Object.entries(patch)) {
    if (value === undefined) delete next[name];
    else next[name] = value;
  }
  return parseSettings(next);
}
