import { isObject, type JsonObject } from './fields.js';

/** Discord's component types and button styles (docs/components/reference.mdx) that the emulator models. */
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

const SELECT_TYPES = new Set<number>([
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
]);

export function isSelectType(type: unknown): boolean {
  return typeof type === 'number' && SELECT_TYPES.has(type);
}

/** Every interactive (button or select) component of a message, wherever it is nested. */
export function interactiveComponents(components: readonly unknown[]): JsonObject[] {
  const found: JsonObject[] = [];
  const visit = (component: unknown) => {
    if (!isObject(component)) return;
    if (component.type === ComponentType.Button || isSelectType(component.type)) found.push(component);
    if (Array.isArray(component.components)) for (const child of component.components) visit(child);
    if (component.accessory) visit(component.accessory);
  };
  for (const component of components) visit(component);
  return found;
}
