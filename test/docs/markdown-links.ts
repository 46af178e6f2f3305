/**
 * Just enough Markdown for checking links: the headings a file offers as `#anchors`, and the
 * relative links it makes. Text inside code (fenced blocks and `inline code`) is neither.
 */

/** A relative link as written: the file part (empty: this file) and the anchor, if any. */
export interface RelativeLink {
  readonly line: number;
  readonly target: string;
  readonly path: string;
  readonly anchor: string | undefined;
}

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/;
/** `[text](target)` and `![alt](target)`, with an optional title after the target. */
const MARKDOWN_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
/** `<img src="…">` and `<a href="…">`. */
const HTML_LINK = /<(?:img|a|source)\b[^>]*?\b(?:src|href|srcset)="([^"]+)"/gi;
/** http:, https:, mailto: and the like, or protocol-relative: not files of this repository. */
const ELSEWHERE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** The file's lines outside fenced code blocks, each with its 1-based number. */
function proseLines(markdown: string): { readonly text: string; readonly line: number }[] {
  const lines: { text: string; line: number }[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (FENCE.test(text)) fenced = !fenced;
    else if (!fenced) lines.push({ text, line: index + 1 });
  });
  return lines;
}

const withoutInlineCode = (text: string): string => text.replace(/`[^`]*`/g, '');

/**
 * GitHub's anchor for a heading (github-slugger): the text as shown (code marks, emphasis and link
 * targets gone), lower-cased, every character but letters, digits, marks, connectors, spaces and
 * hyphens dropped, spaces made hyphens.
 */
export function headingSlug(heading: string): string {
  const shown = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*)(.*?)\1/g, '$2');
  return shown
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor the file's headings make; a repeated heading gets `-1`, `-2`… as on GitHub. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = HEADING.exec(text)?.[1];
    if (heading === undefined) continue;
    const slug = headingSlug(heading);
    const times = seen.get(slug) ?? 0;
    seen.set(slug, times + 1);
    anchors.add(times === 0 ? slug : `${slug}-${times}`);
  }
  return anchors;
}

/** The links of the file that point inside the repository. */
export function relativeLinks(markdown: string): RelativeLink[] {
  const links: RelativeLink[] = [];
  for (const { text, line } of proseLines(markdown)) {
    const prose = withoutInlineCode(text);
    for (const pattern of [MARKDOWN_LINK, HTML_LINK]) {
      for (const match of prose.matchAll(pattern)) {
        const target = match[1] ?? '';
        if (ELSEWHERE.test(target)) continue;
        const hash = target.indexOf('#');
        const path = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
        const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
        links.push({ line, target, path, anchor });
      }
    }
  }
  return links;
}
