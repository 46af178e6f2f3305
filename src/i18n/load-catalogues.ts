import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KEY_PATTERN } from './keys.js';
import { Languages } from './languages.js';
import type { Catalogue } from './translator.js';

/** A catalogue file that cannot be used; start-up stops with this message. */
export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

/**
 * `locales/` at the package root. The code runs from `src/` (vitest, tsx) and from `dist/src/` (the
 * build), so walk up to the folder holding package.json instead of a fixed `../..`.
 */
export function defaultLocalesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'locales');
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

/**
 * Reads every `<language>.json` in the folder: one flat object of key → text per language, named by
 * its BCP 47 tag (`en.json`, `ru.json`, `pt-BR.json`). A new language is one new file.
 */
export function loadCatalogues(dir: string = defaultLocalesDir()): Map<string, Catalogue> {
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch (error) {
    throw new CatalogueError(`cannot read the locales folder ${dir}`, { cause: error });
  }
  const catalogues = new Map<string, Catalogue>();
  for (const file of files.sort()) {
    const language = basename(file, '.json');
    if (!isLanguageTag(language)) throw new CatalogueError(`${join(dir, file)} is not named after a language tag`);
    catalogues.set(language, parseCatalogue(join(dir, file)));
  }
  return catalogues;
}

/** Every catalogue in the folder, ready to translate. */
export function loadLanguages(dir?: string): Languages {
  return new Languages(loadCatalogues(dir));
}

function isLanguageTag(name: string): boolean {
  try {
    return Intl.getCanonicalLocales(name)[0] === name;
  } catch {
    return false;
  }
}

function parseCatalogue(file: string): Catalogue {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CatalogueError(`${file} is not valid JSON`, { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CatalogueError(`${file} must hold one object of key → text`);
  }
  const entries = Object.entries(value);
  for (const [key, text] of entries) {
    if (!KEY_PATTERN.test(key)) throw new CatalogueError(`${file}: "${key}" is not a catalogue key`);
    if (typeof text !== 'string' || text.length === 0) throw new CatalogueError(`${file}: "${key}" is not text`);
  }
  return new Map(entries as [string, string][]);
}
