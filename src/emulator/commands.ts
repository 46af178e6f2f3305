import { DiscordError, type FieldPath, FormErrors } from './errors.js';
import { isDiscordLocale } from './locales.js';
import type { SnowflakeGenerator } from './snowflake.js';
import { checkArray, checkString, isObject, type JsonObject } from './validation/fields.js';

export const OptionType = {
  Subcommand: 1,
  SubcommandGroup: 2,
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Mentionable: 9,
  Number: 10,
  Attachment: 11,
} as const;

/** Locale (`ru`, `en-GB`…) → text, as Discord stores a command's translations. */
export type Localizations = Record<string, string>;

export interface CommandOption {
  type: number;
  name: string;
  name_localizations?: Localizations | null;
  description: string;
  description_localizations?: Localizations | null;
  required?: boolean;
  choices?: { name: string; name_localizations?: Localizations | null; value: string | number }[];
  options?: CommandOption[];
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
  autocomplete?: boolean;
  channel_types?: number[];
}

/** An application command as Discord returns it. */
export interface RegisteredCommand {
  id: string;
  application_id: string;
  version: string;
  type: number;
  name: string;
  name_localizations: Localizations | null;
  description: string;
  description_localizations: Localizations | null;
  options?: CommandOption[];
  default_member_permissions: string | null;
  dm_permission?: boolean;
  contexts: number[] | null;
  integration_types: number[];
  nsfw: boolean;
  guild_id?: string;
  /** PRIMARY_ENTRY_POINT only: 1 APP_HANDLER (the app answers), 2 DISCORD_LAUNCH_ACTIVITY. */
  handler?: number;
}

const CHAT_INPUT_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** docs/interactions/application-commands.mdx: "Installation Context" and "Interaction Contexts". */
export const IntegrationType = { GuildInstall: 0, UserInstall: 1 } as const;
export const CommandContext = { Guild: 0, BotDM: 1, PrivateChannel: 2 } as const;
const MAX_COMMANDS = 100;
/** docs/interactions/application-commands.mdx: the Activity's launcher command, global and one per app. */
export const PRIMARY_ENTRY_POINT = 4;
export const EntryPointHandler = { AppHandler: 1, DiscordLaunchActivity: 2 } as const;

/** Global and per-guild commands of every application. */
export class CommandStore {
  readonly #lists = new Map<string, RegisteredCommand[]>();

  constructor(private readonly snowflakes: SnowflakeGenerator) {}

  list(appId: string, guildId: string | null): RegisteredCommand[] {
    return this.#lists.get(scopeKey(appId, guildId)) ?? [];
  }

  /** A chat-input (or other type) command visible in a guild: the guild's own first, then global. */
  find(appId: string, guildId: string | null, name: string, type = 1): RegisteredCommand | undefined {
    const matches = (command: RegisteredCommand) => command.name === name && command.type === type;
    return (guildId ? this.list(appId, guildId).find(matches) : undefined) ?? this.list(appId, null).find(matches);
  }

  get(appId: string, guildId: string | null, commandId: string): RegisteredCommand {
    const command = this.list(appId, guildId).find((candidate) => candidate.id === commandId);
    if (!command) throw DiscordError.unknownCommand();
    return command;
  }

  /** PUT: replaces the whole list; commands keeping their name and type keep their id. */
  overwrite(appId: string, guildId: string | null, body: unknown): RegisteredCommand[] {
    const errors = new FormErrors();
    const list = checkArray(errors, [], body, { max: MAX_COMMANDS });
    errors.throwIfAny();
    const seen = new Set<string>();
    list?.forEach((entry, index) => {
      validateCommand(errors, [index], entry);
      if (isObject(entry)) {
        const key = `${entry.type ?? 1}:${String(entry.name)}`;
        if (seen.has(key))
          errors.add(
            [index, 'name'],
            'APPLICATION_COMMANDS_DUPLICATE_NAME',
            'Application command names must be unique',
          );
        seen.add(key);
      }
    });
    errors.throwIfAny();
    checkEntryPoints(list ?? [], guildId);
    const previous = this.list(appId, guildId);
    // Discord refuses a bulk overwrite that would drop the Entry Point command (made for the app
    // when Activities are enabled): it must be sent along, or deleted on its own.
    const keepsEntryPoint = (list ?? []).some((entry) => isObject(entry) && entry.type === PRIMARY_ENTRY_POINT);
    if (!keepsEntryPoint && previous.some((command) => command.type === PRIMARY_ENTRY_POINT)) {
      throw new DiscordError(
        400,
        50240,
        "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
      );
    }
    const next = (list ?? []).map((entry) => {
      const body = entry as JsonObject;
      const old = previous.find((command) => command.name === body.name && command.type === (body.type ?? 1));
      return this.#build(appId, guildId, body, old?.id);
    });
    this.#lists.set(scopeKey(appId, guildId), next);
    return next;
  }

  /** POST: creates, or replaces the command with the same name and type. */
  upsert(appId: string, guildId: string | null, body: unknown): { command: RegisteredCommand; created: boolean } {
    const errors = new FormErrors();
    validateCommand(errors, [], body);
    errors.throwIfAny();
    const entry = body as JsonObject;
    const list = [...this.list(appId, guildId)];
    checkEntryPoints([...list.filter((command) => command.name !== entry.name), entry], guildId);
    const index = list.findIndex((command) => command.name === entry.name && command.type === (entry.type ?? 1));
    if (index < 0 && list.length >= MAX_COMMANDS) {
      throw new DiscordError(400, 30032, 'Maximum number of application commands reached (100)');
    }
    const command = this.#build(appId, guildId, entry, index >= 0 ? list[index]?.id : undefined);
    if (index >= 0) list[index] = command;
    else list.push(command);
    this.#lists.set(scopeKey(appId, guildId), list);
    return { command, created: index < 0 };
  }

  /** PATCH: merges the given fields into an existing command. */
  edit(appId: string, guildId: string | null, commandId: string, body: unknown): RegisteredCommand {
    const old = this.get(appId, guildId, commandId);
    if (!isObject(body))
      throw DiscordError.formError([], 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
    const merged: JsonObject = { ...old, ...body, type: old.type };
    const errors = new FormErrors();
    validateCommand(errors, [], merged);
    errors.throwIfAny();
    const command = this.#build(appId, guildId, merged, old.id);
    this.#lists.set(
      scopeKey(appId, guildId),
      this.list(appId, guildId).map((candidate) => (candidate.id === commandId ? command : candidate)),
    );
    return command;
  }

  delete(appId: string, guildId: string | null, commandId: string): void {
    this.get(appId, guildId, commandId);
    this.#lists.set(
      scopeKey(appId, guildId),
      this.list(appId, guildId).filter((candidate) => candidate.id !== commandId),
    );
  }

  #build(appId: string, guildId: string | null, body: JsonObject, id?: string): RegisteredCommand {
    const type = typeof body.type === 'number' ? body.type : 1;
    const permissions = body.default_member_permissions;
    return {
      id: id ?? this.snowflakes.next(),
      application_id: appId,
      version: this.snowflakes.next(),
      type,
      name: String(body.name),
      name_localizations: isObject(body.name_localizations) ? (body.name_localizations as Localizations) : null,
      description: typeof body.description === 'string' ? body.description : '',
      description_localizations: isObject(body.description_localizations)
        ? (body.description_localizations as Localizations)
        : null,
      ...(Array.isArray(body.options) && body.options.length > 0 ? { options: body.options as CommandOption[] } : {}),
      default_member_permissions: permissions === undefined || permissions === null ? null : String(permissions),
      ...(guildId ? { guild_id: guildId } : { dm_permission: body.dm_permission !== false }),
      contexts: Array.isArray(body.contexts) ? (body.contexts as number[]) : null,
      integration_types: Array.isArray(body.integration_types) ? (body.integration_types as number[]) : [0],
      nsfw: body.nsfw === true,
      ...(type === PRIMARY_ENTRY_POINT
        ? { handler: typeof body.handler === 'number' ? body.handler : EntryPointHandler.AppHandler }
        : {}),
    };
  }
}

/** An Entry Point command is global only, one per app (docs/interactions/application-commands.mdx). */
function checkEntryPoints(list: readonly unknown[], guildId: string | null): void {
  const count = list.filter((entry) => isObject(entry) && entry.type === PRIMARY_ENTRY_POINT).length;
  if (count > 0 && guildId)
    throw DiscordError.formError(['type'], 'BASE_TYPE_CHOICES', 'Entry Point commands are global only');
  if (count > 1) throw new DiscordError(400, 30032, 'Maximum number of Entry Point commands reached (1)');
}

function scopeKey(appId: string, guildId: string | null): string {
  return guildId ? `${appId}:${guildId}` : appId;
}

function validateCommand(errors: FormErrors, path: FieldPath, body: unknown): void {
  if (!isObject(body)) {
    errors.add(path, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
    return;
  }
  const type = body.type ?? 1;
  if (type !== 1 && type !== 2 && type !== 3 && type !== 4) {
    errors.add([...path, 'type'], 'BASE_TYPE_CHOICES', 'Value must be one of (1, 2, 3, 4).');
    return;
  }
  validateEnumList(errors, [...path, 'integration_types'], body.integration_types, Object.values(IntegrationType));
  validateEnumList(errors, [...path, 'contexts'], body.contexts, Object.values(CommandContext));
  if (type === 1) {
    validateChatInputName(errors, [...path, 'name'], body.name);
    validateLocalizations(errors, [...path, 'name_localizations'], body.name_localizations, 'chat-input-name');
    checkString(errors, [...path, 'description'], body.description, { min: 1, max: 100, required: true });
    validateLocalizations(
      errors,
      [...path, 'description_localizations'],
      body.description_localizations,
      'description',
    );
    if (body.options !== undefined && body.options !== null)
      validateOptions(errors, [...path, 'options'], body.options, 0);
  } else if (type === PRIMARY_ENTRY_POINT) {
    validateChatInputName(errors, [...path, 'name'], body.name);
    checkString(errors, [...path, 'description'], body.description, { min: 1, max: 100, required: true });
    if (Array.isArray(body.options) && body.options.length > 0)
      errors.add([...path, 'options'], 'APPLICATION_COMMAND_OPTIONS_INVALID', 'Entry Point commands take no options');
    const handler = body.handler ?? EntryPointHandler.AppHandler;
    if (handler !== EntryPointHandler.AppHandler && handler !== EntryPointHandler.DiscordLaunchActivity)
      errors.add([...path, 'handler'], 'BASE_TYPE_CHOICES', 'Value must be one of (1, 2).');
  } else {
    checkString(errors, [...path, 'name'], body.name, { min: 1, max: 32, required: true });
    validateLocalizations(errors, [...path, 'name_localizations'], body.name_localizations, 'menu-name');
    if (body.description)
      errors.add(
        [...path, 'description'],
        'APPLICATION_COMMAND_INVALID_DESCRIPTION',
        'Context menu commands cannot have a description',
      );
  }
  const permissions = body.default_member_permissions;
  if (permissions !== undefined && permissions !== null && !/^\d+$/.test(String(permissions))) {
    errors.add(
      [...path, 'default_member_permissions'],
      'BASE_TYPE_STRING',
      'Must be a permission bit set as a string.',
    );
  }
}

/** `integration_types` / `contexts`: null, or a list of the enum's values. */
function validateEnumList(errors: FormErrors, path: FieldPath, value: unknown, allowed: readonly number[]): void {
  if (value === undefined || value === null) return;
  const list = checkArray(errors, path, value, { max: allowed.length });
  list?.forEach((entry, index) => {
    if (typeof entry !== 'number' || !allowed.includes(entry)) {
      errors.add([...path, index], 'ENUM_TYPE_COERCE', `Value "${String(entry)}" is not a valid enum value.`);
    }
  });
}

/**
 * `name_localizations` / `description_localizations`: keys are Discord's locales (docs/reference.mdx,
 * "Locales"); localized names follow the same rules as names, descriptions 1–100.
 */
function validateLocalizations(
  errors: FormErrors,
  path: FieldPath,
  value: unknown,
  kind: 'chat-input-name' | 'menu-name' | 'description' | 'choice-name',
): void {
  if (value === undefined || value === null) return;
  if (!isObject(value)) {
    errors.add(path, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    return;
  }
  for (const [locale, text] of Object.entries(value)) {
    const at = [...path, locale];
    if (!isDiscordLocale(locale)) {
      errors.add(at, 'ENUM_TYPE_COERCE', `Value "${locale}" is not a valid enum value.`);
      continue;
    }
    if (kind === 'chat-input-name') validateChatInputName(errors, at, text);
    else checkString(errors, at, text, { min: 1, max: kind === 'menu-name' ? 32 : 100, required: true });
  }
}

function validateChatInputName(errors: FormErrors, path: FieldPath, name: unknown): void {
  const text = checkString(errors, path, name, { min: 1, max: 32, required: true });
  if (text !== undefined && (!CHAT_INPUT_NAME.test(text) || text !== text.toLowerCase())) {
    errors.add(path, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
  }
}

/** depth 0 = top level, 1 = inside a group or subcommand, 2 = inside a subcommand of a group. */
function validateOptions(errors: FormErrors, path: FieldPath, value: unknown, depth: number): void {
  const options = checkArray(errors, path, value, { max: 25 });
  if (!options) return;
  const names = new Set<string>();
  let sawOptional = false;
  let sawSubcommand = false;
  let sawBasic = false;
  options.forEach((option, index) => {
    const at = [...path, index];
    if (!isObject(option)) {
      errors.add(at, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      return;
    }
    const type = option.type;
    if (typeof type !== 'number' || type < OptionType.Subcommand || type > OptionType.Attachment) {
      errors.add([...at, 'type'], 'BASE_TYPE_CHOICES', 'Value must be one of (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11).');
      return;
    }
    validateChatInputName(errors, [...at, 'name'], option.name);
    validateLocalizations(errors, [...at, 'name_localizations'], option.name_localizations, 'chat-input-name');
    checkString(errors, [...at, 'description'], option.description, { min: 1, max: 100, required: true });
    validateLocalizations(
      errors,
      [...at, 'description_localizations'],
      option.description_localizations,
      'description',
    );
    if (typeof option.name === 'string') {
      if (names.has(option.name))
        errors.add([...at, 'name'], 'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS', 'Option names must be unique');
      names.add(option.name);
    }
    checkLocalizedName(errors, at, option, options, index);
    if (type === OptionType.SubcommandGroup || type === OptionType.Subcommand) {
      sawSubcommand = true;
      const allowedDepth = type === OptionType.SubcommandGroup ? 0 : 1;
      if (depth > allowedDepth)
        errors.add(
          [...at, 'type'],
          'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
          'Subcommands cannot be nested this deep',
        );
      if (type === OptionType.SubcommandGroup) {
        const children = checkArray(errors, [...at, 'options'], option.options ?? [], { min: 1, max: 25 }) ?? [];
        children.forEach((child, childIndex) => {
          if (!isObject(child) || child.type !== OptionType.Subcommand) {
            errors.add(
              [...at, 'options', childIndex, 'type'],
              'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
              'A subcommand group holds subcommands only',
            );
          }
        });
        validateOptions(errors, [...at, 'options'], option.options ?? [], depth + 1);
      } else if (option.options !== undefined) {
        validateOptions(errors, [...at, 'options'], option.options, depth + 2);
      }
      return;
    }
    sawBasic = true;
    if (option.required === true && sawOptional) {
      errors.add(
        [...at, 'required'],
        'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
        'Required options must be placed before non-required options',
      );
    }
    if (option.required !== true) sawOptional = true;
    validateChoices(errors, at, option, type);
  });
  if (sawSubcommand && sawBasic) {
    errors.add(path, 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID', 'Subcommands cannot be mixed with other options');
  }
}

/**
 * docs/interactions/application-commands.mdx, "Localization": localized option names "must be
 * distinct from all other default option names of that command, as well as all other option names
 * within that locale". A localization identical to the option's own default is ignored.
 */
function checkLocalizedName(
  errors: FormErrors,
  at: FieldPath,
  option: JsonObject,
  siblings: readonly unknown[],
  index: number,
): void {
  if (!isObject(option.name_localizations)) return;
  const others = siblings.filter((sibling, i): sibling is JsonObject => i !== index && isObject(sibling));
  for (const [locale, name] of Object.entries(option.name_localizations)) {
    if (typeof name !== 'string' || name === option.name) continue;
    const taken = others.some((other) => {
      const localized = isObject(other.name_localizations) ? other.name_localizations[locale] : undefined;
      return other.name === name || (localized ?? other.name) === name;
    });
    if (taken) {
      errors.add(
        [...at, 'name_localizations', locale],
        'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS',
        'Option names must be unique',
      );
    }
  }
}

function validateChoices(errors: FormErrors, path: FieldPath, option: JsonObject, type: number): void {
  if (option.choices === undefined || option.choices === null) return;
  if (type !== OptionType.String && type !== OptionType.Integer && type !== OptionType.Number) {
    errors.add(
      [...path, 'choices'],
      'APPLICATION_COMMAND_OPTION_CHOICES_NOT_ALLOWED',
      'Only string, integer and number options have choices',
    );
    return;
  }
  const choices = checkArray(errors, [...path, 'choices'], option.choices, { max: 25 }) ?? [];
  choices.forEach((choice, index) => {
    const at = [...path, 'choices', index];
    if (!isObject(choice)) {
      errors.add(at, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      return;
    }
    checkString(errors, [...at, 'name'], choice.name, { min: 1, max: 100, required: true });
    validateLocalizations(errors, [...at, 'name_localizations'], choice.name_localizations, 'choice-name');
    const valueOk =
      type === OptionType.String
        ? typeof choice.value === 'string' && choice.value.length <= 100
        : typeof choice.value === 'number';
    if (!valueOk)
      errors.add(
        [...at, 'value'],
        'APPLICATION_COMMAND_OPTION_CHOICE_VALUE_INVALID',
        'Choice value does not match the option type',
      );
  });
}
