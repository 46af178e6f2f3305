import type { FieldPath, FormErrors } from '../errors.js';
import { checkArray, checkString, isObject, type JsonObject } from './fields.js';

/**
 * An `attachments` entry of a message create or edit, as Discord's OpenAPI description has it
 * (discord/discord-api-spec, specs/openapi.json, `MessageAttachmentRequest`): `id` required, a
 * snowflake (an existing attachment) or the `files[n]` placeholder number (docs/reference.mdx
 * "Uploading Files" sends `"id": 0`); the rest optional and typed. The schema lists no other field.
 */
const TEXT_FIELDS: Readonly<Record<string, { min?: number; max: number }>> = {
  filename: { min: 1, max: 1024 },
  description: { max: 1024 },
  title: { max: 1024 },
  waveform: { max: 400 },
};
const BOOLEAN_FIELDS = ['is_spoiler', 'is_remix'] as const;
const ATTACHMENT_REQUEST_FIELDS: ReadonlySet<string> = new Set([
  'id',
  ...Object.keys(TEXT_FIELDS),
  ...BOOLEAN_FIELDS,
  'duration_secs',
]);
const SNOWFLAKE = /^(0|[1-9][0-9]*)$/;

/** Checks the entries of `attachments` against the schema; 50035 errors go to `errors`. */
export function checkAttachmentRequests(errors: FormErrors, path: FieldPath, value: unknown): JsonObject[] {
  const entries = checkArray(errors, path, value, { max: 10 }) ?? [];
  entries.forEach((entry, index) => {
    const at = [...path, index];
    if (!isObject(entry)) {
      errors.add(at, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      return;
    }
    const id = entry.id;
    if (id === undefined || id === null) errors.add([...at, 'id'], 'BASE_TYPE_REQUIRED', 'This field is required');
    else if (!(typeof id === 'string' ? SNOWFLAKE.test(id) : Number.isInteger(id) && (id as number) >= 0)) {
      errors.add([...at, 'id'], 'NUMBER_TYPE_COERCE', `Value "${String(id)}" is not snowflake.`);
    }
    for (const [field, limits] of Object.entries(TEXT_FIELDS))
      checkString(errors, [...at, field], entry[field], limits);
    for (const field of BOOLEAN_FIELDS) {
      const flag = entry[field];
      if (flag !== undefined && flag !== null && typeof flag !== 'boolean') {
        errors.add([...at, field], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
      }
    }
    const duration = entry.duration_secs;
    if (duration !== undefined && duration !== null && !(typeof duration === 'number' && duration >= 0)) {
      errors.add([...at, 'duration_secs'], 'NUMBER_TYPE_COERCE', `Value "${String(duration)}" is not double.`);
    }
  });
  return entries.filter(isObject);
}

/**
 * Fields of `attachments` entries the schema does not list, as `attachments[0].proxyURL`, in a
 * message body or an interaction callback's `data`. Discord ignores unknown fields rather than
 * refusing them, so the emulator accepts them too, but reports them: a bot that sends them meant
 * something it did not say (a whole discord.js Attachment, serialized camelCase, instead of its id).
 */
export function ignoredAttachmentFields(body: unknown): string[] {
  if (!isObject(body)) return [];
  const message = isObject(body.data) ? body.data : body;
  if (!Array.isArray(message.attachments)) return [];
  return message.attachments.flatMap((entry, index) =>
    isObject(entry)
      ? Object.keys(entry)
          .filter((field) => !ATTACHMENT_REQUEST_FIELDS.has(field))
          .map((field) => `attachments[${index}].${field}`)
      : [],
  );
}
