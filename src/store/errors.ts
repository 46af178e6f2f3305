/** Why a database was refused. A refused database is never modified. */
export type StoreOpenFailure =
  | 'newer-schema'
  | 'not-a-database'
  | 'corrupt'
  | 'not-crag-database'
  | 'unwritable'
  | 'migrations-missing'
  | 'migration-failed'
  // PostgreSQL only: no server answered, it refused the login, or it has no such database.
  | 'unreachable'
  | 'login-refused'
  | 'missing-database';

/** The store cannot open the database; `message` says what to do about it. */
export class StoreOpenError extends Error {
  override readonly name = 'StoreOpenError';

  /**
   * `path` is where the database is: the SQLite file, or the PostgreSQL URL with its password
   * masked (neither this nor the message ever carries a password).
   */
  constructor(
    readonly reason: StoreOpenFailure,
    readonly path: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
