import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { readWorldFile, type WorldFile, writeWorldFile } from '../../src/playground/world-file.js';

const WORLD: WorldFile = {
  version: 1,
  application: { id: '100000000000000009', name: 'Crag', token: 'a.b.c' },
  guild: { id: '100000000000000010', name: 'Crag playground', locale: 'ru' },
  channel: { id: '100000000000000011', name: 'crag' },
  people: [{ id: '100000000000000001', username: 'alice', locale: 'en-US' }],
};

describe('the playground’s world file', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-world-file-'));
    return path.join(dir, 'playground-world.json');
  };

  it('is absent at first and reads back what was written', () => {
    const at = file();
    expect(readWorldFile(at)).toBeNull();
    writeWorldFile(at, WORLD);
    expect(readWorldFile(at)).toEqual(WORLD);
    expect(fs.readdirSync(dir)).toEqual(['playground-world.json']);
  });

  it('names a damaged file and how to start afresh', () => {
    const at = file();
    fs.writeFileSync(at, '{"version": 1, "application": {}}');
    expect(() => readWorldFile(at)).toThrow(ConfigError);
    expect(() => readWorldFile(at)).toThrow(
      `${at} is damaged (application needs an id, a name and a token); delete it`,
    );
    fs.writeFileSync(at, 'not json');
    expect(() => readWorldFile(at)).toThrow('not a version 1 world file');
    fs.writeFileSync(at, JSON.stringify({ ...WORLD, people: [{ id: 'x', username: 'alice' }] }));
    expect(() => readWorldFile(at)).toThrow('each person needs an id and a username');
    fs.writeFileSync(at, JSON.stringify({ ...WORLD, guild: { ...WORLD.guild, locale: 7 } }));
    expect(() => readWorldFile(at)).toThrow('a locale must be text');
  });
});
