import { describe, expect, it } from 'vitest';
import { type Catalogue, Languages, loadLanguages, message, Translator } from '../../src/i18n/index.js';

const languages = loadLanguages();
const en = languages.english;
const ru = languages.translator('ru');

describe('the translator', () => {
  it('chooses Russian plural forms by the CLDR rules: 1 очко, 2 очка, 5 очков, 11 очков, 21 очко', () => {
    const points = (count: number) => ru.t('analysis.should-score', { count, row: 'Крэг' });
    expect(points(1)).toBe('записать 1 очко в «Крэг»');
    expect(points(2)).toBe('записать 2 очка в «Крэг»');
    expect(points(4)).toBe('записать 4 очка в «Крэг»');
    expect(points(5)).toBe('записать 5 очков в «Крэг»');
    expect(points(11)).toBe('записать 11 очков в «Крэг»');
    expect(points(12)).toBe('записать 12 очков в «Крэг»');
    expect(points(21)).toBe('записать 21 очко в «Крэг»');
    expect(points(22)).toBe('записать 22 очка в «Крэг»');
    expect(points(0)).toBe('записать 0 очков в «Крэг»');
    const games = [1, 2, 5, 11, 21, 22, 25, 101, 111].map((count) => ru.t('count.games', { count }));
    expect(games).toEqual([
      '1 игра',
      '2 игры',
      '5 игр',
      '11 игр',
      '21 игра',
      '22 игры',
      '25 игр',
      '101 игра',
      '111 игр',
    ]);
    const wins = [1, 3, 7].map((count) => ru.t('count.wins', { count }));
    expect(wins).toEqual(['1 победа', '3 победы', '7 побед']);
  });

  it('chooses English plural forms: one and other', () => {
    expect([0, 1, 2, 21].map((count) => en.t('count.games', { count }))).toEqual([
      '0 games',
      '1 game',
      '2 games',
      '21 games',
    ]);
  });

  it('agrees the words around a number with it, as Russian needs', () => {
    expect(ru.t('board.rerolls-left', { count: 1 })).toBe('остался 1 переброс');
    expect(ru.t('board.rerolls-left', { count: 2 })).toBe('осталось 2 переброса');
    expect(ru.t('board.rerolls-left', { count: 0 })).toBe('осталось 0 перебросов');
    expect(ru.t('final.series-totals', { count: 1 })).toBe('Итоги серии после 1 игры');
    expect(ru.t('final.series-totals', { count: 3 })).toBe('Итоги серии после 3 игр');
  });

  it('formats decimals for the locale: a decimal comma and grouped thousands in Russian', () => {
    expect(en.decimal(149.94)).toBe('149.9');
    expect(ru.decimal(149.94)).toBe('149,9');
    expect(en.decimal(1234.5)).toBe('1,234.5');
    expect(ru.decimal(1234.5)).toBe('1\u00a0234,5');
    expect(en.signed(-2.34)).toBe('−2.3');
    expect(ru.signed(-2.34)).toBe('−2,3');
    expect(ru.signed(5.06)).toBe('+5,1');
    expect(ru.integer(1155)).toBe('1\u00a0155');
    expect(
      ru.t('leaderboard.line', {
        rank: 1,
        player: '<@1>',
        total: 1155,
        games: '',
        wins: '',
        average: ru.decimal(1.5),
        best: 2,
      }),
    ).toContain('**1\u00a0155**');
  });

  it('passes strings through untouched, so ids are never formatted as numbers', () => {
    expect(ru.t('footer.game', { game: '12345' })).toBe('игра № 12345');
    expect(ru.t('footer.game', { game: 12345 })).toBe('игра № 12\u00a0345');
  });

  it('translates nested messages and lists in the same language', () => {
    const permissions = [message('permission.send-messages'), message('permission.attach-files')];
    expect(ru.render(message('refusal.missing-permissions', { permissions }))).toBe(
      'Я не могу писать в этот канал: выдайте мне здесь права «Отправлять сообщения» и «Прикреплять файлы» и попробуйте снова.',
    );
    expect(
      en.render(message('refusal.missing-permissions', { permissions: [message('permission.view-channel')] })),
    ).toBe('I cannot post in this channel: give me View Channel here, then try again.');
  });

  it('leaves a missing parameter visible instead of breaking the message', () => {
    expect(en.t('board.your-turn')).toBe('{player}, your turn');
    expect(ru.t('board.title', { round: 3 })).toBe('Крэг · раунд 3/{rounds}');
    // A plural message without its count falls back to the "other" form.
    expect(en.t('count.games')).toBe('{count} games');
  });

  it('falls back to English for unknown or missing locales, and serves regional variants by language', () => {
    for (const locale of ['nl', 'ko', 'zh-CN', 'en-US', 'en-GB', '', null, undefined]) {
      expect(languages.translator(locale).language, String(locale)).toBe('en');
    }
    expect(languages.translator('ru').language).toBe('ru');
    expect(languages.translator('RU').language).toBe('ru');
    expect(languages.translator('ru-RU').language).toBe('ru');
    expect(languages.translator('es-419').language).toBe('es');
    expect(languages.translator('es-ES').language).toBe('es');
    expect(languages.translator('pt-BR').language).toBe('pt-BR');
  });

  it('prefers a regional catalogue, then the language’s, and takes a missing key from English', () => {
    const catalogue = (entries: Record<string, string>): Catalogue => new Map(Object.entries(entries));
    const small = new Languages(
      new Map([
        ['en', catalogue({ 'lobby.join': 'Join', 'lobby.leave': 'Leave' })],
        ['pt', catalogue({ 'lobby.join': 'Entrar' })],
        ['pt-BR', catalogue({ 'lobby.join': 'Participar' })],
      ]),
    );
    expect(small.translator('pt-BR').t('lobby.join')).toBe('Participar');
    expect(small.translator('pt-PT').t('lobby.join')).toBe('Entrar');
    expect(small.translator('pt').t('lobby.leave')).toBe('Leave');
    expect(() => new Languages(new Map([['ru', catalogue({})]]))).toThrow(/no catalogue for en/);
  });

  it('fills placeholders anywhere in a template, the same one again and again, as the template says', () => {
    const catalogue = new Map(
      Object.entries({ 'lobby.join': '{a}{b} and {a}, then {missing}.', 'lobby.leave': 'no place' }),
    );
    const tr = new Translator('en', catalogue);
    for (let time = 0; time < 3; time += 1) {
      expect(tr.t('lobby.join', { a: 'x', b: 7 })).toBe('x7 and x, then {missing}.');
      expect(tr.t('lobby.join', { a: 'y', b: 12_345 })).toBe('y12,345 and y, then {missing}.');
      expect(tr.t('lobby.leave')).toBe('no place');
    }
  });

  it('formats every whole number as Intl.NumberFormat does, the remembered small ones and the rest', () => {
    for (const tr of [en, ru]) {
      const intl = new Intl.NumberFormat(tr.language, { maximumFractionDigits: 0 });
      for (const value of [0, -0, 1, 999, 1234, 9999, 10_000, 123_456, -5, 2.5]) {
        expect(tr.integer(value)).toBe(intl.format(value));
        expect(tr.integer(value)).toBe(intl.format(value));
      }
    }
    expect(ru.integer(1234)).toBe('1\u00a0234');
  });
});
