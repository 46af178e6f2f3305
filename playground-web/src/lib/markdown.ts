import { rulesExtended, SimpleMarkdown } from 'discord-markdown-parser';

/** A node of Discord markdown, as discord-markdown-parser (built on simple-markdown) produces it. */
export interface MarkdownNode {
  readonly type: string;
  readonly content?: string | MarkdownNode[];
  readonly [key: string]: unknown;
}

type ListMatchState = Parameters<typeof SimpleMarkdown.defaultRules.list.match>[1];

/**
 * Discord's lists ("- item", "1. item") start a line even inside a message, which is parsed as
 * inline text where simple-markdown's own list rule stays off; this lets it match at line starts.
 */
const list = {
  ...SimpleMarkdown.defaultRules.list,
  match: (source: string, state: ListMatchState, previous: string) =>
    SimpleMarkdown.defaultRules.list.match(source, { ...state, _list: true }, previous),
};

/** Discord's flavour: headings, -# subtext, mentions, custom emoji, <t:…> timestamps, masked links, lists. */
const parser = SimpleMarkdown.parserFor({ ...rulesExtended, list });

export function parseMarkdown(text: string): MarkdownNode[] {
  return parser(text, { inline: true }) as unknown as MarkdownNode[];
}
