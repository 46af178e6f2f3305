import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { twemojiFile } from '../src/lib/twemoji.js';
import { MarkdownView } from '../src/ui/markdown-view.js';
import { html } from './render-support.js';

/** The files the build copies into the page (twemoji-assets.ts). */
const TWEMOJI = new Set(
  fs.readdirSync(path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'))),
);

describe('Twemoji', () => {
  it("names an emoji's image as Twemoji does, and the package has each", () => {
    const cases: [string, string][] = [
      ['🎲', '1f3b2.svg'],
      ['⏱️', '23f1.svg'],
      ['⏱', '23f1.svg'],
      ['🤖', '1f916.svg'],
      ['🥇', '1f947.svg'],
      ['🇫🇷', '1f1eb-1f1f7.svg'],
      ['👨‍👩‍👧', '1f468-200d-1f469-200d-1f467.svg'],
      ['❤️‍🔥', '2764-fe0f-200d-1f525.svg'],
    ];
    for (const [emoji, file] of cases) {
      expect(twemojiFile(emoji), emoji).toBe(file);
      expect(TWEMOJI.has(file), file).toBe(true);
    }
    // A stray presentation selector draws nothing: it stays text.
    expect(twemojiFile('\ufe0f')).toBeNull();
  });

  it('draws the emoji of a message as images from the page, and the rest as text', () => {
    expect(html(<MarkdownView text="🎲 **Crag** ⏱️" />)).toBe(
      '<img class="emoji" src="/twemoji/1f3b2.svg" alt="🎲" draggable="false"/> <strong>Crag</strong> <img class="emoji" src="/twemoji/23f1.svg" alt="⏱️" draggable="false"/>',
    );
    expect(html(<MarkdownView text="✓ done" />)).toBe('✓ done');
  });
});
