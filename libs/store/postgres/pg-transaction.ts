import type pg from 'pg';

/**
 * Runs `work` in one transaction on a pooled connection. `begin` opens it: BEGIN, optionally followed by the
 * transaction's first statements in the same round trip (their results, in order after BEGIN's, go to `work`).
 * COMMIT after `work`, ROLLBACK on any error; a connection that failed mid-transaction is discarded rather than reused.
 */
export async function pooledTransaction<T>(
  pool: pg.Pool,
  begin: string,
  work: (client: pg.PoolClient, begun: readonly pg.QueryResult[]) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  // pg-pool listens for a client's 'error' only while it is idle: a server shutdown (57P01) or a dropped socket while
  // it is checked out would be an unhandled 'error' event that ends the process. The query in flight rejects anyway.
  let broken: unknown = undefined;
  const onError = (error: Error) => (broken ??= error);
  client.on('error', onError);
  try {
    const opened = (await client.query(begin)) as pg.QueryResult | pg.QueryResult[];
    const result = await work(client, Array.isArray(opened) ? opened : [opened]);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    broken ??= error;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release(broken !== undefined ? (broken as Error) : undefined);
    client.removeListener('error', onError);
  }
}
