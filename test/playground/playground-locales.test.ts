import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../../src/emulator/index.js';
import { PlaygroundLocales } from '../../src/playground/playground-locales.js';
import { buildPlaygroundWorld } from '../../src/playground/playground-world.js';
import type { WorldFile } from '../../src/playground/world-file.js';

describe('who speaks what in the playground', () => {
  let discord: Emulator;
  beforeEach(async () => {
    discord = await startEmulator();
  });
  afterEach(async () => {
    await discord.stop();
  });

  it('sets a person’s and the server’s locale in the emulator and the world file, and nothing else', async () => {
    const { world, file } = buildPlaygroundWorld(discord, null);
    const saved: WorldFile[] = [];
    const locales = new PlaygroundLocales(discord, world, file, (changed) => saved.push(changed));
    const [alice, bob] = world.people;
    if (!alice || !bob) throw new Error('no people');

    expect(locales.set('me', alice.id, 'ru')).toBe(true);
    expect(locales.person(alice.id)?.locale).toBe('ru');
    expect(locales.person(bob.id)?.locale).toBe('en-US');
    expect(locales.set('server', bob.id, 'ru')).toBe(true);
    expect(locales.guildLocale).toBe('ru');
    expect(saved.at(-1)?.guild.locale).toBe('ru');
    expect(saved.at(-1)?.people.map((person) => person.locale)).toEqual(['ru', 'en-US', 'en-US', 'en-US']);

    expect(locales.set('me', alice.id, 'klingon')).toBe(false);
    expect(saved).toHaveLength(2);

    // A playground restarted from that file speaks the same.
    const next = await startEmulator();
    try {
      const last = saved.at(-1);
      if (!last) throw new Error('nothing saved');
      const rebuilt = buildPlaygroundWorld(next, last).world;
      expect(rebuilt.guildLocale).toBe('ru');
      expect(rebuilt.people.map((person) => person.locale)).toEqual(['ru', 'en-US', 'en-US', 'en-US']);
    } finally {
      await next.stop();
    }
  });
});
