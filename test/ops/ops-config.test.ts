import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config-error.js';
import { readOpsConfig } from '../../src/ops/ops-config.js';

describe('the operators settings', () => {
  it('are off unless asked for', () => {
    expect(readOpsConfig({})).toEqual({ listen: undefined, backups: undefined });
  });

  it('listen on loopback by default, and back up daily keeping a week', () => {
    expect(readOpsConfig({ OPS_PORT: '9464', BACKUP_DIR: 'backups' })).toEqual({
      listen: { port: 9464, host: '127.0.0.1' },
      backups: { dir: path.resolve('backups'), everyHours: 24, keep: 7 },
    });
    expect(readOpsConfig({ OPS_PORT: '1', OPS_HOST: '0.0.0.0' }).listen).toEqual({ port: 1, host: '0.0.0.0' });
    expect(readOpsConfig({ BACKUP_DIR: '/b', BACKUP_EVERY_HOURS: '0.5', BACKUP_KEEP: '3' }).backups).toEqual({
      dir: '/b',
      everyHours: 0.5,
      keep: 3,
    });
  });

  it.each([
    [{ OPS_PORT: '0' }, 'OPS_PORT must be a whole number from 1 to 65535, got "0".'],
    [{ OPS_PORT: '80.5' }, 'OPS_PORT must be a whole number from 1 to 65535, got "80.5".'],
    [
      { BACKUP_DIR: 'b', BACKUP_EVERY_HOURS: 'daily' },
      'BACKUP_EVERY_HOURS must be a number of hours above 0 (e.g. 6 or 0.5), got "daily".',
    ],
    [{ BACKUP_DIR: 'b', BACKUP_KEEP: '-2' }, 'BACKUP_KEEP must be a whole number from 1 to 10000, got "-2".'],
  ])('%j is refused', (env, message) => {
    expect(() => readOpsConfig(env)).toThrow(new ConfigError(message));
  });
});
