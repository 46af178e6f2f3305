import { ApplicationCommandOptionType } from 'discord-api-types/v10';

/** Locale → text, as Discord stores translations of command names and descriptions. */
export type Localizations = Readonly<Record<string, string>> | null | undefined;

export interface ChoiceSpec {
  readonly name: string;
  readonly value: string | number;
  readonly name_localizations?: Localizations;
}

/** An option of a registered command (what Discord's API returns). */
export interface OptionSpec {
  readonly type: number;
  readonly name: string;
  readonly description: string;
  readonly name_localizations?: Localizations;
  readonly description_localizations?: Localizations;
  readonly required?: boolean;
  readonly choices?: readonly ChoiceSpec[];
  readonly options?: readonly OptionSpec[];
  readonly min_value?: number;
  readonly max_value?: number;
  readonly min_length?: number;
  readonly max_length?: number;
}

/** A registered chat-input command. */
export interface CommandSpec {
  readonly type?: number;
  readonly name: string;
  readonly description: string;
  readonly name_localizations?: Localizations;
  readonly description_localizations?: Localizations;
  readonly options?: readonly OptionSpec[];
}

/** Something a person can run: a command, or one of its subcommands (in a group or not). */
export interface RunnableCommand {
  readonly command: CommandSpec;
  readonly group: OptionSpec | null;
  readonly subcommand: OptionSpec | null;
  /** The names a person sees, in their locale: ['crag', 'start']. */
  readonly displayPath: readonly string[];
  /** The names Discord knows them by. */
  readonly path: readonly string[];
  readonly description: string;
  /** Its options, required ones first as Discord lists them. */
  readonly options: readonly OptionSpec[];
}

/** The name or description a person sees: their locale's translation when the bot has one. */
export function localized(text: string, translations: Localizations, locale: string): string {
  return translations?.[locale] ?? text;
}

export function optionName(option: OptionSpec, locale: string): string {
  return localized(option.name, option.name_localizations, locale);
}

export function choiceName(choice: ChoiceSpec, locale: string): string {
  return localized(choice.name, choice.name_localizations, locale);
}

/** Discord's picker lists subcommands, not the commands that hold them: one entry per runnable path. */
export function runnableCommands(commands: readonly CommandSpec[], locale: string): RunnableCommand[] {
  const result: RunnableCommand[] = [];
  const entry = (command: CommandSpec, group: OptionSpec | null, subcommand: OptionSpec | null): RunnableCommand => {
    const parts = [command, group, subcommand].filter((part): part is CommandSpec | OptionSpec => part !== null);
    const leaf = parts[parts.length - 1] ?? command;
    const options = [...(leaf.options ?? [])];
    return {
      command,
      group,
      subcommand,
      displayPath: parts.map((part) => localized(part.name, part.name_localizations, locale)),
      path: parts.map((part) => part.name),
      description: localized(leaf.description, leaf.description_localizations, locale),
      options: [...options.filter((option) => option.required), ...options.filter((option) => !option.required)],
    };
  };
  for (const command of commands) {
    if ((command.type ?? 1) !== 1) continue;
    const top = command.options ?? [];
    const nested = top.filter(
      (option) =>
        option.type === ApplicationCommandOptionType.Subcommand ||
        option.type === ApplicationCommandOptionType.SubcommandGroup,
    );
    if (nested.length === 0) {
      result.push(entry(command, null, null));
      continue;
    }
    for (const option of nested) {
      if (option.type === ApplicationCommandOptionType.Subcommand) result.push(entry(command, null, option));
      else for (const sub of option.options ?? []) result.push(entry(command, option, sub));
    }
  }
  return result;
}
