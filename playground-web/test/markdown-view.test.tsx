import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../src/lib/markdown.js';
import { MarkdownView } from '../src/ui/markdown-view.js';
import { BOB, html } from './render-support.js';

const markdown = (text: string) => html(<MarkdownView text={text} />);

describe("Discord's markdown", () => {
  it('draws bold, italics, underline, strike-through and inline code', () => {
    expect(markdown('**b** *i* __u__ ~~s~~ `c`')).toBe(
      '<strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code class="md-inline-code">c</code>',
    );
  });

  it('draws headings and -# subtext only at the start of a line', () => {
    expect(markdown('# One\n## Two\n### Three\n-# small print')).toBe(
      '<h1 class="md-h1">One</h1><h2 class="md-h2">Two</h2><h3 class="md-h3">Three</h3><small class="md-subtext">small print</small>',
    );
    expect(markdown('not # a heading')).toBe('not # a heading');
  });

  it('draws bulleted and numbered lists', () => {
    expect(markdown('- one\n- **two**')).toBe('<ul class="md-list"><li>one</li><li><strong>two</strong></li></ul>');
    expect(markdown('1. first\n2. second')).toBe('<ol class="md-list" start="1"><li>first</li><li>second</li></ol>');
    expect(markdown('- a\n  - nested\n- b')).toBe(
      '<ul class="md-list"><li>a<ul class="md-list"><li>nested</li></ul></li><li>b</li></ul>',
    );
  });

  it('ends a list at the first line without a bullet, as Discord does', () => {
    expect(markdown('- one\n- two\n-# small\nafter')).toBe(
      '<ul class="md-list"><li>one</li><li>two</li></ul><small class="md-subtext">small</small>after',
    );
    expect(markdown('a - b')).toBe('a - b');
  });

  it('draws code blocks as they are, without markdown inside', () => {
    expect(markdown('```js\nconst a = **1**;\n```')).toBe(
      '<pre class="md-code-block"><code>const a = **1**;</code></pre>',
    );
  });

  it('names mentioned people, highlighted, and never shows their ids', () => {
    const drawn = markdown(`<@${BOB.id}>, your turn · <@!${BOB.id}>`);
    expect(drawn).toBe('<span class="mention">@bob</span>, your turn · <span class="mention">@bob</span>');
    expect(markdown('<@123456789012345678>')).toBe('<span class="mention">@unknown-user</span>');
  });

  it('loads custom emoji from the CDN, animated ones as gif', () => {
    expect(markdown('<:die:123456789012345678>')).toContain('src="/cdn/emojis/123456789012345678.png"');
    expect(markdown('<:die:123456789012345678>')).toContain('alt=":die:"');
    expect(markdown('<a:spin:123456789012345678>')).toContain('src="/cdn/emojis/123456789012345678.gif"');
  });

  it('shows <t:…> timestamps in the reader’s locale, relative ones live', () => {
    const soon = Math.floor(Date.now() / 1000) + 5 * 60 + 10;
    expect(markdown(`<t:${soon}:R>`)).toMatch(
      /<time class="md-timestamp" datetime="[^"]+" title="[^"]+">in 5 minutes<\/time>/,
    );
    expect(markdown('<t:1796126400:D>')).toContain('>December 1, 2026</time>');
    expect(markdown('<t:1796126400>')).toMatch(/>December 1, 2026 at \d{1,2}:\d{2}\s?[AP]M<\/time>/);
  });

  it('draws a timestamp no date can hold as the text typed, in every style, and never throws', () => {
    const beyond = ['9999999999999', '-9999999999999', '8640000000001', '99999999999999999999999', '1e400'];
    for (const seconds of beyond) {
      for (const style of ['', ':R', ':t', ':T', ':d', ':D', ':f', ':F']) {
        const typed = `<t:${seconds}${style}>`;
        expect(markdown(`time ${typed} after`)).toBe(`time ${typed.replace('<', '&lt;')} after`);
      }
    }
    // The furthest moments a date holds are still drawn as dates.
    expect(markdown('<t:8640000000000:D>')).toContain('<time class="md-timestamp"');
    expect(markdown('<t:-8640000000000:R>')).toContain('<time class="md-timestamp"');
  });

  it('links masked and bare URLs to the web only, never to javascript:', () => {
    expect(markdown('[rules](https://example.com/rules)')).toBe(
      '<a class="md-link" href="https://example.com/rules" target="_blank" rel="noreferrer noopener">rules</a>',
    );
    expect(markdown('[x](javascript:alert(1))')).not.toContain('href');
    expect(markdown('<script>alert(1)</script>')).toBe('&lt;script>alert(1)&lt;/script>');
  });

  it('hides spoilers and quotes blocks', () => {
    expect(markdown('||secret||')).toBe('<button type="button" class="spoiler">secret</button>');
    expect(markdown('> quoted')).toBe('<blockquote class="md-quote">quoted</blockquote>');
  });

  it('parses to simple-markdown nodes', () => {
    expect(parseMarkdown('**a**')).toEqual([{ type: 'strong', content: [{ type: 'text', content: 'a' }] }]);
  });
});
