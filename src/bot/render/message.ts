import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed } from 'discord-api-types/v10';
import { parseComputerPlayerId } from '../../game/index.js';
import { COMPUTER_NAME } from '../../i18n/game-terms.js';
import type { Translator } from '../../i18n/index.js';

/**
 * A message as the renderers produce it: plain JSON that discord.js accepts for replies, updates
 * and edits. Rendering is a pure function from state (and the reader's translator) to this.
 */
export interface MessagePayload {
  content?: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIComponentInMessageActionRow>[];
  allowedMentions: { parse: []; users?: string[] };
}

export const COLOURS = {
  lobby: 0x5865f2,
  playing: 0x2b7a4b,
  finished: 0xf0b232,
  ended: 0x80848e,
  info: 0x3c8dbc,
} as const;

const DIE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'] as const;

export function dieFace(value: number): string {
  return DIE_FACES[value - 1] ?? '?';
}

/** How a player is named: a mention for people (no ping in embeds), a label for computer seats. */
export function playerName(playerId: string, tr: Translator): string {
  const computer = parseComputerPlayerId(playerId);
  if (!computer) return `<@${playerId}>`;
  return tr.t(COMPUTER_NAME[computer.level], { number: computer.n });
}

export function placeMark(place: number): string {
  return place === 1 ? '🥇' : place === 2 ? '🥈' : place === 3 ? '🥉' : `${place}.`;
}

export function noMentions(): MessagePayload['allowedMentions'] {
  return { parse: [] };
}
