import type { APIEmbed } from 'discord-api-types/v10';

/** A message as Discord shows it, whether a renderer's payload or a message the emulator keeps. */
export interface ShownMessage {
  readonly content?: string | null;
  readonly embeds?: readonly APIEmbed[];
  readonly components?: readonly unknown[];
}

interface ShownComponent {
  readonly label?: string;
  readonly placeholder?: string;
  readonly options?: readonly { readonly label: string; readonly description?: string }[];
  readonly components?: readonly ShownComponent[];
}

/** Every text a person reads in a message: content, embeds, button labels, menu placeholders and options. */
export function visibleTexts(message: ShownMessage): string[] {
  const texts: string[] = [];
  if (message.content) texts.push(message.content);
  for (const embed of message.embeds ?? []) {
    texts.push(embed.title ?? '', embed.description ?? '', embed.footer?.text ?? '', embed.author?.name ?? '');
    for (const field of embed.fields ?? []) texts.push(field.name, field.value);
  }
  const visit = (component: ShownComponent): void => {
    texts.push(component.label ?? '', component.placeholder ?? '');
    for (const option of component.options ?? []) texts.push(option.label, option.description ?? '');
    for (const child of component.components ?? []) visit(child);
  };
  for (const row of message.components ?? []) visit(row as ShownComponent);
  return texts.filter((text) => text.length > 0);
}

/**
 * Text with what is not language removed: user, role and channel mentions, timestamps, custom emoji
 * and links (their ids and names are the same in every language).
 */
export function withoutNames(text: string): string {
  return text
    .replace(/<(?:@[!&]?|#)\d+>/g, ' ')
    .replace(/<t:-?\d+(?::[tTdDfFR])?>/g, ' ')
    .replace(/<a?:\w+:\d+>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
}

/**
 * The Latin words a message shows besides names: none in a message that is all Russian. People's
 * display names (`people`), which leaderboards show as they are, are names too.
 */
export function latinWords(message: ShownMessage, people: readonly string[] = []): string[] {
  return visibleTexts(message).flatMap((text) => {
    const words = withoutNames(text).match(/[A-Za-z]+/g) ?? [];
    return words.filter((word) => !people.includes(word));
  });
}

/** `{placeholders}` a message shows because nobody filled them. */
export function unfilledPlaceholders(message: ShownMessage): string[] {
  return visibleTexts(message).flatMap((text) => text.match(/\{[A-Za-z][A-Za-z0-9]*\}/g) ?? []);
}
