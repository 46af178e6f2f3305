import { inflateSync } from 'node:zlib';

/**
 * Which characters a font has glyphs for, read from its `cmap` table: the format-12 subtable that
 * maps all of Unicode (DejaVu has one), else the format-4 one of the Basic Multilingual Plane (Noto
 * Sans JP's subsets). TrueType, or WOFF (its tables zlib-compressed). Enough of the formats for
 * that, no more.
 */
export interface Coverage {
  has(codePoint: number): boolean;
}

type Range = readonly [first: number, last: number];

export function readCoverage(file: Buffer): Coverage {
  const [font, cmap] =
    file.toString('latin1', 0, 4) === 'wOFF' ? [woffTable(file, 'cmap'), 0] : [file, findTable(file, 'cmap')];
  const count = font.readUInt16BE(cmap + 2);
  const subtables = Array.from({ length: count }, (_, i) => cmap + font.readUInt32BE(cmap + 4 + 8 * i + 4));
  const full = subtables.find((subtable) => font.readUInt16BE(subtable) === 12);
  if (full !== undefined) return rangesCoverage(format12Ranges(font, full));
  const basic = subtables.find((subtable) => font.readUInt16BE(subtable) === 4);
  if (basic !== undefined) return rangesCoverage(format4Ranges(font, basic));
  throw new Error('the font has no format-12 or format-4 cmap subtable');
}

/** One table of a WOFF file, decompressed (a table is stored as is when compressing it did not pay). */
function woffTable(woff: Buffer, tag: string): Buffer {
  const tables = woff.readUInt16BE(12);
  for (let i = 0; i < tables; i += 1) {
    const entry = 44 + 20 * i;
    if (woff.toString('latin1', entry, entry + 4) !== tag) continue;
    const offset = woff.readUInt32BE(entry + 4);
    const stored = woff.subarray(offset, offset + woff.readUInt32BE(entry + 8));
    return stored.length < woff.readUInt32BE(entry + 12) ? inflateSync(stored) : stored;
  }
  throw new Error(`the font has no ${tag} table`);
}

/** Segments [start, end] of a format-4 subtable, without its closing 0xFFFF segment. */
function format4Ranges(font: Buffer, subtable: number): Range[] {
  const segments = font.readUInt16BE(subtable + 6) / 2;
  const ends = subtable + 14;
  const starts = ends + 2 * segments + 2;
  const ranges: Range[] = [];
  for (let i = 0; i < segments; i += 1) {
    const start = font.readUInt16BE(starts + 2 * i);
    const end = font.readUInt16BE(ends + 2 * i);
    if (start !== 0xffff) ranges.push([start, end]);
  }
  return ranges.sort((a, b) => a[0] - b[0]);
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
