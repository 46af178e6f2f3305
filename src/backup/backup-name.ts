import fs from 'node:fs';
import path from 'node:path';

const NAME = /^crag-(\d{8}T\d{6}Z)\.sqlite$/;

/** `20261201T190000Z`: a UTC time that sorts as text and fits in a file name. */
export function compactTime(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** `crag-20261201T190000Z.sqlite`. */
export function backupFileName(now: Date): string {
  return `crag-${compactTime(now)}.sqlite`;
}

/** The backups in `dir` (by name), oldest first. */
export function backupsIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Deletes all but the newest `keep` backups in `dir`; returns the deleted files. */
export function rotateBackups(dir: string, keep: number): string[] {
  const all = backupsIn(dir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const file of old) fs.rmSync(file, { force: true });
  return old;
}
