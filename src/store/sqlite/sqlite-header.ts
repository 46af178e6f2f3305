import { closeSync, openSync, readSync } from 'node:fs';

/** What the first 100 bytes of a SQLite file say about it (https://sqlite.org/fileformat.html). */
export interface SqliteHeader {
  readonly pageSize: number;
  /** True when the file is in WAL mode (read/write format version 2). */
  readonly wal: boolean;
  /** The database size in pages, when the header's count is trustworthy. */
  readonly pageCount: number | null;
}

const MAGIC = Buffer.from('SQLite format 3\0', 'binary');
const HEADER_BYTES = 100;

/** Reads the header of the file at `path`; null when it is not a SQLite database at all. */
export function readSqliteHeader(path: string): SqliteHeader | null {
  const bytes = Buffer.alloc(HEADER_BYTES);
  const fd = openSync(path, 'r');
  let read: number;
  try {
    read = readSync(fd, bytes, 0, HEADER_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  if (read < HEADER_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const rawPageSize = bytes.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65_536 : rawPageSize;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) return null;
  const writeVersion = bytes[18];
  const readVersion = bytes[19];
  if ((writeVersion !== 1 && writeVersion !== 2) || (readVersion !== 1 && readVersion !== 2)) return null;
  // The page count is valid only when the change counter matches the version-valid-for number.
  const count = bytes.readUInt32BE(28);
  const valid = count > 0 && bytes.readUInt32BE(24) === bytes.readUInt32BE(92);
  return { pageSize, wal: writeVersion === 2 && readVersion === 2, pageCount: valid ? count : null };
}
