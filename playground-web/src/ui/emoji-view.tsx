import type { APIMessageComponentEmoji } from 'discord-api-types/v10';
import { CustomEmoji } from './markdown-view.js';
import { UnicodeEmoji } from './unicode-emoji.js';

/** A component's emoji: a custom one from the CDN, or a unicode one as Twemoji draws it. */
export function ComponentEmoji({ emoji }: { emoji: APIMessageComponentEmoji | undefined }) {
  if (!emoji) return null;
  if (emoji.id) return <CustomEmoji id={emoji.id} name={emoji.name ?? 'emoji'} animated={emoji.animated === true} />;
  return emoji.name ? <UnicodeEmoji emoji={emoji.name} /> : null;
}
