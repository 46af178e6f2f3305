import { describe, expect, test } from 'vitest';
import { EmulatorClock } from '../../src/emulator/clock.js';
import { CommandStore } from '../../src/emulator/commands.js';
import { DiscordError } from '../../src/emulator/errors.js';
import { compareSnowflakes, SnowflakeGenerator, snowflakeTimestamp } from '../../src/emulator/snowflake.js';

const APP = '1000000000000000000';
const GUILD = '1100000000000000000';

function store(): CommandStore {
  return new CommandStore(new SnowflakeGenerator(new EmulatorClock()));
}

function refusal(action: () => unknown): DiscordError {
  try {
    action();
  } catch (error) {
    if (error instanceof DiscordError) return error;
    throw error;
  }
  throw new Error('accepted');
}

const start = {
  type: 1,
  name: 'start',
  description: 'Start',
  options: [{ type: 4, name: 'rerolls', description: 'Rerolls' }],
};

describe('CommandStore', () => {
  test('keeps global and guild commands apart; the guild one wins by name', () => {
    const commands = store();
    commands.overwrite(APP, null, [{ name: 'crag', description: 'Global' }]);
    commands.overwrite(APP, GUILD, [{ name: 'crag', description: 'Guild', options: [start] }]);
    expect(commands.find(APP, GUILD, 'crag')?.description).toBe('Guild');
    expect(commands.find(APP, null, 'crag')?.description).toBe('Global');
    expect(commands.find(APP, GUILD, 'crag')?.guild_id).toBe(GUILD);
  });

  test('POST upserts by name; PATCH merges; DELETE removes', () => {
    const commands = store();
    const first = commands.upsert(APP, null, { name: 'crag', description: 'One' });
    const second = commands.upsert(APP, null, { name: 'crag', description: 'Two' });
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.command.id).toBe(first.command.id);
    expect(commands.edit(APP, null, first.command.id, { description: 'Three' }).description).toBe('Three');
    commands.delete(APP, null, first.command.id);
    expect(commands.list(APP, null)).toEqual([]);
    expect(refusal(() => commands.get(APP, null, first.command.id)).code).toBe(10063);
  });

  test.each([
    ['an upper-case name', [{ name: 'Crag', description: 'x' }]],
    ['a space in the name', [{ name: 'cr ag', description: 'x' }]],
    ['a missing description', [{ name: 'crag' }]],
    ['a description over 100', [{ name: 'crag', description: 'd'.repeat(101) }]],
    [
      'duplicate names',
      [
        { name: 'crag', description: 'x' },
        { name: 'crag', description: 'y' },
      ],
    ],
    [
      'a localized option name that is another option’s name',
      [
        {
          name: 'crag',
          description: 'x',
          options: [
            { type: 3, name: 'mode', description: 'm', name_localizations: { de: 'level' } },
            { type: 3, name: 'level', description: 'l' },
          ],
        },
      ],
    ],
    [
      'two options with one localized name in a locale',
      [
        {
          name: 'crag',
          description: 'x',
          options: [
            { type: 3, name: 'mode', description: 'm', name_localizations: { fr: 'niveau' } },
            { type: 3, name: 'level', description: 'l', name_localizations: { fr: 'niveau' } },
          ],
        },
      ],
    ],
    ['a localized name in upper case', [{ name: 'crag', description: 'x', name_localizations: { de: 'Crag' } }]],
    ['a localization for no Discord locale', [{ name: 'crag', description: 'x', name_localizations: { xx: 'crag' } }]],
    [
      'a localized description over 100',
      [{ name: 'crag', description: 'x', description_localizations: { de: 'd'.repeat(101) } }],
    ],
    [
      'a localized choice name over 100',
      [
        {
          name: 'crag',
          description: 'x',
          options: [
            {
              type: 3,
              name: 'm',
              description: 'm',
              choices: [{ name: 'c', value: 'c', name_localizations: { ja: 'ち'.repeat(101) } }],
            },
          ],
        },
      ],
    ],
    [
      'a required option after an optional one',
      [
        {
          name: 'crag',
          description: 'x',
          options: [
            { type: 3, name: 'a', description: 'a' },
            { type: 3, name: 'b', description: 'b', required: true },
          ],
        },
      ],
    ],
    [
      'subcommands mixed with options',
      [{ name: 'crag', description: 'x', options: [start, { type: 3, name: 'mode', description: 'm' }] }],
    ],
    [
      'a subcommand inside a subcommand',
      [{ name: 'crag', description: 'x', options: [{ ...start, options: [start] }] }],
    ],
    [
      '26 choices',
      [
        {
          name: 'crag',
          description: 'x',
          options: [
            {
              type: 3,
              name: 'm',
              description: 'm',
              choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `c${i}` })),
            },
          ],
        },
      ],
    ],
  ])('refuses %s with 50035', (_label, body) => {
    expect(refusal(() => store().overwrite(APP, null, body)).code).toBe(50035);
  });

  test('takes localized names that differ among siblings, and one equal to its own default', () => {
    const options = [
      { type: 3, name: 'mode', description: 'm', name_localizations: { de: 'modus', fr: 'mode' } },
      { type: 3, name: 'level', description: 'l', name_localizations: { de: 'stufe', ja: 'レベル' } },
    ];
    expect(store().overwrite(APP, null, [{ name: 'crag', description: 'x', options }])).toHaveLength(1);
  });
});

describe('SnowflakeGenerator', () => {
  test('makes 17–19 digit ids, strictly increasing, stamped with the clock', () => {
    const clock = new EmulatorClock();
    const snowflakes = new SnowflakeGenerator(clock);
    const ids = Array.from({ length: 5000 }, () => snowflakes.next());
    expect(ids.filter((id) => !/^\d{17,19}$/.test(id))).toEqual([]);
    expect(ids.filter((id, index) => index > 0 && compareSnowflakes(ids[index - 1] ?? '', id) >= 0)).toEqual([]);
    clock.advance(60_000);
    expect(snowflakeTimestamp(snowflakes.next())).toBeGreaterThanOrEqual(Date.now() + 59_000);
  });
});
