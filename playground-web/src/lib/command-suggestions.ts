import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { type CommandContext, type ParsedLine, parseLine } from './command-line.js';
import {
  choiceName,
  localized,
  type OptionSpec,
  optionName,
  type RunnableCommand,
  runnableCommands,
} from './command-spec.js';
import type { Phrase } from './page-words.js';

/** One row of the picker above the message box. */
export interface Suggestion {
  readonly key: string;
  /** What the row shows in bold: "/crag start", "rerolls", "2 (house variant)", "@bob". */
  readonly label: string;
  /** The grey text beside it: a description, or the value a choice sends. */
  readonly detail: string;
  readonly required: boolean;
  /** The whole text of the box once this row is picked. */
  readonly text: string;
}

/** The picker: a heading, its rows, or a hint when there is nothing to pick (a number to type). */
export interface SuggestionList {
  readonly heading: Phrase;
  readonly items: readonly Suggestion[];
  readonly hint: Phrase | null;
  /**
   * As in Discord: commands and an option's values stand ready, and Enter takes the first; a list of
   * options is only offered, and Enter runs the command (the arrows or Tab pick one).
   */
  readonly picksOnEnter: boolean;
}

const NONE: SuggestionList | null = null;

function startsWithIgnoringCase(text: string, prefix: string): boolean {
  return text.toLocaleLowerCase().startsWith(prefix.toLocaleLowerCase());
}

/** The first required option not typed yet, to step into after a pick, as Discord does. */
function nextRequired(runnable: RunnableCommand, typedNames: ReadonlySet<string>): OptionSpec | undefined {
  return runnable.options.find((option) => option.required && !typedNames.has(option.name));
}

function withNextRequired(text: string, runnable: RunnableCommand, typedNames: ReadonlySet<string>, locale: string) {
  const next = nextRequired(runnable, typedNames);
  return next ? `${text}${optionName(next, locale)}:` : text;
}

/** What the picker offers for the text in the box, or null when it stays closed. */
export function suggest(text: string, context: CommandContext): SuggestionList | null {
  const parsed = parseLine(text, context);
  if (parsed.kind === 'text') return NONE;
  if (parsed.kind === 'command') return commandSuggestions(parsed.query, context);
  return parsed.current.kind === 'name'
    ? optionSuggestions(text, parsed, context)
    : valueSuggestions(text, parsed, context);
}

function commandSuggestions(query: string, context: CommandContext): SuggestionList {
  const wanted = query.replace(/\s+/g, ' ');
  const items = runnableCommands(context.commands, context.locale)
    .filter(
      (runnable) =>
        startsWithIgnoringCase(runnable.displayPath.join(' '), wanted) ||
        startsWithIgnoringCase(runnable.path.join(' '), wanted),
    )
    .map((runnable): Suggestion => {
      const path = `/${runnable.displayPath.join(' ')}`;
      return {
        key: runnable.path.join(' '),
        label: path,
        detail: runnable.description,
        required: false,
        text: withNextRequired(`${path} `, runnable, new Set(), context.locale),
      };
    });
  return {
    heading: { id: 'playground.autocomplete.commands', vars: { text: `/${query}` } },
    items,
    hint: items.length === 0 ? { id: 'playground.autocomplete.no-match', vars: { text: `/${query}` } } : null,
    picksOnEnter: true,
  };
}

type OptionsLine = Extract<ParsedLine, { kind: 'options' }>;

function optionSuggestions(text: string, parsed: OptionsLine, context: CommandContext): SuggestionList | null {
  const { runnable, current } = parsed;
  const typedNames = new Set(parsed.typed.flatMap((entry) => (entry.option ? [entry.option.name] : [])));
  const before = text.slice(0, current.start);
  const items = runnable.options
    .filter((option) => !typedNames.has(option.name))
    .filter((option) => startsWithIgnoringCase(optionName(option, context.locale), current.partial))
    .map(
      (option): Suggestion => ({
        key: option.name,
        label: optionName(option, context.locale),
        detail: localized(option.description, option.description_localizations, context.locale),
        required: option.required === true,
        text: `${before}${optionName(option, context.locale)}:`,
      }),
    );
  if (items.length === 0) return NONE;
  const anyRequired = items.some((item) => item.required);
  return {
    heading: { id: anyRequired ? 'playground.autocomplete.required' : 'playground.autocomplete.optional' },
    items,
    hint: null,
    picksOnEnter: false,
  };
}

function valueSuggestions(text: string, parsed: OptionsLine, context: CommandContext): SuggestionList {
  const { runnable, current } = parsed;
  if (current.kind !== 'value') throw new Error('not on a value');
  const { option, partial } = current;
  const before = text.slice(0, current.start);
  const typedNames = new Set(parsed.typed.flatMap((entry) => (entry.option ? [entry.option.name] : [])));
  const finish = (value: string) => withNextRequired(`${before}${value} `, runnable, typedNames, context.locale);
  const heading: Phrase = {
    id: 'playground.autocomplete.choices',
    vars: { option: optionName(option, context.locale) },
  };
  const rows = (entries: { key: string; label: string; detail: string; value: string }[]): SuggestionList => ({
    heading,
    items: entries
      .filter((entry) => startsWithIgnoringCase(entry.label, partial) || startsWithIgnoringCase(entry.value, partial))
      .map((entry) => ({
        key: entry.key,
        label: entry.label,
        detail: entry.detail,
        required: false,
        text: finish(entry.value),
      })),
    hint: null,
    picksOnEnter: true,
  });
  if (option.choices && option.choices.length > 0) {
    return rows(
      option.choices.map((choice) => ({
        key: String(choice.value),
        label: choiceName(choice, context.locale),
        detail: String(choice.value),
        value: String(choice.value),
      })),
    );
  }
  switch (option.type) {
    case ApplicationCommandOptionType.Boolean:
      return rows([
        { key: 'true', label: context.booleanWords.true, detail: '', value: context.booleanWords.true },
        { key: 'false', label: context.booleanWords.false, detail: '', value: context.booleanWords.false },
      ]);
    case ApplicationCommandOptionType.User:
      return rows(
        context.people.map((person) => ({
          key: person.id,
          label: `@${person.username}`,
          detail: '',
          value: `@${person.username}`,
        })),
      );
    case ApplicationCommandOptionType.Integer:
    case ApplicationCommandOptionType.Number:
      return { heading, items: [], hint: rangeHint(option), picksOnEnter: false };
    default:
      return { heading, items: [], hint: { id: 'playground.autocomplete.text' }, picksOnEnter: false };
  }
}

function rangeHint(option: OptionSpec): Phrase {
  const integer = option.type === ApplicationCommandOptionType.Integer;
  if (option.min_value !== undefined && option.max_value !== undefined) {
    return {
      id: integer ? 'playground.autocomplete.integer-range' : 'playground.autocomplete.number-range',
      vars: { min: option.min_value, max: option.max_value },
    };
  }
  return { id: integer ? 'playground.autocomplete.integer' : 'playground.autocomplete.number' };
}
