import { describe, expect, it } from 'vitest';
import { part } from '../../harness/board.js';
import { PART } from '../../src/bot/render/index.js';
import { loadCatalogues, loadLanguages } from '../../src/i18n/index.js';
import { latinWords, unfilledPlaceholders, withoutNames } from '../i18n/visible-text.js';
import { everyMessage } from './every-message.js';

const languages = loadLanguages();
const en = languages.english;
const ru = languages.translator('ru');

describe('messages in each language', () => {
  it('draw every message in Russian without a Latin word besides mentions and ids', () => {
    for (const [name, message] of everyMessage(ru)) {
      expect(latinWords(message), name).toEqual([]);
      expect(unfilledPlaceholders(message), name).toEqual([]);
    }
  });

  it('fill every placeholder in English too', () => {
    for (const [name, message] of everyMessage(en)) expect(unfilledPlaceholders(message), name).toEqual([]);
  });

  it('keep the Russian catalogue free of Latin words, refusals and errors included', () => {
    const russian = loadCatalogues().get('ru') ?? new Map<string, string>();
    for (const [key, text] of russian) {
      if (key.startsWith('command.')) continue; // Command names are checked against Discord's rules instead.
      const words = withoutNames(text.replace(/\{[A-Za-z]+\}/g, ' ')).match(/[A-Za-z]+/g) ?? [];
      expect(words, key).toEqual([]);
    }
  });

  it('write Russian plurals and decimal commas on the boards and cards', () => {
    const messages = new Map(everyMessage(ru));
    const text = (name: string) => JSON.stringify(messages.get(name));
    expect(text('board')).toMatch(/ваш ход · осталось 2 переброса/);
    expect(text('board, no rerolls left')).toContain('осталось 0 перебросов');
    expect(text('board, no rerolls left')).toContain('Перебросов не осталось');
    expect(text('final standings')).toContain('Итоги серии после 3 игр');
    expect(text('final standings')).toContain('**1\u00a0234** · 2 победы');
    const leaderboard = part(messages.get('series leaderboard') ?? {}, PART.body);
    expect(leaderboard.split('\n')).toEqual([
      '**1.** <@100000000000000000> **2\u00a0000** · 1 игра · 0 побед · в среднем 149,9 · рекорд 230',
      '**2.** <@100000000000000001> **1\u00a0999** · 2 игры · 1 победа · в среднем 148,9 · рекорд 230',
      '**3.** <@100000000000000002> **1\u00a0998** · 5 игр · 4 победы · в среднем 147,9 · рекорд 230',
      '**4.** <@100000000000000003> **1\u00a0997** · 21 игра · 20 побед · в среднем 146,9 · рекорд 230',
    ]);
    expect(text('hint to keep')).toMatch(/ожидаемый итог — \d+,\d/);
    expect(text('analysis')).toMatch(/Раунд \d+ \([1-6]-[1-6]-[1-6]\): [^;]+; лучше было [^,]+, −\d+,\d/);
    expect(text('analysis of a leaver')).toMatch(/обнулённые строки −\d+,\d/);
    expect(text('lobby')).toContain('🤖 Сильный 1');
    expect(text('lobby')).toContain(
      'два переброса · Тринадцать: 13 без пары · 5 мин на ход · подсказки вкл. · упоминания вкл. · игра № 1234',
    );
  });

  it('keep the English wording of the boards', () => {
    const messages = new Map(everyMessage(en));
    const text = (name: string) => JSON.stringify(messages.get(name));
    expect(text('board')).toMatch(/your turn · 2 rerolls left/);
    expect(text('final standings')).toContain('Series totals after 3 games');
    expect(text('lobby')).toContain(
      'two rerolls · Thirteen: 13 with no pair · 5 min per turn · hints on · pings on · game #1234',
    );
    expect(text('analysis')).toMatch(/Round \d+ \([1-6]-[1-6]-[1-6]\): [^;]+; best was [^,]+, −\d+\.\d/);
  });
});
