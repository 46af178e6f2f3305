import pg from 'pg';

const INT8 = 20;
const JSON_TEXT = 114;

/** bigint columns (ids, epoch-ms times, COUNT and SUM) as JS numbers, refusing any a double would round. */
function parseInt8(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`the bigint ${value} does not fit a JS number`);
  return parsed;
}

/** `json` columns as the text stored: the store parses (and checks) the state itself. */
function keepText(value: string): string {
  return value;
}

/**
 * How the store's connections read column values. Its own set, so that other users of `pg` in the
 * same process keep the driver's defaults (bigint as string, json parsed).
 */
export const STORE_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format === undefined || format === 'text') {
      if (oid === INT8) return parseInt8;
      if (oid === JSON_TEXT) return keepText;
    }
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};
