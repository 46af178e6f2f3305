import { describe, expect, test } from 'vitest';
import { readActivityConfig } from '../../src/activity/config.js';
import { ConfigError } from '../../src/config-error.js';

describe('readActivityConfig', () => {
  test('ACTIVITY_PORT unset: no Activity, whatever else is set', () => {
    expect(readActivityConfig({ DISCORD_CLIENT_SECRET: 'secret' })).toBeUndefined();
    expect(readActivityConfig({ ACTIVITY_PORT: '  ' })).toBeUndefined();
  });

  test('a port and the client secret', () => {
    expect(readActivityConfig({ ACTIVITY_PORT: '8090', DISCORD_CLIENT_SECRET: ' s3cret ' })).toEqual({
      port: 8090,
      clientSecret: 's3cret',
    });
  });

  test('a port without the secret, or a port that is not one, is a configuration error naming the fix', () => {
    expect(() => readActivityConfig({ ACTIVITY_PORT: '8090' })).toThrow(ConfigError);
    expect(() => readActivityConfig({ ACTIVITY_PORT: '8090' })).toThrow(/DISCORD_CLIENT_SECRET/);
    expect(() => readActivityConfig({ ACTIVITY_PORT: 'eighty', DISCORD_CLIENT_SECRET: 's' })).toThrow(/ACTIVITY_PORT/);
    expect(() => readActivityConfig({ ACTIVITY_PORT: '70000', DISCORD_CLIENT_SECRET: 's' })).toThrow(/ACTIVITY_PORT/);
  });
});
