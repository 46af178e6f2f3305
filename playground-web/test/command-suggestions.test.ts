import { describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/index.js';
import type { CommandContext } from '../src/lib/command-line.js';
import type { CommandSpec } from '../src/lib/command-spec.js';
import { suggest } from '../src/lib/command-suggestions.js';

const people = [
  { id: '100000000000000001', username: 'alice' },
  { id: '100000000000000002', username: 'bob' },
  { id: '100000000000000003', username: 'carol' },
];
const context: CommandContext = {
  commands: commandDefinitions() as unknown as CommandSpec[],
  locale: 'en-US',
  people,
  booleanWords: { true: 'True', false: 'False' },
};

const labels = (text: string, from: CommandContext = context) => suggest(text, from)?.items.map((item) => item.label);

describe('the command picker', () => {
  it('stays closed for plain text', () => {
    expect(suggest('hello', context)).toBeNull();
  });

  it('offers every subcommand on "/", narrowing as one types', () => {
    expect(labels('/')).toEqual([
      '/crag start',
      '/crag leaderboard',
      '/crag sheet',
      '/crag rules',
      '/crag board',
      '/crag hint',
      '/crag leave',
      '/crag end',
      '/crag stats',
      '/crag history',
      '/crag season new',
      '/crag export',
      '/crag daily play',
      '/crag daily board',
      '/crag tournament create',
      '/crag tournament standings',
      '/crag-settings show',
      '/crag-settings defaults',
      '/crag-settings channels',
      '/crag-settings starter-role',
      '/crag-settings organiser-role',
      '/crag-settings language',
      '/crag-settings limits',
      '/crag-settings reset',
    ]);
    expect(labels('/crag l')).toEqual(['/crag leaderboard', '/crag leave']);
    expect(suggest('/crag st', context)?.items[0]).toMatchObject({
      detail: 'Open a game of Crag in this channel; friends join with a button',
      text: '/crag start ',
    });
    expect(suggest('/zzz', context)).toMatchObject({ items: [], hint: { id: 'playground.autocomplete.no-match' } });
  });

  it('then offers the options not given yet', () => {
    expect(labels('/crag start ')).toEqual([
      'rerolls',
      'thirteen',
      'turn-timer',
      'computers',
      'level',
      'hints',
      'thread',
      'pings',
    ]);
    expect(labels('/crag start rerolls:2 t')).toEqual(['thirteen', 'turn-timer', 'thread']);
    expect(suggest('/crag start t', context)?.items[0]?.text).toBe('/crag start thirteen:');
    expect(suggest('/crag start ', context)).toMatchObject({
      heading: { id: 'playground.autocomplete.optional' },
      picksOnEnter: false,
    });
    expect(suggest('/crag st', context)?.picksOnEnter).toBe(true);
    expect(suggest('/crag start level:', context)?.picksOnEnter).toBe(true);
  });

  it('lists an option’s choices, booleans as True/False, people for a user option', () => {
    expect(suggest('/crag start level:', context)?.items.map((item) => [item.label, item.text])).toEqual([
      ['easy: takes the most points now', '/crag start level:easy '],
      ['optimal: exact best expected total', '/crag start level:optimal '],
      ['strong: plays to win against the table', '/crag start level:strong '],
    ]);
    expect(labels('/crag start level:s')).toEqual(['strong: plays to win against the table']);
    expect(labels('/crag start hints:')).toEqual(['True', 'False']);
    expect(labels('/crag sheet player:')).toEqual(['@alice', '@bob', '@carol']);
    expect(labels('/crag sheet player:@c')).toEqual(['@carol']);
  });

  it('says what a number option takes', () => {
    expect(suggest('/crag start turn-timer:', context)).toMatchObject({
      items: [],
      hint: { id: 'playground.autocomplete.integer-range', vars: { min: 1, max: 60 } },
    });
  });

  it('lists required options first and steps into the first one after a pick', () => {
    const duel: CommandSpec = {
      name: 'duel',
      description: 'Challenge someone',
      options: [
        { type: 4, name: 'stake', description: 'How much' },
        { type: 6, name: 'opponent', description: 'Who', required: true },
        { type: 5, name: 'ranked', description: 'Counts?', required: true },
      ],
    };
    const withDuel = { ...context, commands: [duel] };
    expect(suggest('/du', withDuel)?.items[0]?.text).toBe('/duel opponent:');
    expect(suggest('/duel ', withDuel)).toMatchObject({
      heading: { id: 'playground.autocomplete.required' },
      items: [
        { label: 'opponent', required: true },
        { label: 'ranked', required: true },
        { label: 'stake', required: false },
      ],
    });
    expect(suggest('/duel opponent:@b', withDuel)?.items[0]?.text).toBe('/duel opponent:@bob ranked:');
  });

  it('shows the person’s language when the bot has it', () => {
    const localized: CommandSpec = {
      name: 'crag',
      description: 'Play Crag',
      name_localizations: { ru: 'кости' },
      options: [
        {
          type: 1,
          name: 'rules',
          description: 'The rules',
          name_localizations: { ru: 'правила' },
          description_localizations: { ru: 'Правила игры' },
        },
      ],
    };
    const russian = { ...context, locale: 'ru', commands: [localized] };
    expect(suggest('/', russian)?.items).toMatchObject([{ label: '/кости правила', detail: 'Правила игры' }]);
    expect(suggest('/', { ...russian, locale: 'en-GB' })?.items).toMatchObject([
      { label: '/crag rules', detail: 'The rules' },
    ]);
  });
});
