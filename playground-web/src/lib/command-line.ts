import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import {
  type ChoiceSpec,
  type CommandSpec,
  choiceName,
  type OptionSpec,
  optionName,
  type RunnableCommand,
  runnableCommands,
} from './command-spec.js';
import type { Phrase } from './page-words.js';

export type OptionValue = string | number | boolean;

export interface PersonRef {
  readonly id: string;
  readonly username: string;
}

/** What the message box knows besides the text: the registered commands, who is here, the person's words. */
export interface CommandContext {
  readonly commands: readonly CommandSpec[];
  readonly locale: string;
  readonly people: readonly PersonRef[];
  /** How True and False read in the person's language (English always works too). */
  readonly booleanWords: { readonly true: string; readonly false: string };
}

/** An option as typed: `name:value`. */
export interface TypedOption {
  readonly option: OptionSpec | null;
  readonly name: string;
  readonly value: string;
}

/** The word the caret is on: an option's name being typed, or the value after `name:`. */
export type CurrentWord =
  | { readonly kind: 'name'; readonly partial: string; readonly start: number }
  | { readonly kind: 'value'; readonly option: OptionSpec; readonly partial: string; readonly start: number };

export type ParsedLine =
  /** Plain text, posted as a message. */
  | { readonly kind: 'text' }
  /** "/", "/cr", "/crag st", or a complete path with nothing after it yet. */
  | { readonly kind: 'command'; readonly query: string; readonly exact: RunnableCommand | null }
  | {
      readonly kind: 'options';
      readonly runnable: RunnableCommand;
      /** Words that belong to no option (before the first, or after a value that takes no spaces). */
      readonly stray: string;
      readonly typed: readonly TypedOption[];
      readonly current: CurrentWord;
    };

const OPTION_START = /(^|\s)([\p{L}\p{N}_'-]+):/gu;

function sameName(a: string, b: string): boolean {
  return a.toLocaleLowerCase() === b.toLocaleLowerCase();
}

function optionNamed(runnable: RunnableCommand, name: string, locale: string): OptionSpec | null {
  return (
    runnable.options.find((option) => sameName(optionName(option, locale), name) || sameName(option.name, name)) ?? null
  );
}

/** The runnable command whose words start `words`, the longest first. */
function matchRunnable(runnables: readonly RunnableCommand[], words: readonly string[]): RunnableCommand | null {
  const fits = (path: readonly string[]) =>
    path.length <= words.length && path.every((name, index) => sameName(name, words[index] ?? ''));
  const sorted = [...runnables].sort((a, b) => b.path.length - a.path.length);
  return sorted.find((runnable) => fits(runnable.displayPath) || fits(runnable.path)) ?? null;
}

/** Reads the message box: plain text, a command being picked, or a command's options being typed. */
export function parseLine(text: string, context: CommandContext): ParsedLine {
  if (!text.startsWith('/')) return { kind: 'text' };
  const body = text.slice(1);
  const runnables = runnableCommands(context.commands, context.locale);
  const words = body.trimStart().split(/\s+/);
  const runnable = matchRunnable(runnables, words);
  // Still on the path's words: the picker stays open until a space follows a complete path.
  const pathText = runnable ? new RegExp(`^\\s*${runnable.path.map(() => '\\S+').join('\\s+')}`, 'u').exec(body) : null;
  if (!runnable || !pathText) return { kind: 'command', query: body.trim(), exact: null };
  const rest = body.slice(pathText[0].length);
  if (!/^\s/.test(rest)) return { kind: 'command', query: body.trim(), exact: runnable };
  const restStart = text.length - rest.length;

  const starts: { name: string; index: number; valueStart: number }[] = [];
  for (const match of rest.matchAll(OPTION_START)) {
    const name = match[2] ?? '';
    if (!optionNamed(runnable, name, context.locale)) continue;
    const index = (match.index ?? 0) + (match[1]?.length ?? 0);
    starts.push({ name, index, valueStart: index + name.length + 1 });
  }
  const strays: string[] = [rest.slice(0, starts[0]?.index ?? rest.length).trim()];
  const typed = starts.map((start, i): TypedOption => {
    const option = optionNamed(runnable, start.name, context.locale);
    let value = rest.slice(start.valueStart, starts[i + 1]?.index ?? rest.length).trim();
    // Only text can hold spaces; after a number, a switch or a person, more words are no part of it.
    if (option && option.type !== ApplicationCommandOptionType.String) {
      const [first = '', ...more] = value.split(/\s+/);
      value = first;
      strays.push(more.join(' '));
    }
    return { option, name: start.name, value };
  });
  const stray = strays.find((text) => text !== '') ?? '';

  const lastWordStart = rest.search(/\S+$/);
  const lastWord = lastWordStart >= 0 ? rest.slice(lastWordStart) : '';
  const colon = lastWord.indexOf(':');
  const lastOption = colon > 0 ? optionNamed(runnable, lastWord.slice(0, colon), context.locale) : null;
  const current: CurrentWord =
    lastOption !== null
      ? {
          kind: 'value',
          option: lastOption,
          partial: lastWord.slice(colon + 1),
          start: restStart + lastWordStart + colon + 1,
        }
      : {
          kind: 'name',
          partial: lastWord,
          start: lastWordStart >= 0 ? restStart + lastWordStart : text.length,
        };
  return { kind: 'options', runnable, stray, typed, current };
}

export type Invocation =
  | { readonly kind: 'say'; readonly content: string }
  | {
      readonly kind: 'command';
      readonly name: string;
      readonly subcommandGroup?: string;
      readonly subcommand?: string;
      readonly options: Readonly<Record<string, OptionValue>>;
    }
  | { readonly kind: 'invalid'; readonly problem: Phrase };

/** What pressing Enter does with the text: post it, run a command, or say what is wrong. */
export function buildInvocation(text: string, context: CommandContext): Invocation {
  const parsed = parseLine(text, context);
  if (parsed.kind === 'text') return { kind: 'say', content: text };
  const runnable = parsed.kind === 'command' ? parsed.exact : parsed.runnable;
  if (!runnable)
    return { kind: 'invalid', problem: unknownCommand(parsed.kind === 'command' ? parsed.query : '', context) };
  const typed = parsed.kind === 'options' ? parsed.typed : [];
  const where = `/${runnable.displayPath.join(' ')}`;
  if (parsed.kind === 'options' && parsed.stray) {
    const name = parsed.stray.split(/[\s:]/)[0] ?? parsed.stray;
    return {
      kind: 'invalid',
      problem: { id: 'playground.command.unknown-option', vars: { command: where, option: name } },
    };
  }
  const options: Record<string, OptionValue> = {};
  for (const entry of typed) {
    const option = entry.option;
    if (!option) continue;
    const label = optionName(option, context.locale);
    if (options[option.name] !== undefined)
      return { kind: 'invalid', problem: { id: 'playground.command.duplicate-option', vars: { option: label } } };
    const value = readValue(option, entry.value, context);
    if (!value.ok) return { kind: 'invalid', problem: value.problem };
    options[option.name] = value.value;
  }
  const missing = runnable.options.find((option) => option.required && options[option.name] === undefined);
  if (missing) {
    return {
      kind: 'invalid',
      problem: { id: 'playground.command.missing-required', vars: { option: optionName(missing, context.locale) } },
    };
  }
  const [name = '', ...below] = runnable.path;
  return {
    kind: 'command',
    name,
    ...(runnable.group ? { subcommandGroup: below[0] } : {}),
    ...(runnable.subcommand ? { subcommand: below[below.length - 1] } : {}),
    options,
  };
}

function unknownCommand(query: string, context: CommandContext): Phrase {
  const [first = ''] = query.split(/\s+/);
  const runnables = runnableCommands(context.commands, context.locale);
  const holders = runnables.filter(
    (runnable) => runnable.path.length > 1 && sameName(runnable.displayPath[0] ?? '', first),
  );
  if (holders.length > 0 && query.split(/\s+/).length === 1) {
    return {
      id: 'playground.command.needs-subcommand',
      vars: {
        command: `/${first}`,
        choices: holders.map((runnable) => runnable.displayPath.slice(1).join(' ')).join(', '),
      },
    };
  }
  return { id: 'playground.command.unknown', vars: { command: `/${query}` } };
}

type ValueResult = { ok: true; value: OptionValue } | { ok: false; problem: Phrase };

function readValue(option: OptionSpec, raw: string, context: CommandContext): ValueResult {
  const label = optionName(option, context.locale);
  const problem = (id: Phrase['id'], vars: Record<string, string | number> = {}): ValueResult => ({
    ok: false,
    problem: { id, vars: { option: label, ...vars } },
  });
  if (raw === '') return problem('playground.command.empty-value');
  if (option.choices && option.choices.length > 0) {
    const choice = findChoice(option.choices, raw, context.locale);
    if (!choice)
      return problem('playground.command.not-a-choice', {
        choices: option.choices.map((candidate) => String(candidate.value)).join(', '),
      });
    return { ok: true, value: choice.value };
  }
  switch (option.type) {
    case ApplicationCommandOptionType.Integer:
    case ApplicationCommandOptionType.Number: {
      const integer = option.type === ApplicationCommandOptionType.Integer;
      const number = Number(raw);
      if (
        integer ? !/^-?\d+$/.test(raw) || !Number.isSafeInteger(number) : !Number.isFinite(number) || raw.trim() === ''
      )
        return problem(integer ? 'playground.command.not-integer' : 'playground.command.not-number');
      if (option.min_value !== undefined && number < option.min_value)
        return problem('playground.command.too-small', { min: option.min_value });
      if (option.max_value !== undefined && number > option.max_value)
        return problem('playground.command.too-large', { max: option.max_value });
      return { ok: true, value: number };
    }
    case ApplicationCommandOptionType.Boolean: {
      const word = raw.toLocaleLowerCase();
      if (word === 'true' || word === context.booleanWords.true.toLocaleLowerCase()) return { ok: true, value: true };
      if (word === 'false' || word === context.booleanWords.false.toLocaleLowerCase())
        return { ok: true, value: false };
      return problem('playground.command.not-boolean');
    }
    case ApplicationCommandOptionType.String: {
      const min = option.min_length ?? 0;
      const max = option.max_length ?? 6000;
      if (raw.length < min || raw.length > max) return problem('playground.command.too-long', { min, max });
      return { ok: true, value: raw };
    }
    case ApplicationCommandOptionType.User: {
      const person = findPerson(context.people, raw);
      if (!person)
        return problem('playground.command.not-a-person', {
          choices: context.people.map((candidate) => `@${candidate.username}`).join(', '),
        });
      return { ok: true, value: person.id };
    }
    default:
      return problem('playground.command.unsupported');
  }
}

/** A choice by its value or by the name shown for it. */
export function findChoice(choices: readonly ChoiceSpec[], raw: string, locale: string): ChoiceSpec | undefined {
  return choices.find(
    (choice) => String(choice.value) === raw || sameName(choiceName(choice, locale), raw) || sameName(choice.name, raw),
  );
}

/** `@bob`, `bob` or bob's id. */
export function findPerson(people: readonly PersonRef[], raw: string): PersonRef | undefined {
  const name = raw.startsWith('@') ? raw.slice(1) : raw;
  return people.find((person) => sameName(person.username, name) || person.id === raw);
}
