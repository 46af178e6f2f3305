import { type Client, DiscordAPIError } from 'discord.js';
import { dieEmojis } from '../dice-art/emoji.js';
import type { Die } from '../game/index.js';
import type { Logger } from '../log.js';
import { type DiceFaces, emojiDice, UNICODE_DICE } from './render/index.js';

/** The die faces the renderers are given: Unicode's until the application's own emojis are in place. */
export interface DiceInUse {
  faces: DiceFaces;
}

type EmojiRef = { readonly id: string; readonly name: string };

/** The application's emojis by name. */
async function ownedEmojis(client: Client<true>): Promise<Map<string, string>> {
  return new Map((await client.application.emojis.fetch()).map((emoji) => [emoji.name ?? '', emoji.id]));
}

/** The six faces drawn with `owned` emojis, or undefined if one is missing. */
function facesFrom(owned: ReadonlyMap<string, string>): DiceFaces | undefined {
  const faces: Partial<Record<Die, EmojiRef>> = {};
  for (const { face, name } of dieEmojis()) {
    const id = owned.get(name);
    if (id === undefined) return undefined;
    faces[face] = { id, name };
  }
  return emojiDice(faces as Record<Die, EmojiRef>);
}

/**
 * The die faces as the application's own emojis (`crag_d1`…`crag_d6`), which need no permission in
 * any server and count against the application's 2,000. The list is read first and only the faces
 * missing from it are uploaded, so a restart uploads nothing. If an upload is refused, the list is
 * read once more: another process of the bot (a shard starting at the same moment) may have
 * uploaded that face first. If the faces still cannot be had, the dice stay Unicode faces, with one
 * warning line: the bot never fails to start over emojis.
 */
export async function loadDiceFaces(
  client: Client<true>,
  log: Logger,
): Promise<{ readonly faces: DiceFaces; readonly uploaded: number }> {
  let uploaded = 0;
  try {
    const owned = await ownedEmojis(client);
    try {
      for (const { name, image } of dieEmojis()) {
        if (owned.has(name)) continue;
        owned.set(name, (await client.application.emojis.create({ attachment: image, name })).id);
        uploaded += 1;
      }
    } catch (refused) {
      const again = facesFrom(await ownedEmojis(client));
      if (again) return { faces: again, uploaded };
      throw refused;
    }
    const faces = facesFrom(owned);
    if (!faces) throw new Error('the application lacks a die emoji it was just given');
    return { faces, uploaded };
  } catch (error) {
    log.warn('the die emojis could not be read or uploaded; the dice show as Unicode faces', {
      reason: error instanceof DiscordAPIError ? `${error.status} ${error.code}: ${error.message}` : String(error),
    });
    return { faces: UNICODE_DICE, uploaded };
  }
}
