import { DEFAULT_TURN_TIMER_MINUTES } from '../../commands/turn-timer.js';
import type { SettingName, SettingValues } from './values.js';

/** The `/crag start` options, as the person gave them (null or absent: left out). */
export interface StartOptions {
  readonly rerolls?: number | null;
  readonly thirteen?: string | null;
  readonly 'turn-timer'?: number | null;
  readonly computers?: number | null;
  readonly level?: string | null;
  readonly hints?: boolean | null;
  readonly thread?: boolean | null;
  readonly pings?: boolean | null;
}

type StartOption = keyof StartOptions;

/** The server default that fills each option left out. */
const DEFAULT_OF: { readonly [Option in StartOption]-?: SettingName } = {
  rerolls: 'defaults.rerolls',
  thirteen: 'defaults.thirteen',
  'turn-timer': 'defaults.turn-timer',
  computers: 'defaults.computers',
  level: 'defaults.level',
  hints: 'defaults.hints',
  thread: 'defaults.thread',
  pings: 'defaults.pings',
};

/** Which limit forbids what the start asked for. */
export type LimitBreach =
  | { readonly limit: 'limits.computers-allowed' }
  | { readonly limit: 'limits.hints-allowed' }
  | { readonly limit: 'limits.max-turn-timer'; readonly max: number };

export type HouseStart =
  | {
      readonly ok: true;
      /** The options the game starts with: the person's, else the server's defaults, within its limits. */
      readonly options: StartOptions;
      /** The server settings that shaped the game (defaults filled in, limits applied): its footer says so. */
      readonly fromServer: readonly SettingName[];
    }
  | { readonly ok: false; readonly breach: LimitBreach };

/**
 * `/crag start` under a server's house rules: an option given still wins over the server's default,
 * but not over its limits, which refuse, naming the limit. A default that breaks a limit is held to
 * it (hints off, the timer at the most allowed) rather than refusing a start that asked nothing.
 */
export function applyHouseRules(given: StartOptions, settings: SettingValues): HouseStart {
  const options: Record<string, unknown> = { ...given };
  const fromServer: SettingName[] = [];
  for (const [option, setting] of Object.entries(DEFAULT_OF) as [StartOption, SettingName][]) {
    const fallback = settings[setting];
    if (given[option] == null && fallback !== undefined) {
      options[option] = fallback;
      fromServer.push(setting);
    }
  }
  if (settings['limits.computers-allowed'] === false && ((options.computers as number | undefined) ?? 0) > 0) {
    return { ok: false, breach: { limit: 'limits.computers-allowed' } };
  }
  if (settings['limits.hints-allowed'] === false) {
    if (given.hints === true) return { ok: false, breach: { limit: 'limits.hints-allowed' } };
    options.hints = false;
    fromServer.push('limits.hints-allowed');
  }
  const max = settings['limits.max-turn-timer'];
  if (max !== undefined) {
    if ((given['turn-timer'] ?? 0) > max) return { ok: false, breach: { limit: 'limits.max-turn-timer', max } };
    const minutes = (options['turn-timer'] as number | undefined) ?? DEFAULT_TURN_TIMER_MINUTES;
    if (minutes > max) {
      options['turn-timer'] = max;
      fromServer.push('limits.max-turn-timer');
    }
  }
  return { ok: true, options: options as StartOptions, fromServer };
}

/**
 * Whether a game may start in this channel: anywhere when the server lists no channels, else in a
 * listed channel or a thread (or forum post) under one. `exists` drops deleted channels.
 */
export function channelAllowed(
  settings: SettingValues,
  place: { readonly channelId: string; readonly parentId: string | null },
  exists: (channelId: string) => boolean,
): { readonly allowed: true } | { readonly allowed: false; readonly channels: readonly string[] } {
  const channels = (settings.channels ?? []).filter(exists);
  if (channels.length === 0) return { allowed: true };
  if (channels.includes(place.channelId) || (place.parentId !== null && channels.includes(place.parentId)))
    return { allowed: true };
  return { allowed: false, channels };
}
