import type { RawData } from 'ws';
import type { ClientMessage, Intent } from './protocol.js';

const INTENT_KINDS: ReadonlySet<string> = new Set([
  'join',
  'leave',
  'start',
  'keep',
  'roll',
  'choose',
  'again',
  'new-game',
]);

/** The longest field the page ever sends (an access token, an instance id, a row id). */
const MAX_FIELD_LENGTH = 512;

const isField = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_FIELD_LENGTH;

/** A message from the page, if it is one; anything else is ignored (the page never sends it). */
export function parseMessage(raw: RawData): ClientMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(String(raw));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  if (message.type === 'hello') {
    if (!isField(message.accessToken) || !isField(message.instanceId)) return undefined;
    return { type: 'hello', accessToken: message.accessToken, instanceId: message.instanceId };
  }
  if (message.type !== 'intent' || !Number.isSafeInteger(message.version)) return undefined;
  const intent = message.intent as Record<string, unknown> | null;
  if (typeof intent !== 'object' || intent === null || !INTENT_KINDS.has(String(intent.kind))) return undefined;
  if (intent.kind === 'keep' && !Number.isInteger(intent.die)) return undefined;
  if (intent.kind === 'choose' && !isField(intent.row)) return undefined;
  return { type: 'intent', intent: intent as unknown as Intent, version: message.version as number };
}
