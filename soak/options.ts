import { randomInt } from 'node:crypto';
import { FAULT_KINDS, type FaultKind } from './schedule.js';

export interface SoakOptions {
  readonly minutes: number;
  readonly backend: 'sqlite' | 'postgres';
  readonly shards: number;
  readonly seed: number;
  /** Games at once (100). */
  readonly tables: number;
  /** Interactions per second in all, roughly (50). */
  readonly perSecond: number;
  /** Fault kinds left out of the schedule: without kills and restarts, each shard lives the whole run, so its memory slope is a leak's, not a warm-up's. */
  readonly without: readonly FaultKind[];
}

export const DEFAULT_SOAK: Omit<SoakOptions, 'seed'> = {
  minutes: 60,
  backend: 'sqlite',
  shards: 2,
  tables: 100,
  perSecond: 50,
  without: [],
};

export class SoakOptionError extends Error {}

const USAGE = '--minutes N --backend sqlite|postgres --shards K --seed S --without KIND[,KIND]';

/** `--minutes N --backend sqlite|postgres --shards K --seed S --without KIND,…` (each optional); a bad one throws with one line. */
export function readSoakOptions(argv: readonly string[]): SoakOptions {
  const given = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i] ?? '';
    const value = argv[i + 1];
    if (!['--minutes', '--backend', '--shards', '--seed', '--without'].includes(flag)) {
      throw new SoakOptionError(`unknown option ${flag}: use ${USAGE}`);
    }
    if (value === undefined) throw new SoakOptionError(`${flag} needs a value`);
    given.set(flag, value);
    i += 1;
  }
  const number = (flag: string, fallback: number, min: number, integer: boolean) => {
    const text = given.get(flag);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
      throw new SoakOptionError(
        `${flag} must be ${integer ? 'an integer' : 'a number'} of at least ${min}, not ${text}`,
      );
    }
    return value;
  };
  const backend = given.get('--backend') ?? DEFAULT_SOAK.backend;
  if (backend !== 'sqlite' && backend !== 'postgres') {
    throw new SoakOptionError(`--backend must be sqlite or postgres, not ${backend}`);
  }
  const without = (given.get('--without') ?? '').split(',').filter((kind) => kind !== '');
  for (const kind of without) {
    if (!(FAULT_KINDS as readonly string[]).includes(kind)) {
      throw new SoakOptionError(`--without takes fault kinds (${FAULT_KINDS.join(', ')}), not ${kind}`);
    }
  }
  return {
    ...DEFAULT_SOAK,
    minutes: number('--minutes', DEFAULT_SOAK.minutes, 0.5, false),
    backend,
    shards: number('--shards', DEFAULT_SOAK.shards, 1, true),
    seed: number('--seed', randomInt(2 ** 31), 0, true),
    without: without as FaultKind[],
  };
}
