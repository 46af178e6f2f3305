import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { withClient } from '../../harness/postgres-client.js';
import { BOT_ENTRY } from './support/bot-process.js';

const run = promisify(execFile);
const SECRET = 'S3cretPW-never-shown';
const WELL_FORMED_TOKEN = `MTAwMDAwMDAwMDAwMDAwMDAw.GAbcde.${'x'.repeat(38)}`;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-password-'));

/** Everything the production build prints for this environment (it refuses: nothing listens on Discord's side). */
async function everyLine(env: Record<string, string>): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BOT_ENTRY], {
      cwd: folder,
      env: { PATH: process.env.PATH ?? '', DISCORD_API_URL: 'http://127.0.0.1:9/api', ...env },
      timeout: 20_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** DATABASE_URL as people type it, right or wrong, each carrying the password. */
const FORMS = [
  `crag:${SECRET}@127.0.0.1:55432/crag`,
  `host=127.0.0.1 port=55432 user=crag password=${SECRET} dbname=crag`,
  `host=127.0.0.1 password = '${SECRET} x' dbname=crag`,
  `mysql://crag:${SECRET}@127.0.0.1/crag`,
  `postgres://crag:${SECRET}@127.0.0.1:9/crag`,
  `postgres://127.0.0.1:9/crag?user=crag&password=${SECRET}`,
];

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('the database password never reaches a log line or an error', () => {
  it.each(FORMS)('DATABASE_URL=%s', async (url) => {
    const { code, output } = await everyLine({ DISCORD_TOKEN: WELL_FORMED_TOKEN, DATABASE_URL: url });
    expect(code).not.toBe(0);
    expect(output).toContain('DATABASE_URL');
    expect(output).not.toContain(SECRET);
  });

  it('nor when the PostgreSQL server refuses that password', async () => {
    const admin = new URL(inject('postgresAdminUrl'));
    const role = `crag_pw_${process.pid}`;
    await withClient(admin.toString(), (client) => client.query(`CREATE ROLE ${role} LOGIN PASSWORD 'right-one'`));
    try {
      const url = `postgres://${role}:${SECRET}@${admin.host}/postgres`;
      const { code, output } = await everyLine({ DISCORD_TOKEN: WELL_FORMED_TOKEN, DATABASE_URL: url });
      expect(code).not.toBe(0);
      expect(output).toMatch(/refused the login|password/);
      expect(output).not.toContain(SECRET);
    } finally {
      await withClient(admin.toString(), (client) => client.query(`DROP ROLE ${role}`));
    }
  });
});
