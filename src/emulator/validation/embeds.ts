import type { FieldPath, FormErrors } from '../errors.js';
import { checkArray, checkInteger, checkString, codePointLength, isObject, type JsonObject } from './fields.js';

export const EMBED_LIMITS = {
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  total: 6000,
} as const;

/** Validates `embeds`; returns them with Discord's `type: 'rich'` filled in. */
export function validateEmbeds(errors: FormErrors, path: FieldPath, value: unknown): JsonObject[] {
  const list = checkArray(errors, path, value, { max: EMBED_LIMITS.embeds });
  if (!list) return [];
  let totalChars = 0;
  const result: JsonObject[] = [];
  list.forEach((embed, index) => {
    const at = [...path, index];
    if (!isObject(embed)) {
      errors.add(at, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      return;
    }
    totalChars += validateEmbed(errors, at, embed);
    result.push({ type: 'rich', ...embed });
  });
  if (totalChars > EMBED_LIMITS.total) {
    errors.add(path, 'MAX_EMBED_SIZE_EXCEEDED', `Embed size exceeds maximum size of ${EMBED_LIMITS.total}`);
  }
  return result;
}

/** Validates one embed; returns its character count toward the 6000 total. */
function validateEmbed(errors: FormErrors, path: FieldPath, embed: JsonObject): number {
  let chars = 0;
  const count = (text: string | undefined) => {
    if (text) chars += codePointLength(text, 0);
  };
  count(checkString(errors, [...path, 'title'], embed.title, { max: EMBED_LIMITS.title }));
  count(checkString(errors, [...path, 'description'], embed.description, { max: EMBED_LIMITS.description }));
  checkString(errors, [...path, 'url'], embed.url, { max: 2048 });
  checkInteger(errors, [...path, 'color'], embed.color, { min: 0, max: 0xffffff });
  if (embed.footer !== undefined && embed.footer !== null) {
    if (!isObject(embed.footer))
      errors.add([...path, 'footer'], 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
    else
      count(
        checkString(errors, [...path, 'footer', 'text'], embed.footer.text, {
          max: EMBED_LIMITS.footer,
          required: true,
        }),
      );
  }
  if (embed.author !== undefined && embed.author !== null) {
    if (!isObject(embed.author))
      errors.add([...path, 'author'], 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
    else
      count(
        checkString(errors, [...path, 'author', 'name'], embed.author.name, {
          max: EMBED_LIMITS.author,
          required: true,
        }),
      );
  }
  if (embed.fields !== undefined && embed.fields !== null) {
    const fields = checkArray(errors, [...path, 'fields'], embed.fields, { max: EMBED_LIMITS.fields }) ?? [];
    fields.forEach((field, index) => {
      const at = [...path, 'fields', index];
      if (!isObject(field)) {
        errors.add(at, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
        return;
      }
      count(checkString(errors, [...at, 'name'], field.name, { min: 1, max: EMBED_LIMITS.fieldName, required: true }));
      count(
        checkString(errors, [...at, 'value'], field.value, { min: 1, max: EMBED_LIMITS.fieldValue, required: true }),
      );
      if (field.inline !== undefined && typeof field.inline !== 'boolean') {
        errors.add([...at, 'inline'], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
      }
    });
  }
  return chars;
}
