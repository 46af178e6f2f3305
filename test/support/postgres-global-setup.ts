/**
 * Vitest global setup: one PostgreSQL server for the whole run (initdb and start take a few
 * seconds, a database a few tens of milliseconds), stopped and removed at the end. Test files reach
 * it through `inject('postgresAdminUrl')`, usually via postgres-databases.ts.
 */
import type { TestProject } from 'vitest/node';
import { startPostgresServer } from '../../harness/postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The superuser on the test server's maintenance database. */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const server = await startPostgresServer();
  project.provide('postgresAdminUrl', server.adminUrl);
  return () => server.stop();
}
