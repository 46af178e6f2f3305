import { type CdnStore, pngSize } from './cdn.js';
import { DiscordError, FormErrors } from './errors.js';
import type { Json } from './payloads.js';
import type { SnowflakeGenerator } from './snowflake.js';
import { isObject, type JsonObject } from './validation/fields.js';
import type { UploadedFile } from './validation/message-body.js';

/**
 * Per-file upload limit for a bot: Discord's default of 10 MiB (docs/reference.mdx, "Uploading
 * Files"); interactions announce it as `attachment_size_limit`.
 */
export const ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS = 10;
/**
 * The largest request that sends a message, files included, whatever a boosted server's per-file
 * limit says (docs/resources/message.mdx: "The maximum request size when sending a message is 25 MiB").
 */
export const MAX_REQUEST_BYTES = 25 * 1024 * 1024;

/**
 * A message's attachments after a create or edit, as docs/reference.mdx "Editing Message
 * Attachments" describes: with an `attachments` list, only the existing attachments it names are
 * kept and the new files it names (by their `files[n]` placeholder id) are added; without one, an
 * edit keeps what the message had and adds every uploaded file.
 */
export function resolveAttachments(input: {
  channelId: string;
  requested: JsonObject[] | undefined;
  files: readonly UploadedFile[];
  existing: readonly Json[];
  snowflakes: SnowflakeGenerator;
  cdn: CdnStore;
  /** Where the message sits in the request body (`['data']` in interaction callbacks). */
  path: readonly (string | number)[];
}): Json[] {
  const { requested, files, existing, path } = input;
  const errors = new FormErrors();
  if (files.length > MAX_ATTACHMENTS) {
    errors.add([...path, 'attachments'], 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_ATTACHMENTS} or fewer in length.`);
  }
  if (
    files.some((file) => file.size > ATTACHMENT_SIZE_LIMIT) ||
    files.reduce((sum, file) => sum + file.size, 0) > MAX_REQUEST_BYTES
  ) {
    throw new DiscordError(413, 40005, 'Request entity too large');
  }
  const byPlaceholder = new Map(files.map((file, position) => [String(file.index ?? position), file]));
  const kept: Json[] = [];
  const added: { file: UploadedFile; described: JsonObject | undefined }[] = [];
  if (requested) {
    requested.forEach((wanted, index) => {
      const id = String(wanted.id);
      const old = existing.find((attachment) => attachment.id === id);
      const file = byPlaceholder.get(id);
      if (old) kept.push(typeof wanted.description === 'string' ? { ...old, description: wanted.description } : old);
      else if (file) added.push({ file, described: wanted });
      else errors.add([...path, 'attachments', index, 'id'], 'ATTACHMENT_NOT_FOUND', 'Attachment not found');
    });
  } else {
    kept.push(...existing);
    for (const file of files) added.push({ file, described: undefined });
  }
  errors.throwIfAny();
  const uploaded = added.map(({ file, described }) => {
    const id = input.snowflakes.next();
    const path = attachmentPath(input.channelId, id, file.filename);
    input.cdn.put(path, { contentType: file.contentType, data: file.data });
    const size = pngSize(file.data);
    return {
      id,
      filename: file.filename,
      size: file.size,
      url: input.cdn.url(path),
      proxy_url: input.cdn.url(path),
      content_type: file.contentType,
      ...(size ?? {}),
      ...(typeof described?.description === 'string' ? { description: described.description } : {}),
    };
  });
  return [...kept, ...uploaded];
}

export function attachmentPath(channelId: string, attachmentId: string, filename: string): string {
  return `attachments/${channelId}/${attachmentId}/${encodeURIComponent(filename)}`;
}

/** Drops from the CDN the attachments `before` had and `after` no longer has. */
export function forgetAttachments(cdn: CdnStore, channelId: string, before: readonly Json[], after: readonly Json[]) {
  for (const attachment of before) {
    if (!after.some((still) => still.id === attachment.id)) {
      cdn.delete(attachmentPath(channelId, String(attachment.id), String(attachment.filename)));
    }
  }
}

/**
 * `attachment://name` in embed images and thumbnails, and in components v2 media (Thumbnail, Media
 * Gallery, File), must name a file of the message; a File component takes nothing else
 * (docs/components/reference.mdx, "File"). Otherwise 400 / 50035 at the url.
 */
export function checkAttachmentReferences(
  message: { embeds: readonly unknown[]; components: readonly unknown[]; attachments: readonly Json[] },
  path: readonly (string | number)[],
): void {
  const names = new Set(message.attachments.map((attachment) => String(attachment.filename)));
  const errors = new FormErrors();
  const check = (url: unknown, at: (string | number)[], attachmentOnly: boolean) => {
    if (typeof url !== 'string') return;
    if (url.startsWith('attachment://')) {
      if (!names.has(url.slice('attachment://'.length))) errors.add(at, 'ATTACHMENT_NOT_FOUND', 'Attachment not found');
    } else if (attachmentOnly) {
      errors.add(at, 'UNFURLED_MEDIA_ITEM_INVALID_PROTOCOL', 'File components only take attachment:// urls');
    }
  };
  message.embeds.forEach((embed, index) => {
    if (!isObject(embed)) return;
    for (const key of ['image', 'thumbnail'] as const) {
      const media = embed[key];
      if (isObject(media)) check(media.url, [...path, 'embeds', index, key, 'url'], false);
    }
  });
  const visit = (component: unknown, at: (string | number)[]) => {
    if (!isObject(component)) return;
    if (component.type === 11 && isObject(component.media)) check(component.media.url, [...at, 'media', 'url'], false);
    if (component.type === 13 && isObject(component.file)) check(component.file.url, [...at, 'file', 'url'], true);
    if (component.type === 12 && Array.isArray(component.items)) {
      component.items.forEach((item, index) => {
        if (isObject(item) && isObject(item.media))
          check(item.media.url, [...at, 'items', index, 'media', 'url'], false);
      });
    }
    if (Array.isArray(component.components)) {
      component.components.forEach((child, index) => {
        visit(child, [...at, 'components', index]);
      });
    }
    if (component.accessory) visit(component.accessory, [...at, 'accessory']);
  };
  message.components.forEach((component, index) => {
    visit(component, [...path, 'components', index]);
  });
  errors.throwIfAny();
}
