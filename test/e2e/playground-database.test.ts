import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withClient } from '../../harness/postgres-client.js';
import { PLAYGROUND_ENTRY } from '../browser/support/playground-process.js';
import { createDatabase } from '../support/postgres-databases.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-playground-pg-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('the playground on DATABASE_URL, when asked', () => {
  it('PLAYGROUND_DATABASE=url plays on PostgreSQL, says where first, and never shows the password', async () => {
    const url = await createDatabase();
    const password = new URL(url).password;
    const child = spawn(process.execPath, [PLAYGROUND_ENTRY], {
      cwd: folder,
      env: {
        PATH: process.env.PATH ?? '',
        PLAYGROUND_PORT: '0',
        PLAYGROUND_DATA_DIR: folder,
        PLAYGROUND_DATABASE: 'url',
        DATABASE_URL: url,
      },
    });
    let output = '';
    const ready = new Promise<void>((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`never connected:\n${output}`)), 40_000);
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('The bot is connected')) {
          clearTimeout(guard);
          resolve();
        }
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
    });
    try {
      await ready;
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('close', resolve));
    }
    const { host, port, pathname } = new URL(url);
    expect(output).toContain(`Games are kept in PostgreSQL at ${host.split(':')[0]}:${port}${pathname}`);
    expect(output).not.toContain(password);
    expect(fs.existsSync(path.join(folder, 'playground.sqlite'))).toBe(false);
    const tables = await withClient(url, (client) =>
      client.query<{ n: string }>("SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'games'"),
    );
    expect(Number(tables.rows[0]?.n)).toBe(1);
  });
});
