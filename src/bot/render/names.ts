import { type GameState, parseComputerPlayerId, withoutInvisibleControls } from '../../game/index.js';
import { COMPUTER_NAME } from '../../i18n/game-terms.js';
import type { Translator } from '../../i18n/index.js';

/**
 * What Discord's markdown gives a meaning to: emphasis, strike, code, spoilers, quotes, headings,
 * lists and subtext, masked links, and `<…>` (mentions, emoji, timestamps, channel links). Escaped
 * with a backslash, each shows as itself.
 */
const MARKDOWN = /[\\*_~`|>#\-[\]<]/g;
/** `@everyone` and `@here` show as mentions even where they ping nobody; a zero-width space breaks them. */
const MASS_MENTION = /@(everyone|here)/gi;

/** Letters written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko… and their presentation forms). */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
/** FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE: the name reads in its own direction, and the text around it in its. */
const ISOLATE_START = '\u2068';
const ISOLATE_END = '\u2069';

/**
 * A display name as plain text in markdown: whatever a person typed shows as typed, and does
 * nothing; invisible controls (a name stored before they were tidied away) are dropped, so that
 * a name cannot reverse the text after it.
 */
export function escapeMarkdown(text: string): string {
  return withoutInvisibleControls(text)
    .replace(MARKDOWN, (char) => `\\${char}`)
    .replace(MASS_MENTION, '@\u200b$1');
}

/**
 * A right-to-left name set apart from the text beside it: in "דוד 20" the bidirectional algorithm
 * would draw the score before the name; isolated, "20" stays after it. Other names as they are.
 */
function isolated(name: string): string {
  return RIGHT_TO_LEFT.test(name) ? `${ISOLATE_START}${name}${ISOLATE_END}` : name;
}

/**
 * How the bot's messages name a player: a computer seat by its label; a person by a display name
 * they had at a table (escaped), since a `<@id>` mention reads as a bare number wherever Discord has
 * not loaded the member; else, when no name is known, by the mention.
 */
export function personName(playerId: string, name: string | null | undefined, tr: Translator): string {
  const computer = parseComputerPlayerId(playerId);
  if (computer) return tr.t(COMPUTER_NAME[computer.level], { number: computer.n });
  return name ? isolated(escapeMarkdown(name)) : `<@${playerId}>`;
}

/**
 * A player of this game as its messages name them: by the name on their seat. A person of a game
 * from before names were kept, or one no longer at the table (an earlier game of the series), by
 * their mention.
 */
export function playerName(state: GameState, playerId: string, tr: Translator): string {
  return personName(playerId, state.seats.find((seat) => seat.playerId === playerId)?.name, tr);
}

/**
 * A person named with their mention beside it, where the mention helps: it lights up for the person
 * themselves and opens their profile. The name is there for clients that have not loaded the
 * member, which show a bare mention as a number.
 */
export function playerWithMention(state: GameState, playerId: string, tr: Translator): string {
  const name = playerName(state, playerId, tr);
  if (parseComputerPlayerId(playerId) || name.startsWith('<@')) return name;
  return `**${name}** (<@${playerId}>)`;
}

/**
 * A player's name where no markdown is read (the score card's image): the name as typed, a
 * computer's label, or `unnamed` for a person of a game from before names were kept.
 */
export function plainPlayerName(state: GameState, playerId: string, tr: Translator, unnamed: string): string {
  const computer = parseComputerPlayerId(playerId);
  if (computer) return tr.t(COMPUTER_NAME[computer.level], { number: computer.n });
  return state.seats.find((seat) => seat.playerId === playerId)?.name ?? unnamed;
}
