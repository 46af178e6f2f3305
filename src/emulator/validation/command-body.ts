import {
  CommandContext,
  EntryPointHandler,
  IntegrationType,
  OptionType,
  PRIMARY_ENTRY_POINT,
} from '../command-types.js';
import type { FieldPath, FormErrors } from '../errors.js';
import { isDiscordLocale } from '../locales.js';
import { checkArray, checkString, isObject, type JsonObject } from './fields.js';

const CHAT_INPUT_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** A command's body as Discord checks it on PUT, POST and PATCH, each fault filed at its path. */
export function validateCommand(errors: FormErrors, path: FieldPath, body: unknown): void {
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
