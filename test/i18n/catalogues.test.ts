import { describe, expect, it } from 'vitest';
import { type Catalogue, loadCatalogues } from '../../src/i18n/index.js';
import { ROOT } from '../e2e/support/bot-process.js';
import { catalogueProblems, readSources } from './catalogue-problems.js';

const catalogues = loadCatalogues();
const sources = readSources(ROOT);

/** The real catalogues with one language changed. */
function changed(language: string, change: (entries: Map<string, string>) => void): Map<string, Catalogue> {
  const entries = new Map(catalogues.get(language));
  change(entries);
  return new Map([...catalogues, [language, entries]]);
}

describe('the catalogues', () => {
  it('hold English and Russian (and any other language), each complete, consistent and used', () => {
    expect(catalogues.has('en')).toBe(true);
    expect(catalogues.has('ru')).toBe(true);
    expect(catalogueProblems(catalogues, sources)).toEqual([]);
  });

  it('are checked for a missing key', () => {
    const problems = catalogueProblems(
      changed('ru', (entries) => entries.delete('lobby.join')),
      sources,
    );
    expect(problems).toEqual(['ru: lobby.join is missing']);
  });

  it('are checked for a key the English catalogue does not have', () => {
    const problems = catalogueProblems(
      changed('ru', (entries) => entries.set('lobby.joined', 'Вы в игре')),
      sources,
    );
    expect(problems).toEqual(['ru: lobby.joined is not in the English catalogue']);
  });

  it('are checked for a plural form the language’s plural rules need', () => {
    const problems = catalogueProblems(
      changed('ru', (entries) => entries.delete('count.games_few')),
      sources,
    );
    expect(problems).toEqual(['ru: count.games lacks the few form']);
    const english = catalogueProblems(
      changed('en', (entries) => entries.set('count.games_few', '{count} games')),
      sources,
    );
    expect(english).toEqual(['en: count.games_few is a form en never uses']);
  });

  it('are checked for placeholders that differ between languages', () => {
    const problems = catalogueProblems(
      changed('ru', (entries) => entries.set('board.title', 'Крэг · раунд {round} из {total}')),
      sources,
    );
    expect(problems).toEqual(['ru: board.title has {round, total} where English has {round, rounds}']);
    const plural = catalogueProblems(
      changed('ru', (entries) => entries.set('count.wins_many', 'побед')),
      sources,
    );
    expect(plural).toEqual(['ru: count.wins_many has {} where English has {count}']);
  });

  it('are checked for keys that no code uses', () => {
    const problems = catalogueProblems(catalogues, sources.replaceAll("'lobby.full'", ''));
    expect(problems).toEqual(['lobby.full is not used by any code']);
  });

  it('are checked for commands quoted by another language’s names', () => {
    const problems = catalogueProblems(
      changed('ru', (entries) => entries.set('refusal.no-game-played', 'Здесь ещё не играли: `/crag начать`.')),
      sources,
    );
    expect(problems).toEqual(['ru: refusal.no-game-played quotes `/crag начать`, which is not one of its commands']);
  });
});
