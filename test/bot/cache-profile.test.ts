import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { ConfigError } from '../../src/config-error.js';

const TOKEN = `${Buffer.from('123456789012345678').toString('base64url')}.abcdef.${'x'.repeat(27)}`;

describe('DISCORD_CACHES', () => {
  test('the cut caches unless told otherwise; discord.js defaults only when named', () => {
    expect(loadConfig({ DISCORD_TOKEN: TOKEN }).caches).toBe('cut');
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, DISCORD_CACHES: 'discordjs-defaults' }).caches).toBe(
      'discordjs-defaults',
    );
  });

  test('anything else is a configuration error naming the variable', () => {
    expect(() => loadConfig({ DISCORD_TOKEN: TOKEN, DISCORD_CACHES: 'none' })).toThrow(ConfigError);
    expect(() => loadConfig({ DISCORD_TOKEN: TOKEN, DISCORD_CACHES: 'none' })).toThrow(/DISCORD_CACHES/);
  });
});
