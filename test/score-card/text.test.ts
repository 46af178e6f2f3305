import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { drawableText } from '../../src/score-card/drawable-text.js';
import { fitText, wrapText } from '../../src/score-card/fit-text.js';
import { cardFont, FAMILY, registerCardFont } from '../../src/score-card/font.js';
import { formatInteger } from '../../src/score-card/numbers.js';

function context() {
  registerCardFont();
  const ctx = createCanvas(10, 10).getContext('2d');
  ctx.font = cardFont(22, 'bold');
  return ctx;
}

const width = (text: string) => context().measureText(text).width;

describe('the bundled font', () => {
  it('is registered once under its own name, and draws Latin and Cyrillic', () => {
    const coverage = registerCardFont();
    expect(registerCardFont()).toBe(coverage);
    const family = GlobalFonts.families.find((f) => f.family === FAMILY);
    expect(family?.styles.map((style) => style.weight).sort()).toEqual([400, 700]);
    for (const character of 'AzÉßЖжЁё€…·') expect(coverage.has(character.codePointAt(0)!), character).toBe(true);
    for (const character of ['🎲', '漢']) expect(coverage.has(character.codePointAt(0)!), character).toBe(false);
  });
});

describe('drawableText', () => {
  it('leaves out emoji the font cannot draw, and keeps everything else', () => {
    expect(drawableText('Zoë 🎲 Über')).toBe('Zoë Über');
    expect(drawableText('😀 happy')).toBe('😀 happy');
    expect(drawableText('李小龍 🎲')).toBe('李小龍');
    expect(drawableText('👨‍👩‍👧‍👦 Family')).toBe('Family');
    expect(drawableText('  many\n\tspaces  ')).toBe('many spaces');
  });

  it('keeps a name made only of missing emoji rather than draw nothing', () => {
    expect(drawableText('🎲🎲')).toBe('🎲🎲');
  });
});

describe('fitText', () => {
  it('keeps what fits and cuts the rest with an ellipsis', () => {
    const ctx = context();
    expect(fitText(ctx, 'Alice', 200)).toBe('Alice');
    const cut = fitText(ctx, 'Bob the Magnificent, Destroyer of Worlds', 150);
    expect(cut).toMatch(/^Bob the .+…$/);
    expect(width(cut)).toBeLessThanOrEqual(150);
    // One more character would not have fitted.
    const kept = cut.slice(0, -1);
    expect(width(`${'Bob the Magnificent, Destroyer of Worlds'.slice(0, kept.length + 1)}…`)).toBeGreaterThan(150);
  });

  it('never cuts inside a character made of several code points', () => {
    const accented = 'e\u0301'.repeat(40);
    const cut = fitText(context(), accented, 120);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.slice(0, -1)).toMatch(/^(e\u0301)+$/);
  });
});

describe('wrapText', () => {
  it('breaks at spaces onto two lines', () => {
    expect(wrapText(context(), 'Алексей Смирнов', 120, 2)).toEqual(['Алексей', 'Смирнов']);
  });

  it('breaks a word too long for a line between characters, and ends what is left over with an ellipsis', () => {
    const ctx = context();
    const lines = wrapText(ctx, 'x'.repeat(32), 100, 2);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^x+$/);
    expect(lines[1]).toMatch(/^x+…$/);
    for (const line of lines) expect(ctx.measureText(line).width).toBeLessThanOrEqual(100);
    const three = wrapText(ctx, 'one two three four five six seven', 100, 2);
    expect(three[0]).toBe('one two');
    expect(three[1]?.endsWith('…')).toBe(true);
  });
});

describe('formatInteger', () => {
  it('writes numbers in the reader’s locale, and in English for an unknown one', () => {
    expect(formatInteger('en-GB', 163)).toBe('163');
    expect(formatInteger('ru', 163)).toBe('163');
    expect(formatInteger('ar-EG', 50)).toBe('٥٠');
    expect(formatInteger('not a locale!', 50)).toBe('50');
  });
});
