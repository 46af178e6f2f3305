import { randomInt } from 'node:crypto';

export interface SoakOptions {
  readonly minutes: number;
  readonly backend: 'sqlite' | 'postgres';
  readonly shards: number;
  readonly seed: number;
  /** Games at once (100). */
  readonly tables: number;
  /** Interactions per second in all, roughly (50). */
  readonly perSecond: number;
}

export const DEFAULT_SOAK: Omit<SoakOptions, 'seed'> = {
  minutes: 60,
  backend: 'sqlite',
  shards: 2,
  tables: 100,
  perSecond: 50,
};

export class SoakOptionError extends Error {}

/** `--minutes N --backend sqlite|postgres --shards K --seed S` (each optional); a bad one throws with one line. */
export function readSoakOptions(argv: readonly string[]): SoakOptions {
  const given = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i] ?? '';
    const value = argv[i + 1];
    if (!['--minutes', '--backend', '--shards', '--seed'].includes(flag)) {
      throw new SoakOptionError(
        `unknown option ${flag}: use --minutes N --backend sqlite|postgres --shards K --seed S`,
      );
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
  return {
    ...DEFAULT_SOAK,
    minutes: number('--minutes', DEFAULT_SOAK.minutes, 0.5, false),
    backend,
    shards: number('--shards', DEFAULT_SOAK.shards, 1, true),
    seed: number('--seed', randomInt(2 ** 31), 0, true),
  };
}
