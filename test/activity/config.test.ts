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
      host: '127.0.0.1',
      clientSecret: 's3cret',
      frameAncestors: undefined,
    });
  });

  test('ACTIVITY_HOST and ACTIVITY_FRAME_ANCESTORS, and a frame ancestor that is not an origin', () => {
    const env = { ACTIVITY_PORT: '8090', DISCORD_CLIENT_SECRET: 's' };
    expect(
      readActivityConfig({
        ...env,
        ACTIVITY_HOST: '0.0.0.0',
        ACTIVITY_FRAME_ANCESTORS: 'http://127.0.0.1:3000 http://localhost:3000',
      }),
    ).toMatchObject({ host: '0.0.0.0', frameAncestors: ['http://127.0.0.1:3000', 'http://localhost:3000'] });
    expect(() => readActivityConfig({ ...env, ACTIVITY_FRAME_ANCESTORS: "'self'; script-src *" })).toThrow(
      /ACTIVITY_FRAME_ANCESTORS/,
    );
  });

  test('a port without the secret, or a port that is not one, is a configuration error naming the fix', () => {
    expect(() => readActivityConfig({ ACTIVITY_PORT: '8090' })).toThrow(ConfigError);
    expect(() => readActivityConfig({ ACTIVITY_PORT: '8090' })).toThrow(/DISCORD_CLIENT_SECRET/);
    expect(() => readActivityConfig({ ACTIVITY_PORT: 'eighty', DISCORD_CLIENT_SECRET: 's' })).toThrow(/ACTIVITY_PORT/);
    expect(() => readActivityConfig({ ACTIVITY_PORT: '70000', DISCORD_CLIENT_SECRET: 's' })).toThrow(/ACTIVITY_PORT/);
  });
});
