import pg from 'pg';
import { STORE_TYPES } from '../src/store/postgres/type-parsers.js';

/** The URL of `database` on the server the admin URL points at, as the same superuser. */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A connection of its own, reading values as the store does (bigint as numbers, json as its
 * text): a second client, to check what the store committed. The caller ends it.
 */
export async function connectClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, types: STORE_TYPES });
  await client.connect();
  return client;
}

/** Runs `work` on a connection of its own (see connectClient), then closes it. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connectClient(url);
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
