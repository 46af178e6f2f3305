import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../src/score-card/png.js';
import { decode, pixelAt, pngHeader } from '../images/pixels.js';

/** The chunks of a PNG, each checked against its CRC. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  const out: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(typeAndData));
    out.push({ type: typeAndData.toString('latin1', 0, 4), data: Buffer.from(typeAndData.subarray(4)) });
    at += 12 + length;
  }
  return out;
}

describe('encodePng', () => {
  // 3 × 2: red, half-transparent green, transparent; blue, white, black.
  const pixels = new Uint8ClampedArray([
    255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255,
  ]);
  const rows = (y: number, count: number) => pixels.subarray(y * 12, (y + count) * 12);
  const png = encodePng(3, 2, rows);

  it('writes IHDR, IDAT and IEND with valid CRCs, and unfiltered RGBA scanlines', () => {
    expect(pngHeader(png)).toEqual({ width: 3, height: 2, bitDepth: 8, colourType: 6 });
    const list = chunks(png);
    expect(list.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const raw = inflateSync(list[1]!.data);
    expect(raw).toHaveLength(2 * (1 + 3 * 4));
    expect([raw[0], raw[13]]).toEqual([0, 0]);
    expect(Buffer.concat([raw.subarray(1, 13), raw.subarray(14)]).equals(Buffer.from(pixels))).toBe(true);
  });

  it('decodes to the same straight-alpha pixels', async () => {
    const image = await decode(png);
    expect(pixelAt(image, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(pixelAt(image, 1, 0)).toEqual([0, 255, 0, 128]);
    expect(pixelAt(image, 2, 0)[3]).toBe(0);
    expect(pixelAt(image, 2, 1)).toEqual([0, 0, 0, 255]);
  });

  it('refuses rows that do not match the size', () => {
    expect(() => encodePng(4, 2, rows)).toThrow(RangeError);
  });

  it('reads a tall image in strips, all of them, in order', () => {
    const height = 150;
    const tall = new Uint8ClampedArray(2 * 4 * height).map((_, i) => Math.floor(i / 8) % 256);
    const asked: [number, number][] = [];
    const png = encodePng(2, height, (y, count) => {
      asked.push([y, count]);
      return tall.subarray(y * 8, (y + count) * 8);
    });
    expect(asked).toEqual([
      [0, 64],
      [64, 64],
      [128, 22],
    ]);
    const raw = inflateSync(chunks(png)[1]!.data);
    for (let y = 0; y < height; y += 1) expect(raw[y * 9 + 1]).toBe(y % 256);
  });
});
