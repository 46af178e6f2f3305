import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const RGBA = 6;
/**
 * Skia's PNG encoder spends about 25 ms on a card (zlib level 6 and a filter search per row).
 * A card is flat colour and text, which deflates well without any filter: level 3 and no filter
 * give files of the same size (75–100 KB) in 3–4 ms.
 */
const DEFLATE_LEVEL = 3;

/**
 * One buffer for the scanlines, kept between cards: deflateSync is done with it before it returns,
 * and a fresh 3 MB buffer per card would only make more work for the garbage collector.
 */
let scanlineScratch = Buffer.alloc(0);

function scanlineBuffer(size: number): Buffer {
  if (scanlineScratch.length < size) scanlineScratch = Buffer.allocUnsafe(size);
  return scanlineScratch.subarray(0, size);
}

/** `count` rows of straight (not premultiplied) RGBA pixels from row `y`, as `getImageData` gives them. */
export type RowReader = (y: number, count: number) => Uint8Array | Uint8ClampedArray;

/**
 * Rows are read a strip at a time. Read whole, a card is one fresh 3 MB buffer, which the allocator
 * maps anew each time: its page faults cost up to 8 ms a card on this machine. A 240 KB strip comes
 * from memory already in use, and all the strips of a card take about 1.4 ms.
 */
const STRIP_ROWS = 64;

/** An 8-bit RGBA PNG of `width` × `height` pixels, pulled from `readRows` a strip at a time. */
export function encodePng(width: number, height: number, readRows: RowReader): Buffer {
  const stride = width * 4;
  // Each scanline starts with its filter type: 0, none. Every byte is written, so no zero-fill.
  const scanlines = scanlineBuffer((stride + 1) * height);
  for (let top = 0; top < height; top += STRIP_ROWS) {
    const count = Math.min(STRIP_ROWS, height - top);
    const strip = readRows(top, count);
    if (strip.length !== stride * count) throw new RangeError(`${strip.length} bytes is not ${width}×${count} RGBA`);
    const source = Buffer.from(strip.buffer, strip.byteOffset, strip.length);
    for (let row = 0; row < count; row += 1) {
      const at = (top + row) * (stride + 1);
      scanlines[at] = 0;
      source.copy(scanlines, at + 1, row * stride, (row + 1) * stride);
    }
  }

  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = RGBA;
  // Bytes 10–12: deflate compression, adaptive filtering, no interlace; all 0.
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines, { level: DEFLATE_LEVEL })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
