import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Catalogue, DEFAULT_LANGUAGE, type PluralCategory } from '../../src/i18n/index.js';

/** Every TypeScript source of the bot (src/ and commands/), concatenated: where message keys are used. */
export function readSources(root: string): string {
  const texts: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) texts.push(readFileSync(path, 'utf8'));
    }
  };
  walk(join(root, 'src'));
  walk(join(root, 'commands'));
  // The playground's page speaks from the same catalogues.
  walk(join(root, 'playground-web', 'src'));
  return texts.join('\n');
}

/** Splits a catalogue key into its base and plural category (undefined for a plain key). */
function splitPluralKey(key: string): { base: string; category: PluralCategory | undefined } {
  const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  if (!match) return { base: key, category: undefined };
  return { base: match[1] ?? key, category: match[2] as PluralCategory };
}

/** The messages of a catalogue by base key: a plain text, or its plural forms by category. */
type Entry = { readonly plain: string | undefined; readonly forms: Map<PluralCategory, string> };

function entries(catalogue: Catalogue): Map<string, Entry> {
  const byBase = new Map<string, Entry>();
  for (const [key, text] of catalogue) {
    const { base, category } = splitPluralKey(key);
    const entry = byBase.get(base) ?? { plain: undefined, forms: new Map<PluralCategory, string>() };
    if (category) entry.forms.set(category, text);
    byBase.set(base, category ? entry : { ...entry, plain: text });
  }
  return byBase;
}

function placeholders(text: string): string {
  return [...new Set([...text.matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g)].map((match) => match[1]))].sort().join(', ');
}

function texts(entry: Entry): [string, string][] {
  return entry.plain !== undefined
    ? [['', entry.plain]]
    : [...entry.forms].map(([category, text]) => [`_${category}`, text]);
}

/**
 * What is wrong with a set of catalogues, one line per problem: a key a language lacks or the English
 * catalogue does not have, a plural form a language's Intl.PluralRules needs but its catalogue lacks
 * (or one it never uses), placeholders that differ from the English ones, a key no source uses, and
 * a `/command subcommand` reference that does not use the language's own command names.
 */
export function catalogueProblems(catalogues: ReadonlyMap<string, Catalogue>, sources: string): string[] {
  const english = catalogues.get(DEFAULT_LANGUAGE);
  if (!english) return [`there is no ${DEFAULT_LANGUAGE} catalogue`];
  const reference = entries(english);
  const problems: string[] = [];
  for (const [language, catalogue] of catalogues) {
    const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const own = entries(catalogue);
    for (const [base, expected] of reference) {
      const entry = own.get(base);
      if (!entry) {
        problems.push(`${language}: ${base} is missing`);
        continue;
      }
      if (entry.plain !== undefined && entry.forms.size > 0)
        problems.push(`${language}: ${base} is both plain and plural`);
      const plural = expected.plain === undefined;
      if (plural !== (entry.plain === undefined)) {
        problems.push(`${language}: ${base} is ${plural ? 'plural' : 'plain'} in English but not here`);
        continue;
      }
      if (plural) {
        for (const category of needed) {
          if (!entry.forms.has(category)) problems.push(`${language}: ${base} lacks the ${category} form`);
        }
        for (const category of entry.forms.keys()) {
          if (!needed.includes(category))
            problems.push(`${language}: ${base}_${category} is a form ${language} never uses`);
        }
      }
      const wanted = placeholders(texts(expected)[0]?.[1] ?? '');
      for (const [suffix, text] of texts(entry)) {
        const found = placeholders(text);
        if (found !== wanted)
          problems.push(`${language}: ${base}${suffix} has {${found}} where English has {${wanted}}`);
      }
    }
    for (const base of own.keys()) {
      if (!reference.has(base)) problems.push(`${language}: ${base} is not in the English catalogue`);
    }
    problems.push(...commandReferenceProblems(language, catalogue));
  }
  for (const base of reference.keys()) {
    if (!sources.includes(`'${base}'`) && !sources.includes(`"${base}"`))
      problems.push(`${base} is not used by any code`);
  }
  return problems;
}

/** Texts that quote a command (`/crag start`) must use that language's names, as its people see them. */
function commandReferenceProblems(language: string, catalogue: Catalogue): string[] {
  const command = catalogue.get('command.crag.name');
  const subcommands = new Set(
    [...catalogue]
      .filter(([key]) => /^command\.[a-z-]+\.name$/.test(key) && key !== 'command.crag.name')
      .map(([, name]) => name),
  );
  const problems: string[] = [];
  for (const [key, text] of catalogue) {
    for (const [quoted, name, subcommand] of text.matchAll(/`\/([^\s`]+) ([^\s`]+)`/g)) {
      if (name !== command || !subcommand || !subcommands.has(subcommand)) {
        problems.push(`${language}: ${key} quotes ${quoted}, which is not one of its commands`);
      }
    }
  }
  return problems;
}
