/** Why a database file was refused. The file is never modified when it is refused. */
export type StoreOpenFailure =
  | 'newer-schema'
  | 'not-a-database'
  | 'corrupt'
  | 'not-crag-database'
  | 'unwritable'
  | 'migrations-missing'
  | 'migration-failed';

/** The store cannot open the database; `message` says what to do about it. */
export class StoreOpenError extends Error {
  override readonly name = 'StoreOpenError';

  constructor(
    readonly reason: StoreOpenFailure,
    readonly path: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
