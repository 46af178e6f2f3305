import { describe, expect, it } from 'vitest';
import { DEFAULT_SOAK, readSoakOptions, SoakOptionError } from '../../soak/options.js';

describe('the soak’s options', () => {
  it('defaults to an hour on SQLite with 2 shards and every fault', () => {
    const options = readSoakOptions(['--seed', '5']);
    expect(options).toEqual({ ...DEFAULT_SOAK, seed: 5 });
    expect(options.without).toEqual([]);
  });

  it('reads every flag', () => {
    expect(
      readSoakOptions([
        '--minutes',
        '30',
        '--backend',
        'postgres',
        '--shards',
        '3',
        '--seed',
        '7',
        '--without',
        'shard-kill,launcher-restart',
      ]),
    ).toMatchObject({
      minutes: 30,
      backend: 'postgres',
      shards: 3,
      seed: 7,
      without: ['shard-kill', 'launcher-restart'],
    });
  });

  it.each([
    [['--hours', '1'], /unknown option --hours/],
    [['--minutes'], /--minutes needs a value/],
    [['--minutes', '0.1'], /--minutes must be a number of at least 0.5, not 0.1/],
    [['--shards', '1.5'], /--shards must be an integer/],
    [['--backend', 'mysql'], /--backend must be sqlite or postgres, not mysql/],
    [['--without', 'shard-kill,meteor'], /--without takes fault kinds \(shard-kill, .*\), not meteor/],
  ])('refuses %j with one line', (argv, message) => {
    expect(() => readSoakOptions(argv)).toThrow(SoakOptionError);
    expect(() => readSoakOptions(argv)).toThrow(message);
  });
});
