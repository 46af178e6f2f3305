import { describe, expect, it } from 'vitest';
import { escapeMarkdown, periodLabel, periodLabelOfKey, personName } from '../../src/bot/render/index.js';
import { decodeShareId, encodeShareId } from '../../src/bot/share-id.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { PERIODS, periodKey } from '../../src/stats/periods.js';

const ALICE = '111111111111111111';
const en = loadLanguages().english;

describe('the Share button', () => {
  it('names who asked and the period, and reads back only what it writes', () => {
    for (const period of ['all', 'season:3', 'month:2026-12', 'week:2026-W49']) {
      const id = encodeShareId({ userId: ALICE, period });
      expect(id.length).toBeLessThanOrEqual(100);
      expect(decodeShareId(id)).toEqual({ userId: ALICE, period });
    }
    for (const forged of [
      `crag-share:${ALICE}:month:12`,
      `crag-share:${ALICE}:season:0`,
      `crag-share:${ALICE}`,
      'crag-share:alice:all',
      `crag:${ALICE}:all`,
      `crag-share:${ALICE}:all:more`,
    ]) {
      expect(decodeShareId(forged), forged).toBeUndefined();
    }
  });
});

describe('periods as people read them', () => {
  it('label every period key the aggregates use, and nothing else', () => {
    const time = Date.UTC(2027, 0, 1, 10);
    for (const period of PERIODS) {
      expect(periodLabelOfKey(periodKey(period, time, 4))).toEqual(periodLabel(period, time, 4));
    }
    expect(periodLabel('week', time, 1)).toEqual({ period: 'week', year: '2026', week: 53 });
    for (const bad of ['', 'season:', 'season:x', 'month:2026-1', 'week:2026-49', 'forever']) {
      expect(periodLabelOfKey(bad), bad).toBeUndefined();
    }
  });
});

describe('names on leaderboards, statistics and the history', () => {
  it('escape Discord’s markdown, break mass mentions, and fall back to a mention or a computer’s label', () => {
    expect(escapeMarkdown('*A*_b_ ~~c~~ `d` |e| > [f](g) #h -i <@1> \\')).toBe(
      '\\*A\\*\\_b\\_ \\~\\~c\\~\\~ \\`d\\` \\|e\\| \\> \\[f\\](g) \\#h \\-i \\<@1\\> \\\\',
    );
    expect(escapeMarkdown('@everyone')).toBe('@\u200beveryone');
    expect(personName(ALICE, 'Alice', en)).toBe('Alice');
    expect(personName(ALICE, null, en)).toBe(`<@${ALICE}>`);
    expect(personName('cpu-easy-2', null, en)).toBe('🤖 Easy 2');
  });
});
