import { DiscordError, type FieldPath, FormErrors } from '../errors.js';
import type { AllowedMentions } from '../mentions.js';
import { checkAttachmentRequests } from './attachment-requests.js';
import { validateComponents } from './components.js';
import { validateEmbeds } from './embeds.js';
import { checkArray, checkInteger, checkString, isObject, type JsonObject } from './fields.js';

export const MessageFlag = {
  SuppressEmbeds: 1 << 2,
  HasThread: 1 << 5,
  Ephemeral: 1 << 6,
  Loading: 1 << 7,
  SuppressNotifications: 1 << 12,
  IsComponentsV2: 1 << 15,
} as const;

export const CONTENT_LIMIT = 2000;

/** Flags a sender may set; anything else is ignored, as Discord does. */
const SETTABLE_FLAGS = MessageFlag.SuppressEmbeds | MessageFlag.SuppressNotifications | MessageFlag.IsComponentsV2;

/** The message fields found in a body; `undefined` = not sent (matters for edits). */
export interface MessageFields {
  content?: string;
  embeds?: JsonObject[];
  components?: JsonObject[];
  /** Only the settable flags (plus Ephemeral where the caller allows it). */
  flags?: number;
  attachments?: JsonObject[];
  messageReference?: JsonObject;
  tts?: boolean;
  allowedMentions?: AllowedMentions;
}

export interface UploadedFile {
  /** The multipart field name, e.g. `files[0]`. */
  field: string;
  /** `n` of `files[n]`: the placeholder id an `attachments` entry uses for it; null for other names. */
  index: number | null;
  filename: string;
  size: number;
  contentType: string;
  data: Buffer;
}

export interface MessageBodyOptions {
  /** Where the message fields sit in the body (`['data']` in interaction callbacks). */
  path?: FieldPath;
  /** Interaction responses and follow-ups may ask for an ephemeral message. */
  allowEphemeral?: boolean;
  /** The flags the message already has, for edits: IS_COMPONENTS_V2 cannot be removed. */
  existingFlags?: number;
  /** Custom emoji ids the sender may use in components (default: any). */
  knownEmoji?: (id: string) => boolean;
}

/** Validates a create/edit body against Discord's limits; throws 50035 with the `errors` tree. */
export function readMessageFields(body: unknown, options: MessageBodyOptions = {}): MessageFields {
  const path = options.path ?? [];
  const errors = new FormErrors();
  if (!isObject(body)) {
    errors.add(path, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
    throw DiscordError.invalidFormBody(errors);
  }
  const fields: MessageFields = {};
  const requestedFlags = checkInteger(errors, [...path, 'flags'], body.flags, { min: 0, max: 2 ** 31 - 1 });
  const allowed = SETTABLE_FLAGS | (options.allowEphemeral ? MessageFlag.Ephemeral : 0);
  if (requestedFlags !== undefined) fields.flags = requestedFlags & allowed;
  const componentsV2 = Boolean(((fields.flags ?? 0) | (options.existingFlags ?? 0)) & MessageFlag.IsComponentsV2);

  if (body.content !== undefined) {
    fields.content =
      body.content === null ? '' : checkString(errors, [...path, 'content'], body.content, { max: CONTENT_LIMIT });
  }
  if (body.embeds !== undefined)
    fields.embeds = body.embeds === null ? [] : validateEmbeds(errors, [...path, 'embeds'], body.embeds);
  if (body.components !== undefined) {
    fields.components =
      body.components === null
        ? []
        : validateComponents(errors, [...path, 'components'], body.components, componentsV2, options.knownEmoji);
  }
  if (body.attachments !== undefined && body.attachments !== null) {
    fields.attachments = checkAttachmentRequests(errors, [...path, 'attachments'], body.attachments);
  }
  if (isObject(body.message_reference)) fields.messageReference = body.message_reference;
  if (body.allowed_mentions !== undefined && body.allowed_mentions !== null) {
    fields.allowedMentions = readAllowedMentions(errors, [...path, 'allowed_mentions'], body.allowed_mentions);
  }
  if (typeof body.tts === 'boolean') fields.tts = body.tts;
  // docs/components/reference.mdx: with IS_COMPONENTS_V2, content, embeds, stickers and polls are off.
  const hasStickers = Array.isArray(body.sticker_ids) && body.sticker_ids.length > 0;
  const hasPoll = body.poll !== undefined && body.poll !== null;
  if (componentsV2 && ((fields.content ?? '') !== '' || (fields.embeds?.length ?? 0) > 0 || hasStickers || hasPoll)) {
    errors.add(
      path,
      'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
      "The 'content', 'embeds', 'sticker_ids' and 'poll' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2",
    );
  }
  // Once sent with the flag, a message keeps it: an edit sending flags without it is refused.
  if (
    requestedFlags !== undefined &&
    (options.existingFlags ?? 0) & MessageFlag.IsComponentsV2 &&
    !(requestedFlags & MessageFlag.IsComponentsV2)
  ) {
    errors.add(
      [...path, 'flags'],
      'MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG',
      'The IS_COMPONENTS_V2 flag cannot be removed from a message',
    );
  }
  if (errors.count > 0) throw DiscordError.invalidFormBody(errors);
  return fields;
}

const MENTION_TYPES = ['users', 'roles', 'everyone'] as const;

/**
 * `allowed_mentions`: `parse` takes users, roles and everyone; `users` / `roles` hold at most 100
 * ids each and cannot be given with the same kind in `parse` (docs/resources/message.mdx).
 */
function readAllowedMentions(errors: FormErrors, path: FieldPath, value: unknown): AllowedMentions | undefined {
  if (!isObject(value)) {
    errors.add(path, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
    return undefined;
  }
  let parse: AllowedMentions['parse'] = null;
  if (value.parse !== undefined && value.parse !== null) {
    parse = [];
    (checkArray(errors, [...path, 'parse'], value.parse, { max: 3 }) ?? []).forEach((kind, index) => {
      const known = MENTION_TYPES.find((type) => type === kind);
      if (known) parse?.push(known);
      else
        errors.add(
          [...path, 'parse', index],
          'BASE_TYPE_CHOICES',
          "Value must be one of ('roles', 'users', 'everyone').",
        );
    });
  }
  const ids = (kind: 'users' | 'roles'): string[] => {
    const list = value[kind];
    if (list === undefined || list === null) return [];
    const entries = checkArray(errors, [...path, kind], list, { max: 100 }) ?? [];
    if (entries.length > 0 && parse?.includes(kind)) {
      errors.add(
        [...path, kind],
        'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
        `parse:["${kind}"] and ${kind}: [ids...] are mutually exclusive.`,
      );
    }
    return entries.map(String);
  };
  if (value.replied_user !== undefined && typeof value.replied_user !== 'boolean') {
    errors.add([...path, 'replied_user'], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
  }
  return { parse, users: ids('users'), roles: ids('roles'), repliedUser: value.replied_user === true };
}

/** The visible parts of a message, to tell an empty one (50006). */
export interface MessageSubstance {
  content: string;
  embeds: readonly unknown[];
  components: readonly unknown[];
  attachments: readonly unknown[];
}

export function assertNotEmpty(message: MessageSubstance): void {
  if (
    message.content.trim() === '' &&
    message.embeds.length === 0 &&
    message.components.length === 0 &&
    message.attachments.length === 0
  ) {
    throw DiscordError.emptyMessage();
  }
}
