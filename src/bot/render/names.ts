import { parseComputerPlayerId } from '../../game/index.js';
import type { Translator } from '../../i18n/index.js';
import { playerName } from './message.js';

/** Characters Discord's markdown gives a meaning to; a backslash makes each plain text. */
const MARKDOWN = /[\\*_~`|>#\-[\]()<]/g;

/** A display name as plain text in Discord's markdown: one line, every markdown character escaped. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(MARKDOWN, (char) => `\\${char}`);
}

/**
 * How leaderboards, statistics and the history name a person: by the display name they last had
 * at a table here, when it is known, since a `<@id>` mention reads as a bare number wherever
 * Discord has not loaded the member; else by the mention. Computer seats by their label.
 */
export function personName(playerId: string, name: string | null | undefined, tr: Translator): string {
  if (parseComputerPlayerId(playerId) || !name) return playerName(playerId, tr);
  return escapeMarkdown(name);
}
