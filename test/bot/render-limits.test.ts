import { describe, expect, it } from 'vitest';
import { readMessageFields } from '../../src/emulator/validation/message-body.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { type Cast, everyMessage } from './every-message.js';

const languages = loadLanguages();

/**
 * The longest game there is: a full table of five, everyone under the longest display name Discord
 * allows (32 characters), in wide letters that count as one character each as Discord counts them.
 */
const LONGEST: Cast = {
  alice: 'Ｗ'.repeat(32),
  bob: 'Ｍ'.repeat(32),
  others: [
    ['333333333333333333', 'Ｑ'.repeat(32)],
    ['444444444444444444', 'Ｈ'.repeat(32)],
  ],
};

describe('every message within Discord’s limits, in every language', () => {
  // The emulator's own checks of a message body (Components V2's 4,000 characters of text, option
  // labels and descriptions of 100, button labels of 80, embeds), so the limits live in one place.
  for (const language of languages.names) {
    it(`${language}: the longest game and every other message pass Discord’s checks`, () => {
      const tr = languages.translator(language);
      const messages = everyMessage(tr, LONGEST);
      expect(messages.length).toBeGreaterThan(25);
      for (const [name, message] of messages) {
        expect(() => readMessageFields(message, { allowEphemeral: true }), `${language}: ${name}`).not.toThrow();
      }
    });
  }

  it('fails a board past a limit, so it would see one', () => {
    const [, board] = everyMessage(languages.english, LONGEST).find(([name]) => name === 'final standings') ?? [];
    if (!board?.components) throw new Error('no final standings');
    const padded = { ...board, components: [...board.components, { type: 10, content: 'x'.repeat(4_000) }] };
    expect(() => readMessageFields(padded)).toThrow();
  });
});
