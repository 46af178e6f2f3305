/** A CSV cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

/** Characters that make a spreadsheet read a cell as a formula (OWASP's list, with tab and carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV record (RFC 4180), ending in CRLF. Text that starts like a formula gets a leading `'`,
 * so that a display name such as `=HYPERLINK(…)` stays text in a spreadsheet; text holding a comma,
 * quote or line break is quoted with its quotes doubled. Numbers are written as they are, so a
 * negative luck stays a number.
 */
export function csvRecord(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new RangeError(`a CSV cell cannot hold ${cell}`);
    return String(cell);
  }
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
