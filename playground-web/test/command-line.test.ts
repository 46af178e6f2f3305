import { describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/index.js';
import { buildInvocation, type CommandContext, parseLine } from '../src/lib/command-line.js';
import type { CommandSpec } from '../src/lib/command-spec.js';

const people = [
  { id: '100000000000000001', username: 'alice' },
  { id: '100000000000000002', username: 'bob' },
];

/** The bot's own /crag, exactly as the deploy code registers it. */
const crag = commandDefinitions() as unknown as CommandSpec[];
const context: CommandContext = {
  commands: crag,
  locale: 'en-US',
  people,
  booleanWords: { true: 'True', false: 'False' },
};

describe('reading the message box', () => {
  it('tells plain text from a command being typed', () => {
    expect(parseLine('hello', context)).toEqual({ kind: 'text' });
    expect(parseLine('/cr', context)).toMatchObject({ kind: 'command', query: 'cr', exact: null });
    expect(parseLine('/crag start', context)).toMatchObject({ kind: 'command', exact: { path: ['crag', 'start'] } });
  });

  it('follows options and the word being typed', () => {
    const line = parseLine('/crag start rerolls:2 comp', context);
    expect(line).toMatchObject({
      kind: 'options',
      typed: [{ name: 'rerolls', value: '2' }],
      current: { kind: 'name', partial: 'comp' },
    });
    expect(parseLine('/crag start level:str', context)).toMatchObject({
      kind: 'options',
      current: { kind: 'value', option: { name: 'level' }, partial: 'str', start: '/crag start level:'.length },
    });
  });
});

describe('what Enter sends', () => {
  it('posts plain text as a message', () => {
    expect(buildInvocation('good luck all', context)).toEqual({ kind: 'say', content: 'good luck all' });
  });

  it('runs a subcommand with typed options, as their types', () => {
    expect(
      buildInvocation(
        '/crag start rerolls:2 thirteen:no-pair turn-timer:10 computers:2 level:strong hints:False',
        context,
      ),
    ).toEqual({
      kind: 'command',
      name: 'crag',
      subcommand: 'start',
      options: { rerolls: 2, thirteen: 'no-pair', 'turn-timer': 10, computers: 2, level: 'strong', hints: false },
    });
    expect(buildInvocation('/crag leaderboard', context)).toEqual({
      kind: 'command',
      name: 'crag',
      subcommand: 'leaderboard',
      options: {},
    });
  });

  it('accepts a choice by the name it shows and a person by @name', () => {
    expect(buildInvocation('/crag start thirteen:any total of 13', context)).toMatchObject({
      options: { thirteen: 'any' },
    });
    expect(buildInvocation('/crag sheet player:@bob', context)).toMatchObject({ options: { player: people[1]?.id } });
    expect(buildInvocation('/crag sheet player:alice', context)).toMatchObject({ options: { player: people[0]?.id } });
  });

  it('says what is wrong instead of sending it', () => {
    const problem = (text: string) => {
      const result = buildInvocation(text, context);
      return result.kind === 'invalid' ? result.problem : null;
    };
    expect(problem('/crag')).toEqual({
      id: 'playground.command.needs-subcommand',
      vars: {
        command: '/crag',
        choices:
          'start, leaderboard, sheet, rules, board, hint, leave, end, stats, history, season new, export, daily play, daily board, tournament create, tournament standings',
      },
    });
    expect(problem('/dance')).toEqual({ id: 'playground.command.unknown', vars: { command: '/dance' } });
    expect(problem('/crag start turn-timer:0')).toEqual({
      id: 'playground.command.too-small',
      vars: { option: 'turn-timer', min: 1 },
    });
    expect(problem('/crag start turn-timer:61')).toEqual({
      id: 'playground.command.too-large',
      vars: { option: 'turn-timer', max: 60 },
    });
    expect(problem('/crag start computers:two')).toEqual({
      id: 'playground.command.not-integer',
      vars: { option: 'computers' },
    });
    expect(problem('/crag start computers:1.5')).toEqual({
      id: 'playground.command.not-integer',
      vars: { option: 'computers' },
    });
    expect(problem('/crag start rerolls:3')).toEqual({
      id: 'playground.command.not-a-choice',
      vars: { option: 'rerolls', choices: '1, 2' },
    });
    expect(problem('/crag start hints:maybe')).toEqual({
      id: 'playground.command.not-boolean',
      vars: { option: 'hints' },
    });
    expect(problem('/crag start rerolls:')).toEqual({
      id: 'playground.command.empty-value',
      vars: { option: 'rerolls' },
    });
    expect(problem('/crag start rerolls:1 rerolls:2')).toEqual({
      id: 'playground.command.duplicate-option',
      vars: { option: 'rerolls' },
    });
    expect(problem('/crag start speed:fast')).toEqual({
      id: 'playground.command.unknown-option',
      vars: { command: '/crag start', option: 'speed' },
    });
    expect(problem('/crag sheet player:@zed')).toEqual({
      id: 'playground.command.not-a-person',
      vars: { option: 'player', choices: '@alice, @bob' },
    });
  });

  it('insists on required options', () => {
    const duel: CommandSpec = {
      name: 'duel',
      description: 'Challenge someone',
      options: [
        { type: 6, name: 'opponent', description: 'Who', required: true },
        { type: 4, name: 'stake', description: 'How much', min_value: 1 },
      ],
    };
    const withDuel = { ...context, commands: [duel] };
    expect(buildInvocation('/duel stake:3', withDuel)).toEqual({
      kind: 'invalid',
      problem: { id: 'playground.command.missing-required', vars: { option: 'opponent' } },
    });
    expect(buildInvocation('/duel opponent:@bob stake:3', withDuel)).toEqual({
      kind: 'command',
      name: 'duel',
      options: { opponent: people[1]?.id, stake: 3 },
    });
  });
});

describe('localized commands', () => {
  const localizedCrag: CommandSpec = {
    name: 'crag',
    description: 'Play Crag',
    name_localizations: { ru: 'кости' },
    options: [
      {
        type: 1,
        name: 'start',
        description: 'Open a game',
        name_localizations: { ru: 'старт' },
        description_localizations: { ru: 'Открыть игру' },
        options: [
          {
            type: 3,
            name: 'level',
            description: 'How computers play',
            name_localizations: { ru: 'уровень' },
            choices: [{ name: 'easy', value: 'easy', name_localizations: { ru: 'лёгкий' } }],
          },
          { type: 5, name: 'hints', description: 'Hints', name_localizations: { ru: 'подсказки' } },
        ],
      },
    ],
  };
  const russian: CommandContext = {
    commands: [localizedCrag],
    locale: 'ru',
    people,
    booleanWords: { true: 'Да', false: 'Нет' },
  };

  it('reads the names in the person’s language and sends Discord’s own', () => {
    expect(buildInvocation('/кости старт уровень:лёгкий подсказки:Нет', russian)).toEqual({
      kind: 'command',
      name: 'crag',
      subcommand: 'start',
      options: { level: 'easy', hints: false },
    });
    expect(buildInvocation('/crag start level:easy hints:true', russian)).toMatchObject({
      options: { level: 'easy', hints: true },
    });
  });
});
