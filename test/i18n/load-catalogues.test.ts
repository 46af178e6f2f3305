import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogues, loadLanguages } from '../../src/i18n/index.js';

const dirs: string[] = [];

/** A locales folder holding these files. */
function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-locales-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loading the catalogues', () => {
  it('finds every language in the package’s locales folder, wherever the code runs from', () => {
    expect([...loadCatalogues().keys()]).toEqual(expect.arrayContaining(['en', 'ru']));
  });

  it('takes a new language from one new file', () => {
    const dir = folder({
      'en.json': JSON.stringify({ 'lobby.join': 'Join', 'lobby.leave': 'Leave' }),
      'de.json': JSON.stringify({ 'lobby.join': 'Beitreten', 'lobby.leave': 'Verlassen' }),
      'README.md': 'not a catalogue',
    });
    const languages = loadLanguages(dir);
    expect(languages.translator('de').t('lobby.join')).toBe('Beitreten');
    expect(languages.translator('ru').t('lobby.join')).toBe('Join');
  });

  it('names the file that cannot be used', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ 'en.json': '{ "lobby.join": ' }, /en\.json is not valid JSON/],
      [{ 'en.json': '["Join"]' }, /en\.json must hold one object/],
      [{ 'en.json': '{ "Lobby Join": "Join" }' }, /en\.json: "Lobby Join" is not a catalogue key/],
      [{ 'en.json': '{ "lobby.join": 3 }' }, /en\.json: "lobby.join" is not text/],
      [{ 'en.json': '{}', 'ru_RU.json': '{}' }, /ru_RU\.json is not named after a language tag/],
      [{ 'ru.json': '{}' }, /no catalogue for en/],
    ];
    for (const [files, error] of cases) expect(() => loadLanguages(folder(files))).toThrow(error);
    expect(() => loadCatalogues(path.join(os.tmpdir(), 'crag-no-such-locales'))).toThrow(
      /cannot read the locales folder/,
    );
  });
});
