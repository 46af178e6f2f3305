import type { FieldPath, FormErrors } from '../errors.js';
import { ButtonStyle, ComponentType, isSelectType } from './component-types.js';
import { checkArray, checkInteger, checkString, codePointLength, isObject, type JsonObject } from './fields.js';

export const COMPONENT_LIMITS = {
  actionRows: 5,
  buttonsPerRow: 5,
  customId: 100,
  buttonLabel: 80,
  selectOptions: 25,
  optionText: 100,
  placeholder: 150,
  v2Total: 40,
  v2Text: 4000,
} as const;

interface Walk {
  errors: FormErrors;
  customIds: Set<string>;
  /** Component `id`s seen, unique per message. */
  ids: Set<number>;
  total: number;
  textChars: number;
  /** Whether a custom emoji id may be used by the sender (its app's emojis, its guilds'). */
  knownEmoji: (id: string) => boolean;
}

/**
 * Validates message `components`. Classic messages hold at most 5 action rows; with the
 * IS_COMPONENTS_V2 flag the layout components (containers, sections, text) are allowed instead.
 */
export function validateComponents(
  errors: FormErrors,
  path: FieldPath,
  value: unknown,
  componentsV2: boolean,
  knownEmoji: (id: string) => boolean = () => true,
): JsonObject[] {
  const list = checkArray(errors, path, value, {
    max: componentsV2 ? COMPONENT_LIMITS.v2Total : COMPONENT_LIMITS.actionRows,
  });
  if (!list) return [];
  const walk: Walk = { errors, customIds: new Set(), ids: new Set(), total: 0, textChars: 0, knownEmoji };
  const result: JsonObject[] = [];
  list.forEach((component, index) => {
    const at = [...path, index];
    if (!isObject(component)) {
      errors.add(at, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      return;
    }
    if (componentsV2) validateLayoutComponent(walk, at, component, V2_TOP_LEVEL);
    else if (component.type === ComponentType.ActionRow) {
      validateComponentId(walk, at, component);
      validateActionRow(walk, at, component);
    } else errors.add([...at, 'type'], 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1,).');
    result.push(component);
  });
  if (componentsV2 && walk.total > COMPONENT_LIMITS.v2Total) {
    errors.add(path, 'MAX_COMPONENTS', `Must be ${COMPONENT_LIMITS.v2Total} or fewer in total.`);
  }
  if (walk.textChars > COMPONENT_LIMITS.v2Text) {
    errors.add(
      path,
      'MAX_TEXT_DISPLAY_LENGTH',
      `Text display content must be ${COMPONENT_LIMITS.v2Text} or fewer in total.`,
    );
  }
  return result;
}

/** Top-level components of a components v2 message (docs/components/reference.mdx). */
const V2_TOP_LEVEL = new Set<number>([
  ComponentType.ActionRow,
  ComponentType.Section,
  ComponentType.TextDisplay,
  ComponentType.MediaGallery,
  ComponentType.File,
  ComponentType.Separator,
  ComponentType.Container,
]);

/** What a Container may hold: the top-level ones but another Container. */
const CONTAINER_CHILDREN = new Set<number>([...V2_TOP_LEVEL].filter((type) => type !== ComponentType.Container));

const MEDIA_DESCRIPTION_LIMIT = 1024;

function validateLayoutComponent(
  walk: Walk,
  path: FieldPath,
  component: JsonObject,
  allowed: ReadonlySet<number>,
): void {
  const { errors } = walk;
  if (typeof component.type !== 'number' || !allowed.has(component.type)) {
    errors.add(
      [...path, 'type'],
      'UNION_TYPE_CHOICES',
      `Value of field "type" must be one of (${[...allowed].join(', ')}).`,
    );
    return;
  }
  walk.total += 1;
  validateComponentId(walk, path, component);
  switch (component.type) {
    case ComponentType.ActionRow:
      validateActionRow(walk, path, component, false);
      return;
    case ComponentType.TextDisplay: {
      const content = checkString(errors, [...path, 'content'], component.content, {
        min: 1,
        max: COMPONENT_LIMITS.v2Text,
        required: true,
      });
      walk.textChars += content ? codePointLength(content, 0) : 0;
      return;
    }
    case ComponentType.Section: {
      const texts = checkArray(errors, [...path, 'components'], component.components, { min: 1, max: 3 }) ?? [];
      texts.forEach((text, index) => {
        const at = [...path, 'components', index];
        if (isObject(text)) validateLayoutComponent(walk, at, text, SECTION_CHILDREN);
        else errors.add(at, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      });
      const accessory = component.accessory;
      const at = [...path, 'accessory'];
      if (!isObject(accessory)) errors.add(at, 'BASE_TYPE_REQUIRED', 'This field is required');
      else if (accessory.type === ComponentType.Button) {
        validateComponentId(walk, at, accessory);
        validateButton(walk, at, accessory);
      } else if (accessory.type === ComponentType.Thumbnail) {
        walk.total += 1;
        validateComponentId(walk, at, accessory);
        validateMedia(walk, [...at, 'media'], accessory.media);
        checkString(errors, [...at, 'description'], accessory.description, { max: MEDIA_DESCRIPTION_LIMIT });
        checkBoolean(errors, [...at, 'spoiler'], accessory.spoiler);
      } else errors.add([...at, 'type'], 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (2, 11).');
      return;
    }
    case ComponentType.Container: {
      const children =
        checkArray(errors, [...path, 'components'], component.components, { min: 1, max: COMPONENT_LIMITS.v2Total }) ??
        [];
      children.forEach((child, index) => {
        const at = [...path, 'components', index];
        if (isObject(child)) validateLayoutComponent(walk, at, child, CONTAINER_CHILDREN);
        else errors.add(at, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      });
      if (component.accent_color !== null)
        checkInteger(errors, [...path, 'accent_color'], component.accent_color, { min: 0, max: 0xffffff });
      checkBoolean(errors, [...path, 'spoiler'], component.spoiler);
      return;
    }
    case ComponentType.MediaGallery: {
      const items = checkArray(errors, [...path, 'items'], component.items, { min: 1, max: 10 }) ?? [];
      items.forEach((item, index) => {
        const at = [...path, 'items', index];
        if (!isObject(item)) {
          errors.add(at, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
          return;
        }
        validateMedia(walk, [...at, 'media'], item.media);
        checkString(errors, [...at, 'description'], item.description, { max: MEDIA_DESCRIPTION_LIMIT });
        checkBoolean(errors, [...at, 'spoiler'], item.spoiler);
      });
      return;
    }
    case ComponentType.File:
      // That the url is an attachment:// of an uploaded file is checked with the message's files.
      validateMedia(walk, [...path, 'file'], component.file);
      checkBoolean(errors, [...path, 'spoiler'], component.spoiler);
      return;
    case ComponentType.Separator:
      checkBoolean(errors, [...path, 'divider'], component.divider);
      if (component.spacing !== undefined && component.spacing !== 1 && component.spacing !== 2) {
        errors.add([...path, 'spacing'], 'BASE_TYPE_CHOICES', 'Value must be one of (1, 2).');
      }
      return;
  }
}

const SECTION_CHILDREN = new Set<number>([ComponentType.TextDisplay]);

/** An unfurled media item: only `url` is the sender's to set. */
function validateMedia(walk: Walk, path: FieldPath, media: unknown): void {
  if (!isObject(media)) {
    walk.errors.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    return;
  }
  checkString(walk.errors, [...path, 'url'], media.url, { min: 1, max: 2048, required: true });
}

/** `id`: an optional integer, unique within the message (0 counts as absent: Discord fills it). */
function validateComponentId(walk: Walk, path: FieldPath, component: JsonObject): void {
  const id = checkInteger(walk.errors, [...path, 'id'], component.id, { min: 0, max: 2 ** 31 - 1 });
  if (id === undefined || id === 0) return;
  if (walk.ids.has(id)) walk.errors.add([...path, 'id'], 'COMPONENT_ID_DUPLICATED', 'Component ids must be unique');
  walk.ids.add(id);
}

/**
 * A custom emoji (`{ id, name }`) must be one the sender may use: its application's emojis or a
 * guild's it is in. Discord refuses the whole message otherwise, with BUTTON_COMPONENT_INVALID_EMOJI
 * at `emoji.id` (for buttons and select options alike).
 */
function validateEmoji(walk: Walk, path: FieldPath, emoji: unknown): void {
  if (emoji === undefined || emoji === null) return;
  if (!isObject(emoji)) {
    walk.errors.add(path, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
    return;
  }
  if (emoji.id === undefined || emoji.id === null) return;
  if (!walk.knownEmoji(String(emoji.id))) {
    walk.errors.add([...path, 'id'], 'BUTTON_COMPONENT_INVALID_EMOJI', 'Invalid emoji');
  }
}

function checkBoolean(errors: FormErrors, path: FieldPath, value: unknown): void {
  if (value !== undefined && typeof value !== 'boolean')
    errors.add(path, 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
}

function validateActionRow(walk: Walk, path: FieldPath, row: JsonObject, countRow = true): void {
  if (countRow) walk.total += 1;
  const children = checkArray(walk.errors, [...path, 'components'], row.components, {
    min: 1,
    max: COMPONENT_LIMITS.buttonsPerRow,
  });
  if (!children) return;
  const hasSelect = children.some((child) => isObject(child) && isSelectType(child.type));
  if (hasSelect && children.length > 1) {
    walk.errors.add(
      [...path, 'components'],
      'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
      'The specified component exceeds the maximum width',
    );
  }
  children.forEach((child, index) => {
    const at = [...path, 'components', index];
    if (!isObject(child)) {
      walk.errors.add(at, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      return;
    }
    validateComponentId(walk, at, child);
    if (child.type === ComponentType.Button) validateButton(walk, at, child);
    else if (isSelectType(child.type)) validateSelect(walk, at, child);
    else
      walk.errors.add(
        [...at, 'type'],
        'UNION_TYPE_CHOICES',
        'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).',
      );
  });
}

function validateCustomId(walk: Walk, path: FieldPath, value: unknown): void {
  const customId = checkString(walk.errors, path, value, { min: 1, max: COMPONENT_LIMITS.customId, required: true });
  if (customId === undefined) return;
  if (walk.customIds.has(customId)) {
    walk.errors.add(path, 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
  }
  walk.customIds.add(customId);
}

function validateButton(walk: Walk, path: FieldPath, button: JsonObject): void {
  walk.total += 1;
  const { errors } = walk;
  const style = button.style;
  if (typeof style !== 'number' || style < ButtonStyle.Primary || style > ButtonStyle.Premium) {
    errors.add([...path, 'style'], 'BASE_TYPE_CHOICES', 'Value must be one of (1, 2, 3, 4, 5, 6).');
    return;
  }
  checkString(errors, [...path, 'label'], button.label, { max: COMPONENT_LIMITS.buttonLabel });
  validateEmoji(walk, [...path, 'emoji'], button.emoji);
  if (button.disabled !== undefined && typeof button.disabled !== 'boolean') {
    errors.add([...path, 'disabled'], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
  }
  if (style === ButtonStyle.Link) {
    checkString(errors, [...path, 'url'], button.url, { min: 1, max: 512, required: true });
    if (button.custom_id !== undefined)
      errors.add(
        [...path, 'custom_id'],
        'BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED',
        'A link button cannot have a custom id.',
      );
  } else if (style === ButtonStyle.Premium) {
    checkString(errors, [...path, 'sku_id'], button.sku_id, { min: 1, max: 20, required: true });
    if (button.custom_id !== undefined)
      errors.add(
        [...path, 'custom_id'],
        'BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED',
        'A premium button cannot have a custom id.',
      );
  } else {
    validateCustomId(walk, [...path, 'custom_id'], button.custom_id);
    if (button.url !== undefined)
      errors.add([...path, 'url'], 'BUTTON_COMPONENT_URL_NOT_ALLOWED', 'Only link buttons can have a url.');
  }
  if (style !== ButtonStyle.Premium && !button.label && !button.emoji) {
    errors.add(path, 'BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED', 'A button needs a label or an emoji.');
  }
}

function validateSelect(walk: Walk, path: FieldPath, select: JsonObject): void {
  walk.total += 1;
  const { errors } = walk;
  validateCustomId(walk, [...path, 'custom_id'], select.custom_id);
  checkString(errors, [...path, 'placeholder'], select.placeholder, { max: COMPONENT_LIMITS.placeholder });
  const minValues = checkInteger(errors, [...path, 'min_values'], select.min_values, { min: 0, max: 25 }) ?? 1;
  const maxValues = checkInteger(errors, [...path, 'max_values'], select.max_values, { min: 1, max: 25 }) ?? 1;
  if (minValues > maxValues) {
    errors.add(
      [...path, 'min_values'],
      'SELECT_COMPONENT_MIN_VALUES_TOO_LARGE',
      'min_values must be less than or equal to max_values.',
    );
  }
  if (select.type !== ComponentType.StringSelect) return;
  const options = checkArray(errors, [...path, 'options'], select.options, {
    min: 1,
    max: COMPONENT_LIMITS.selectOptions,
  });
  if (!options) return;
  if (maxValues > options.length) {
    errors.add(
      [...path, 'max_values'],
      'SELECT_COMPONENT_MAX_VALUES_EXCEEDS_OPTIONS',
      'max_values must be less than or equal to the number of options.',
    );
  }
  const values = new Set<string>();
  let defaults = 0;
  options.forEach((option, index) => {
    const at = [...path, 'options', index];
    if (!isObject(option)) {
      errors.add(at, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      return;
    }
    checkString(errors, [...at, 'label'], option.label, { min: 1, max: COMPONENT_LIMITS.optionText, required: true });
    checkString(errors, [...at, 'description'], option.description, { max: COMPONENT_LIMITS.optionText });
    validateEmoji(walk, [...at, 'emoji'], option.emoji);
    const value = checkString(errors, [...at, 'value'], option.value, {
      min: 1,
      max: COMPONENT_LIMITS.optionText,
      required: true,
    });
    if (value !== undefined) {
      if (values.has(value))
        errors.add(
          [...at, 'value'],
          'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED',
          'Select component option values cannot be duplicated',
        );
      values.add(value);
    }
    if (option.default === true) defaults += 1;
  });
  if (defaults > maxValues) {
    errors.add(
      [...path, 'options'],
      'SELECT_COMPONENT_TOO_MANY_DEFAULTS',
      'More options are marked default than max_values allows.',
    );
  }
}
