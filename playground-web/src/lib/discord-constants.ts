/**
 * Discord's numbers the page reads. discord-api-types declares these as enums in type files only,
 * so the page keeps its own copies of the few it needs.
 */
export const ComponentType = {
  ActionRow: 1,
  Button: 2,
  StringSelect: 3,
  TextInput: 4,
  UserSelect: 5,
  RoleSelect: 6,
  MentionableSelect: 7,
  ChannelSelect: 8,
  Section: 9,
  TextDisplay: 10,
  Thumbnail: 11,
  MediaGallery: 12,
  File: 13,
  Separator: 14,
  Container: 17,
} as const;

export const ButtonStyle = { Primary: 1, Secondary: 2, Success: 3, Danger: 4, Link: 5, Premium: 6 } as const;

export const MessageFlag = {
  Ephemeral: 1 << 6,
  Loading: 1 << 7,
  IsComponentsV2: 1 << 15,
} as const;

export const OptionType = {
  Subcommand: 1,
  SubcommandGroup: 2,
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Mentionable: 9,
  Number: 10,
  Attachment: 11,
} as const;

/** Separator spacing: 1 small, 2 large. */
export const SeparatorSpacing = { Small: 1, Large: 2 } as const;
