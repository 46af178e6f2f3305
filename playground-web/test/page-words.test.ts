import { describe, expect, it } from 'vitest';
import { pageLanguages, pageTranslator } from '../src/lib/page-words.js';

describe('the page’s words', () => {
  it('come from the bot’s catalogues, with named blanks filled in', () => {
    expect(pageTranslator('en-US').t('playground.composer.placeholder', { channel: 'crag' })).toBe('Message #crag');
    expect(pageTranslator('en-GB').t('playground.command.too-large', { option: 'turn-timer', max: 60 })).toBe(
      'turn-timer must be at most 60.',
    );
  });

  it('speak Russian to a Russian locale, and English where no catalogue serves the locale', () => {
    expect(pageTranslator('ru').t('playground.message.only-you')).toBe('Это видите только вы');
    expect(pageTranslator('xx').t('playground.message.only-you')).toBe('Only you can see this');
    expect(pageLanguages.languageOf('ru')).toBe('ru');
  });
});
