import { useState } from 'preact/hooks';
import { twemojiUrl } from '../lib/twemoji.js';

/**
 * A unicode emoji drawn as Discord draws it, as a Twemoji image from the page's own origin (a
 * machine without an emoji font would show empty boxes); the characters themselves if Twemoji has
 * no picture of them.
 */
export function UnicodeEmoji({ emoji }: { emoji: string }) {
  const [broken, setBroken] = useState(false);
  const url = twemojiUrl(emoji);
  if (!url || broken) return <span class="emoji-unicode">{emoji}</span>;
  return <img class="emoji" src={url} alt={emoji} draggable={false} onError={() => setBroken(true)} />;
}
