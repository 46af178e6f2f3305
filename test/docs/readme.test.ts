import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../src/project-path.js';
import { headingAnchors, headingSlug, relativeLinks } from './markdown-links.js';

/** A newcomer reads the README in ten minutes; the rest lives in docs/. */
const README_MOST_BYTES = 15 * 1024;

const readme = projectPath('README.md');
const documents = [
  readme,
  ...readdirSync(projectPath('docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => projectPath('docs', name)),
];
const read = (file: string): string => readFileSync(file, 'utf8');

describe('the README', () => {
  it(`is at most ${README_MOST_BYTES} bytes`, () => {
    expect(statSync(readme).size).toBeLessThanOrEqual(README_MOST_BYTES);
  });

  it('starts with the two commands: the one that runs the bot, then the one that runs the tests', () => {
    const lines = read(readme).split('\n');
    expect(lines[0]).toMatch(/^# /);
    const firstText = lines.slice(1).findIndex((line) => line.trim() !== '') + 1;
    expect(lines[firstText]).toMatch(/^```/);
    const closing = lines.indexOf('```', firstText + 1);
    const commands = lines.slice(firstText + 1, closing).map((line) => line.replace(/\s+#.*$/, '').trim());
    expect(commands).toEqual(['npm install && npm start', 'npm test']);
    // Both name scripts that exist: the commands stay true as package.json changes.
    const { scripts } = JSON.parse(read(projectPath('package.json'))) as { scripts: Record<string, string> };
    expect(scripts.start).toBeDefined();
    expect(scripts.test).toBeDefined();
  });
});

describe('links in README.md and docs/*.md', () => {
  it.each(documents.map((file) => [relative(projectPath(), file), file]))(
    '%s: every relative link points at a file that exists, and every #anchor at a heading',
    (_name, file) => {
      const broken: string[] = [];
      for (const link of relativeLinks(read(file))) {
        const target = link.path === '' ? file : resolve(dirname(file), link.path);
        if (!target.startsWith(projectPath()) || !existsSync(target)) {
          broken.push(`line ${link.line}: ${link.target} (no such file)`);
          continue;
        }
        if (link.anchor === undefined) continue;
        if (!target.endsWith('.md'))
          broken.push(`line ${link.line}: ${link.target} (an anchor into a non-Markdown file)`);
        else if (!headingAnchors(read(target)).has(link.anchor))
          broken.push(
            `line ${link.line}: ${link.target} (no heading #${link.anchor} in ${relative(projectPath(), target)})`,
          );
      }
      expect(broken).toEqual([]);
    },
  );
});

describe('the link reader', () => {
  it('makes anchors as GitHub does', () => {
    expect(headingSlug('Storage: SQLite or PostgreSQL')).toBe('storage-sqlite-or-postgresql');
    expect(headingSlug('Statistics, history and seasons')).toBe('statistics-history-and-seasons');
    expect(headingSlug("The score card's `PNG` and **bold**")).toBe('the-score-cards-png-and-bold');
    expect(headingSlug('Языки и `/крэг`')).toBe('языки-и-крэг');
    expect([...headingAnchors('# Notes\n\n## Notes\n\n```\n# not a heading\n```\n### Notes')]).toEqual([
      'notes',
      'notes-1',
      'notes-2',
    ]);
  });

  it('finds relative links, not web links nor links inside code', () => {
    const links = relativeLinks(
      [
        'See [a](docs/a.md#part), ![b](b.png "title"), <img src="../c.png" width="3"> and [here](#top).',
        'Not [web](https://example.com), <https://example.com>, `[code](x.md)`, [mail](mailto:a@b.c).',
        '```md',
        '[fenced](y.md)',
        '```',
      ].join('\n'),
    );
    expect(links.map(({ path, anchor, line }) => ({ path, anchor, line }))).toEqual([
      { path: 'docs/a.md', anchor: 'part', line: 1 },
      { path: 'b.png', anchor: undefined, line: 1 },
      { path: '', anchor: 'top', line: 1 },
      { path: '../c.png', anchor: undefined, line: 1 },
    ]);
  });
});

// A docs/ folder read as empty would pass every link check above without checking anything.
it('reads the README and the documents in docs/', () => {
  expect(documents.length).toBeGreaterThan(1);
});
