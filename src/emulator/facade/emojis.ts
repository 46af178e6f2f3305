import type { EmulatorCore } from '../core.js';
import type { Json } from '../payloads.js';

/** Application emojis, and the CDN that serves their images. */
export class EmojisPart {
  constructor(private readonly core: EmulatorCore) {}

  /** The app's emojis as `GET /applications/:id/emojis` lists them. */
  applicationEmojis(appId: string): Json[] {
    return this.core.emojis.list(appId).map((emoji) => this.core.emojis.json(emoji));
  }

  /** Where the emulator's CDN serves an emoji's image (Discord: `cdn.discordapp.com/emojis/:id.png`). */
  emojiUrl(emojiId: string): string {
    return this.core.emojis.url(emojiId);
  }
}
