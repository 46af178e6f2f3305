/**
 * Which characters a TrueType font has glyphs for, read from its `cmap` table: the format-12
 * subtable that maps all of Unicode (DejaVu has one). Enough of the OpenType format for that, no more.
 */
export interface Coverage {
  has(codePoint: number): boolean;
}

type Range = readonly [first: number, last: number];

export function readCoverage(font: Buffer): Coverage {
  const cmap = findTable(font, 'cmap');
  const count = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < count; i += 1) {
    const record = cmap + 4 + 8 * i;
    const subtable = cmap + font.readUInt32BE(record + 4);
    if (font.readUInt16BE(subtable) === 12) return rangesCoverage(format12Ranges(font, subtable));
  }
  throw new Error('the font has no format-12 (full Unicode) cmap subtable');
}

function findTable(font: Buffer, tag: string): number {
  const tables = font.readUInt16BE(4);
  for (let i = 0; i < tables; i += 1) {
    const record = 12 + 16 * i;
    if (font.toString('latin1', record, record + 4) === tag) return font.readUInt32BE(record + 8);
  }
  throw new Error(`the font has no ${tag} table`);
}

/** Sequential map groups: [first code point, last code point, first glyph id], 12 bytes each. */
function format12Ranges(font: Buffer, subtable: number): Range[] {
  const groups = font.readUInt32BE(subtable + 12);
  return Array.from({ length: groups }, (_, i): Range => {
    const group = subtable + 16 + 12 * i;
    return [font.readUInt32BE(group), font.readUInt32BE(group + 4)];
  });
}

function rangesCoverage(ranges: readonly Range[]): Coverage {
  return {
    has(codePoint) {
      let low = 0;
      let high = ranges.length - 1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const [first, last] = ranges[middle]!;
        if (codePoint < first) high = middle - 1;
        else if (codePoint > last) low = middle + 1;
        else return true;
      }
      return false;
    },
  };
}
