import fs from 'node:fs';

/** Writes a whole file through a temporary sibling and a rename, so a crash never leaves half of it. */
export function writeFileAtomically(file: string, text: string): void {
  const temporary = `${file}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}
