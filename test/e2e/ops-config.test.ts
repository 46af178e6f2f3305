import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_ENTRY } from './support/bot-process.js';
import { runOnce } from './support/run-once.js';

/** A token of the right shape that no Discord issued. */
const WELL_FORMED_TOKEN = `MTAwMDAwMDAwMDAwMDAwMDAw.GAbcde.${'x'.repeat(38)}`;

describe('operators settings: one line and exit 78 for what cannot work', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-ops-config-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const database = () => ({ DATABASE_PATH: path.join(dir, 'crag.sqlite') });

  it('NODE_ENV=production without DISCORD_TOKEN refuses to open the playground', async () => {
    const run = await runOnce(BOT_ENTRY, [], { NODE_ENV: 'production', ...database() }, dir);
    expect(run.code).toBe(78);
    expect(run.stderr).toBe(
      'crag-bot: NODE_ENV is production but DISCORD_TOKEN is not set: refusing to open the playground.\n',
    );
    expect(run.stdout).toBe('');
  });

  it.each([
    ['OPS_PORT', 'abc', 'OPS_PORT must be a whole number from 1 to 65535, got "abc".'],
    ['OPS_PORT', '70000', 'OPS_PORT must be a whole number from 1 to 65535, got "70000".'],
    ['BACKUP_EVERY_HOURS', '-1', 'BACKUP_EVERY_HOURS must be a number of hours above 0 (e.g. 6 or 0.5), got "-1".'],
    ['BACKUP_KEEP', '0', 'BACKUP_KEEP must be a whole number from 1 to 10000, got "0".'],
  ])('%s=%s is refused', async (name, value, message) => {
    const env = {
      DISCORD_TOKEN: WELL_FORMED_TOKEN,
      BACKUP_DIR: path.join(dir, 'backups'),
      ...database(),
      [name]: value,
    };
    const run = await runOnce(BOT_ENTRY, [], env, dir);
    expect(run.code).toBe(78);
    expect(run.stderr).toBe(`crag-bot: ${message}\n`);
  });

  it('an OPS_PORT already taken is refused before connecting to Discord', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const env = { DISCORD_TOKEN: WELL_FORMED_TOKEN, OPS_PORT: String(port), ...database() };
      const run = await runOnce(BOT_ENTRY, [], env, dir);
      expect(run.code).toBe(78);
      expect(run.stderr).toMatch(
        new RegExp(`^crag-bot: cannot listen on OPS_HOST 127.0.0.1 OPS_PORT ${port}: .*EADDRINUSE.*\\n$`),
      );
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });
});
