/** Reading PNGs back in tests: the header as written, and the pixels as a viewer would show them. */
import { createCanvas, loadImage } from '@napi-rs/canvas';

export interface PngHeader {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  /** 6 is RGBA, 2 is RGB. */
  readonly colourType: number;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The IHDR chunk, read straight from the bytes (it must come first, right after the signature). */
export function pngHeader(png: Buffer): PngHeader {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG: bad signature');
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG: IHDR is not the first chunk');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), bitDepth: png[24]!, colourType: png[25]! };
}

export interface Pixels {
  readonly width: number;
  readonly height: number;
  /** RGBA, 4 bytes a pixel, not premultiplied. */
  readonly data: Uint8ClampedArray;
}

export type Rgba = readonly [r: number, g: number, b: number, a: number];

/** Decodes a PNG, optionally scaled to `size` (as Discord shows an emoji) over a `background` colour. */
export async function decode(png: Buffer, options: { size?: number; background?: string } = {}): Promise<Pixels> {
  const image = await loadImage(png);
  const width = options.size ?? image.width;
  const height = options.size ?? image.height;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (options.background) {
    ctx.fillStyle = options.background;
    ctx.fillRect(0, 0, width, height);
  }
  ctx.drawImage(image, 0, 0, width, height);
  return { width, height, data: ctx.getImageData(0, 0, width, height).data };
}

export function pixelAt(pixels: Pixels, x: number, y: number): Rgba {
  const i = (Math.floor(y) * pixels.width + Math.floor(x)) * 4;
  const d = pixels.data;
  return [d[i]!, d[i + 1]!, d[i + 2]!, d[i + 3]!];
}

/** '#rrggbb' as an opaque RGBA. */
export function rgba(hex: string): Rgba {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255, 255];
}

/** The largest difference in any channel: 0 for identical colours. */
export function colourDistance(a: Rgba, b: Rgba): number {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]), Math.abs(a[3] - b[3]));
}

/** Perceived brightness, 0–255 (Rec. 709 weights). */
export function luminance([r, g, b]: Rgba): number {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** How many distinct opaque colours an image uses: a blank or flat image has very few. */
export function distinctColours(pixels: Pixels): number {
  const seen = new Set<number>();
  const d = pixels.data;
  for (let i = 0; i < d.length; i += 4) seen.add((d[i]! << 16) | (d[i + 1]! << 8) | d[i + 2]!);
  return seen.size;
}

/**
 * The number of separate blobs of pixels matching `inside` within the box [x0, x1) × [y0, y1),
 * with 4-neighbour connectivity: how many pips a viewer would count.
 */
export function countBlobs(
  pixels: Pixels,
  box: readonly [x0: number, y0: number, x1: number, y1: number],
  inside: (colour: Rgba) => boolean,
): number {
  const [x0, y0, x1, y1] = box;
  const seen = new Set<number>();
  let blobs = 0;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      if (seen.has(y * pixels.width + x) || !inside(pixelAt(pixels, x, y))) continue;
      blobs += 1;
      const stack: [number, number][] = [[x, y]];
      seen.add(y * pixels.width + x);
      while (stack.length > 0) {
        const [px, py] = stack.pop()!;
        for (const [nx, ny] of [
          [px + 1, py],
          [px - 1, py],
          [px, py + 1],
          [px, py - 1],
        ] as const) {
          const key = ny * pixels.width + nx;
          if (nx < x0 || nx >= x1 || ny < y0 || ny >= y1 || seen.has(key) || !inside(pixelAt(pixels, nx, ny))) continue;
          seen.add(key);
          stack.push([nx, ny]);
        }
      }
    }
  }
  return blobs;
}
