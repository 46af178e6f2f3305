import { readFileSync } from 'node:fs';
import type { Die } from '../game/index.js';
import { projectPath } from '../project-path.js';
import { DIE_FACES } from './pips.js';

/**
 * The application emoji name of each face. Discord allows 2–32 characters of [A-Za-z0-9_]; the
 * `crag_` prefix keeps them apart from any other emoji the application may own.
 */
export function dieEmojiName(face: Die): string {
  return `crag_d${face}`;
}

export const DIE_EMOJI_NAMES: readonly string[] = DIE_FACES.map(dieEmojiName);

/** The committed PNG of a face (`npm run draw-dice` writes it). */
export function dieFacePath(face: Die): string {
  return projectPath('assets', 'dice', `die-${face}.png`);
}

const dataUris = new Map<Die, string>();

/** A face's PNG as a `data:image/png;base64,…` URI: the form Discord's emoji upload takes. */
export function dieFaceDataUri(face: Die): string {
  let uri = dataUris.get(face);
  if (uri === undefined) {
    uri = `data:image/png;base64,${readFileSync(dieFacePath(face)).toString('base64')}`;
    dataUris.set(face, uri);
  }
  return uri;
}

/** Each face's emoji name and image, in the shape of Discord's "create application emoji" body. */
export function dieEmojis(): { face: Die; name: string; image: string }[] {
  return DIE_FACES.map((face) => ({ face, name: dieEmojiName(face), image: dieFaceDataUri(face) }));
}
