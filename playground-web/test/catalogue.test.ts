import { describe, expect, it } from 'vitest';
import { catalogueFor, translate } from '../src/i18n/catalogue.js';
import { en } from '../src/i18n/en.js';

describe('the page’s words', () => {
  it('fills in named blanks', () => {
    expect(translate(en, 'composer.placeholder', { channel: 'crag' })).toBe('Message #crag');
    expect(translate(en, 'command.tooLarge', { option: 'turn-timer', max: 60 })).toBe('turn-timer must be at most 60.');
  });

  it('speaks English where no catalogue exists for the locale', () => {
    expect(catalogueFor('en-US')).toBe(en);
    expect(catalogueFor('en-GB')).toBe(en);
    expect(catalogueFor('xx')).toBe(en);
  });
});
