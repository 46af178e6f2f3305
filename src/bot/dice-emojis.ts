import { type Client, DiscordAPIError } from 'discord.js';
import { dieEmojis } from '../dice-art/index.js';
import type { Die } from '../game/index.js';
import type { Logger } from '../log.js';
import { type DiceFaces, emojiDice, UNICODE_DICE } from './render/index.js';

/** The die faces the renderers are given: Unicode's until the application's own emojis are in place. */
export interface DiceInUse {
  faces: DiceFaces;
}

/**
 * The die faces as the application's own emojis (`crag_d1`…`crag_d6`), which need no permission in
 * any server and count against the application's 2,000. The list is read first and only the faces
 * missing from it are uploaded, so a restart uploads nothing. If the list cannot be read or an upload
 * is refused, the dice stay Unicode faces, with one warning line: the bot never fails to start over
 * emojis.
 */
export async function loadDiceFaces(
  client: Client<true>,
  log: Logger,
): Promise<{ readonly faces: DiceFaces; readonly uploaded: number }> {
  try {
    const owned = new Map((await client.application.emojis.fetch()).map((emoji) => [emoji.name, emoji.id]));
    const faces: Partial<Record<Die, { id: string; name: string }>> = {};
    let uploaded = 0;
    for (const { face, name, image } of dieEmojis()) {
      let id = owned.get(name);
      if (id === undefined) {
        id = (await client.application.emojis.create({ attachment: image, name })).id;
        uploaded += 1;
      }
      faces[face] = { id, name };
    }
    return { faces: emojiDice(faces as Record<Die, { id: string; name: string }>), uploaded };
  } catch (error) {
    log.warn('the die emojis could not be read or uploaded; the dice show as Unicode faces', {
      reason: error instanceof DiscordAPIError ? `${error.status} ${error.code}: ${error.message}` : String(error),
    });
    return { faces: UNICODE_DICE, uploaded: 0 };
  }
}
