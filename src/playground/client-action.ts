import type { ClientAction, OptionValue } from './protocol.js';

const MAX_TEXT = 4_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isShortText(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_TEXT;
}

function isOptionValue(value: unknown): value is OptionValue {
  return (
    (typeof value === 'string' && value.length <= MAX_TEXT) ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    typeof value === 'boolean'
  );
}

/**
 * Reads one action sent by the page, or null when the text is not one. Only the shape is checked
 * here; whether the action is possible is the emulator's call, as it would be Discord's.
 */
export function parseClientAction(text: string): ClientAction | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || !Number.isSafeInteger(value.requestId)) return null;
  const requestId = value.requestId as number;
  switch (value.type) {
    case 'command': {
      const { name, subcommandGroup, subcommand, options } = value;
      if (!isShortText(name) || !isRecord(options) || !Object.values(options).every(isOptionValue)) return null;
      if (subcommandGroup !== undefined && !isShortText(subcommandGroup)) return null;
      if (subcommand !== undefined && !isShortText(subcommand)) return null;
      return {
        type: 'command',
        requestId,
        name,
        ...(subcommandGroup !== undefined ? { subcommandGroup } : {}),
        ...(subcommand !== undefined ? { subcommand } : {}),
        options: options as Record<string, OptionValue>,
      };
    }
    case 'click':
      if (!isShortText(value.messageId) || !isShortText(value.customId)) return null;
      return { type: 'click', requestId, messageId: value.messageId, customId: value.customId };
    case 'select': {
      const { messageId, customId, values } = value;
      if (!isShortText(messageId) || !isShortText(customId)) return null;
      if (!Array.isArray(values) || values.length > 25 || !values.every(isShortText)) return null;
      return { type: 'select', requestId, messageId, customId, values };
    }
    case 'say':
      // Any length the socket carried: one too long for Discord is answered, not dropped (see LiveChannel).
      if (typeof value.content !== 'string' || value.content.length === 0) return null;
      return { type: 'say', requestId, content: value.content };
    case 'set-locale':
      if ((value.scope !== 'me' && value.scope !== 'server') || !isShortText(value.locale)) return null;
      return { type: 'set-locale', requestId, scope: value.scope, locale: value.locale };
    default:
      return null;
  }
}
