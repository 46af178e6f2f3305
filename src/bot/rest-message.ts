import type { RawFile } from 'discord.js';
import type { WithFiles } from './game-message.js';
import type { MessagePayload } from './render/index.js';

/**
 * A message as the bot sends it through REST itself: a game's message or a turn ping with its own
 * token, or a board redrawn by a click's interaction callback.
 */
export type OutgoingMessage = WithFiles<{
  flags?: number;
  content?: string;
  components?: MessagePayload['components'];
  embeds?: [];
  allowedMentions?: MessagePayload['allowedMentions'];
}>;

/**
 * The REST request for a message: its JSON body and its files. Files replace whatever the message
 * had attached (the body lists only them), so redrawing the final standings never leaves two score
 * cards behind.
 */
export function toRestRequest(message: OutgoingMessage): { body: Record<string, unknown>; files?: RawFile[] } {
  const { allowedMentions, files, ...rest } = message;
  const body: Record<string, unknown> = allowedMentions ? { ...rest, allowed_mentions: allowedMentions } : rest;
  if (!files || files.length === 0) return { body };
  body.attachments = files.map((file, index) => ({ id: index, filename: file.name }));
  return { body, files: files.map((file) => ({ name: file.name, data: file.attachment })) };
}
