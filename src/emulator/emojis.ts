import type { CdnStore } from './cdn.js';
import { DiscordError, FormErrors } from './errors.js';
import { type Json, userJson } from './payloads.js';
import { isObject } from './validation/fields.js';
import type { ApplicationRecord, World } from './world.js';

/** docs/resources/emoji.mdx, "Application-Owned Emoji" and "Create Application Emoji". */
export const MAX_APPLICATION_EMOJIS = 2_000;
export const MAX_EMOJI_BYTES = 256 * 1024;
const EMOJI_NAME = /^[A-Za-z0-9_]+$/;
/** discord.js labels every Buffer `data:image/jpg`; Discord takes it, so does this. */
const IMAGE_DATA_URI = /^data:image\/(png|jpeg|jpg|gif|webp|avif);base64,([A-Za-z0-9+/=]*)$/;

export interface EmojiRecord {
  id: string;
  appId: string;
  name: string;
  animated: boolean;
  /** The bot user that uploaded it through the API. */
  userId: string;
}

/** Application-owned emojis: usable by their app's bot everywhere, without Use External Emojis. */
export class EmojiStore {
  readonly #byApp = new Map<string, Map<string, EmojiRecord>>();
  readonly #appOf = new Map<string, string>();

  constructor(
    private readonly world: World,
    private readonly cdn: CdnStore,
  ) {}

  list(appId: string): EmojiRecord[] {
    return [...(this.#byApp.get(appId)?.values() ?? [])];
  }

  get(appId: string, emojiId: string): EmojiRecord {
    const emoji = this.#byApp.get(appId)?.get(emojiId);
    if (!emoji) throw new DiscordError(404, 10014, 'Unknown Emoji');
    return emoji;
  }

  /** Whether a component or message of this app may show the custom emoji `emojiId`. */
  usableBy(appId: string, emojiId: string): boolean {
    return this.#appOf.get(emojiId) === appId;
  }

  create(app: ApplicationRecord, body: unknown): EmojiRecord {
    const fields = isObject(body) ? body : {};
    const errors = new FormErrors();
    const emojis = this.#byApp.get(app.id) ?? new Map<string, EmojiRecord>();
    const name = this.#checkName(errors, fields.name, emojis, null);
    const image = checkImage(errors, fields.image);
    errors.throwIfAny();
    if (emojis.size >= MAX_APPLICATION_EMOJIS) {
      throw new DiscordError(400, 30008, `Maximum number of emojis reached (${MAX_APPLICATION_EMOJIS})`);
    }
    const emoji: EmojiRecord = {
      id: this.world.snowflakes.next(),
      appId: app.id,
      name: name as string,
      animated: image?.contentType === 'image/gif',
      userId: app.botUserId,
    };
    emojis.set(emoji.id, emoji);
    this.#byApp.set(app.id, emojis);
    this.#appOf.set(emoji.id, app.id);
    if (image) this.cdn.put(emojiPath(emoji.id), image);
    return emoji;
  }

  rename(appId: string, emojiId: string, body: unknown): EmojiRecord {
    const emoji = this.get(appId, emojiId);
    const fields = isObject(body) ? body : {};
    if (fields.name === undefined) return emoji;
    const errors = new FormErrors();
    const name = this.#checkName(errors, fields.name, this.#byApp.get(appId) ?? new Map(), emojiId);
    errors.throwIfAny();
    emoji.name = name as string;
    return emoji;
  }

  delete(appId: string, emojiId: string): void {
    this.get(appId, emojiId);
    this.#byApp.get(appId)?.delete(emojiId);
    this.#appOf.delete(emojiId);
    this.cdn.delete(emojiPath(emojiId));
  }

  /** `GET /cdn/emojis/:id.png` (any of png, gif, webp, jpg: the stored image is served as it is). */
  url(emojiId: string): string {
    return this.cdn.url(`${emojiPath(emojiId)}.png`);
  }

  json(emoji: EmojiRecord): Json {
    return {
      id: emoji.id,
      name: emoji.name,
      roles: [],
      user: userJson(this.world.requireUser(emoji.userId)),
      require_colons: true,
      managed: false,
      animated: emoji.animated,
      available: true,
    };
  }

  /** Name: 2–32 of `[A-Za-z0-9_]`, unique among the app's emojis. */
  #checkName(
    errors: FormErrors,
    value: unknown,
    emojis: ReadonlyMap<string, EmojiRecord>,
    renaming: string | null,
  ): string | undefined {
    if (typeof value !== 'string') {
      errors.add(['name'], 'BASE_TYPE_REQUIRED', 'This field is required');
      return undefined;
    }
    if (value.length < 2 || value.length > 32) {
      errors.add(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 2 and 32 in length.');
      return undefined;
    }
    if (!EMOJI_NAME.test(value)) {
      errors.add(['name'], 'STRING_TYPE_REGEX', 'String value did not match validation regex.');
      return undefined;
    }
    for (const other of emojis.values()) {
      if (other.id !== renaming && other.name === value) {
        errors.add(['name'], 'APPLICATION_EMOJI_NAME_ALREADY_TAKEN', 'Emoji name already taken.');
        return undefined;
      }
    }
    return value;
  }
}

/** The CDN path of an emoji image; requests with any image extension find it. */
export function emojiPath(emojiId: string): string {
  return `emojis/${emojiId}`;
}

function checkImage(errors: FormErrors, value: unknown): { contentType: string; data: Buffer } | undefined {
  if (typeof value !== 'string') {
    errors.add(['image'], 'BASE_TYPE_REQUIRED', 'This field is required');
    return undefined;
  }
  const match = IMAGE_DATA_URI.exec(value);
  const data = match ? Buffer.from(match[2] ?? '', 'base64') : null;
  if (!match || !data || data.length === 0) {
    errors.add(['image'], 'IMAGE_INVALID', 'Invalid image data');
    return undefined;
  }
  if (data.length > MAX_EMOJI_BYTES) {
    errors.add(['image'], 'BINARY_TYPE_MAX_SIZE', 'File cannot be larger than 256.0 kb.');
    return undefined;
  }
  return { contentType: sniffImageType(data) ?? `image/${match[1] === 'jpg' ? 'jpeg' : match[1]}`, data };
}

/** The real type from the first bytes (the data URI's label may be discord.js's blanket `image/jpg`). */
function sniffImageType(data: Buffer): string | null {
  if (data.subarray(0, 8).toString('hex') === '89504e470d0a1a0a') return 'image/png';
  if (data.subarray(0, 3).toString('ascii') === 'GIF') return 'image/gif';
  if (data.subarray(0, 4).toString('ascii') === 'RIFF' && data.subarray(8, 12).toString('ascii') === 'WEBP') {
    return 'image/webp';
  }
  if (data[0] === 0xff && data[1] === 0xd8) return 'image/jpeg';
  return null;
}
