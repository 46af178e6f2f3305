import {
  type APIActionRowComponent,
  type APIButtonComponentWithCustomId,
  type APIComponentInContainer,
  type APIComponentInMessageActionRow,
  type APIContainerComponent,
  type APIMediaGalleryComponent,
  type APISeparatorComponent,
  type APITextDisplayComponent,
  type ButtonStyle,
  ComponentType,
  MessageFlags,
  SeparatorSpacingSize,
} from 'discord-api-types/v10';

/**
 * A message as the renderers produce it: Discord's JSON for a Components V2 message (flag 1<<15:
 * the message is its components, one container with an accent colour; no content, no embeds),
 * which discord.js accepts as it is for replies, updates and edits. Rendering is a pure function
 * from state (and the reader's translator, and the dice faces) to this.
 */
export interface MessagePayload {
  flags: MessageFlags.IsComponentsV2;
  components: [APIContainerComponent];
  allowedMentions: { parse: []; users?: string[] };
}

/** Discord's limit on all the text of a Components V2 message's text displays together. */
export const MESSAGE_TEXT_LIMIT = 4000;

/** An ephemeral card (sheet, rules, hint, analysis): the same shape; the reply adds the Ephemeral flag. */
export type PrivateCard = MessagePayload;

/** The container's accent colour for each stage of a game, and for cards. */
export const COLOURS = {
  lobby: 0x5865f2,
  playing: 0x2b7a4b,
  /** A computer seat is to move: nothing to do for the people watching. */
  waiting: 0x4f6f5c,
  finished: 0xf0b232,
  ended: 0x80848e,
  info: 0x3c8dbc,
} as const;

export function noMentions(): MessagePayload['allowedMentions'] {
  return { parse: [] };
}

export function placeMark(place: number): string {
  return place === 1 ? '🥇' : place === 2 ? '🥈' : place === 3 ? '🥉' : `${place}.`;
}

/** A Components V2 message: one container of `children`, pinging nobody. */
export function layoutMessage(
  accent: number,
  children: readonly (APIComponentInContainer | undefined)[],
): MessagePayload {
  return {
    flags: MessageFlags.IsComponentsV2,
    components: [
      {
        type: ComponentType.Container,
        accent_color: accent,
        components: children.filter((child): child is APIComponentInContainer => child !== undefined),
      },
    ],
    allowedMentions: noMentions(),
  };
}

/** Markdown text; `id` names a part readers look for (see PART). */
export function text(content: string, id?: number): APITextDisplayComponent {
  return id === undefined
    ? { type: ComponentType.TextDisplay, content }
    : { type: ComponentType.TextDisplay, id, content };
}

/** A thin line between parts of a message. */
export function divider(): APISeparatorComponent {
  return { type: ComponentType.Separator, divider: true, spacing: SeparatorSpacingSize.Small };
}

/** One row of buttons, or one select menu. */
export function row(
  ...components: APIComponentInMessageActionRow[]
): APIActionRowComponent<APIComponentInMessageActionRow> {
  return { type: ComponentType.ActionRow, components };
}

export function button(
  customId: string,
  label: string,
  style: ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger,
  disabled = false,
): APIButtonComponentWithCustomId {
  return { type: ComponentType.Button, custom_id: customId, label, style, ...(disabled ? { disabled } : {}) };
}

/** An image attached to the message (`attachment://name`), with the words a screen reader says for it. */
export function attachedImage(filename: string, description: string, id?: number): APIMediaGalleryComponent {
  return {
    type: ComponentType.MediaGallery,
    ...(id === undefined ? {} : { id }),
    items: [{ media: { url: `attachment://${filename}` }, description: description.slice(0, 1024) }],
  };
}
