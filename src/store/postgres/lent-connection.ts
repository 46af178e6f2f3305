import type pg from 'pg';

/**
 * Lends one connection of the pool to `work` (a transaction of several statements), then gives it
 * back. While a connection is lent, pg-pool stops listening for its errors, so a connection the
 * server ends between two statements (a failover, `pg_terminate_backend`) would emit an error
 * nothing catches, and the process would die with it. It is caught here: the statement that then
 * finds the connection dead fails as usual, and the connection is destroyed rather than lent again.
 * `work` may also call `broken` (a ROLLBACK that failed).
 */
export async function withLentConnection<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient, broken: (error: Error) => void) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken ??= error;
  };
  client.on('error', onError);
  try {
    return await work(client, onError);
  } finally {
    // A broken connection keeps the listener: it may still report its end while it is destroyed.
    if (!broken) client.off('error', onError);
    client.release(broken);
  }
}
