import { inject } from 'vitest';
import { databaseUrl, withClient } from '../../harness/postgres-client.js';

let created = 0;

/** A new, empty database on the run's PostgreSQL server; returns its URL. */
export async function createDatabase(adminUrl = inject('postgresAdminUrl')): Promise<string> {
  created += 1;
  const name = `crag_${process.pid}_${created}_${Date.now().toString(36)}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  return databaseUrl(adminUrl, name);
}
