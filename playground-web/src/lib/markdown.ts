import { rulesExtended, SimpleMarkdown } from 'discord-markdown-parser';
import { isDrawableTime } from './timestamp-format.js';

/** A node of Discord markdown, as discord-markdown-parser (built on simple-markdown) produces it. */
export interface MarkdownNode {
  readonly type: string;
  readonly content?: string | MarkdownNode[];
  readonly [key: string]: unknown;
}

type ListState = Parameters<typeof SimpleMarkdown.defaultRules.list.match>[1];

/**
 * Consecutive lines starting "- ", "* " or "1. " (deeper indented ones nest); unlike Markdown's
 * lists, a line without a bullet ends the list, as in Discord ("-# subtext" is not a bullet). The
 * last group is the line's end, which the heading and subtext rules look at to know a line starts.
 */
const LIST_LINES = /^( *)([*-]|\d+\.) [^\n]*(?:\n(?:\1 *(?:[*-]|\d+\.) |\1 {2,}\S)[^\n]*)*(\n|$)/;

/**
 * Discord's lists start a line even inside a message, which is parsed as inline text where
 * simple-markdown's own list rule stays off; its item parsing is kept, on Discord's list lines.
 */
const list = {
  ...SimpleMarkdown.defaultRules.list,
  match: (source: string, state: ListState) => {
    const previous = state.prevCapture?.[0];
    if (previous !== undefined && !/(?:^|\n) *$/.test(previous)) return null;
    return LIST_LINES.exec(source);
  },
};

/**
 * `<t:seconds:style>`, only for a moment a date can hold: Discord draws `<t:9999999999999:R>`, which
 * no calendar reaches, as the text typed, and so does this page (a Date of it cannot be formatted).
 */
// Typed as a rule of the text rule's shape: the library's own rule types leave order and match optional.
const timestamp: typeof SimpleMarkdown.defaultRules.text = {
  ...SimpleMarkdown.defaultRules.text,
  ...rulesExtended.timestamp,
  parse: (capture) =>
    isDrawableTime(Number(capture[1]))
      ? { timestamp: capture[1], format: capture[2] }
      : { type: 'text', content: capture[0] },
};

/** Discord's flavour: headings, -# subtext, mentions, custom emoji, <t:…> timestamps, masked links, lists. */
const parser = SimpleMarkdown.parserFor({ ...rulesExtended, list, timestamp });

export function parseMarkdown(text: string): MarkdownNode[] {
  return parser(text, { inline: true }) as unknown as MarkdownNode[];
}
