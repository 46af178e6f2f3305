import fs from 'node:fs';

/**
 * Writes a whole file through a temporary sibling and a rename, so a crash never leaves half of it.
 * `mode` is the file's permissions, whatever a file of that name had before (0o600: only its owner
 * may read it).
 */
export function writeFileAtomically(file: string, text: string, mode = 0o644): void {
  const temporary = `${file}.tmp`;
  fs.writeFileSync(temporary, text, { mode });
  // A temporary file left by an earlier crash keeps its old mode through writeFileSync.
  fs.chmodSync(temporary, mode);
  fs.renameSync(temporary, file);
}
