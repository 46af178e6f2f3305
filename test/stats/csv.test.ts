import { describe, expect, it } from 'vitest';
import { csvRecord } from '../../src/stats/csv.js';
import { parseCsv } from './parse-csv.js';

describe('CSV records', () => {
  it('quote what holds commas, quotes or line breaks, and read back as written', () => {
    const cells = ['plain', 'a, b', 'say "hi"', 'two\nlines', 'cr\rhere', 'Алиса', ''];
    const line = csvRecord(cells);
    expect(line).toBe('plain,"a, b","say ""hi""","two\nlines","cr\rhere",Алиса,\r\n');
    expect(parseCsv(line)).toEqual([cells]);
  });

  it('keep text that starts like a formula as text, and numbers as numbers', () => {
    const line = csvRecord(['=HYPERLINK("http://x","y")', '+1', '-2', '@SUM(A1)', '\tcmd', -2.5, 0, null]);
    expect(parseCsv(line)).toEqual([
      ['\'=HYPERLINK("http://x","y")', "'+1", "'-2", "'@SUM(A1)", "'\tcmd", '-2.5', '0', ''],
    ]);
  });

  it('refuse a number that is not one', () => {
    expect(() => csvRecord([Number.NaN])).toThrow(RangeError);
  });
});
