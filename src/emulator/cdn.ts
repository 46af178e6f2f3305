/** A file the emulator's CDN serves: message attachments and application emoji images. */
export interface CdnFile {
  contentType: string;
  data: Buffer;
}

/**
 * What `GET /cdn/<path>` serves on the emulator's HTTP port, mirroring `cdn.discordapp.com/<path>`
 * (`attachments/:channelId/:attachmentId/:filename`, `emojis/:emojiId.png`).
 */
export class CdnStore {
  readonly #files = new Map<string, CdnFile>();

  constructor(private readonly baseUrl: () => string) {}

  /** The absolute URL of a path, e.g. `http://127.0.0.1:PORT/cdn/emojis/123.png`. */
  url(path: string): string {
    return `${this.baseUrl()}/${path}`;
  }

  put(path: string, file: CdnFile): void {
    this.#files.set(path, file);
  }

  /** Emoji images are found by id whatever the extension asked for, as on Discord's CDN. */
  get(path: string): CdnFile | undefined {
    const emoji = /^emojis\/(\d+)\.(?:png|gif|webp|jpe?g|avif)$/.exec(path);
    return this.#files.get(emoji ? `emojis/${emoji[1]}` : path);
  }

  delete(path: string): void {
    this.#files.delete(path);
  }
}

/** Width and height from a PNG's IHDR chunk, as Discord reports them for image attachments. */
export function pngSize(data: Buffer): { width: number; height: number } | null {
  const signature = '89504e470d0a1a0a';
  if (data.length < 24 || data.subarray(0, 8).toString('hex') !== signature) return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}
