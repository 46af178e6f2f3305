import { Locale } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogues, loadLanguages } from '../../src/i18n/index.js';
import { type ChannelPage, shownText } from './support/channel-page.js';
import { playgroundSession } from './support/playground-session.js';

const languages = loadLanguages();
const catalogues = loadCatalogues();

/** The words of a text, lower case: letters of any script, 3 or more of them. */
function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((word) => word.length >= 3);
}

/** Every word the catalogue's texts use, placeholders left out. */
function vocabulary(language: string): Set<string> {
  const texts = [...(catalogues.get(language)?.values() ?? [])].map((text) => text.replace(/\{[A-Za-z]+\}/g, ' '));
  return new Set(texts.flatMap(wordsOf));
}

const ENGLISH = vocabulary('en');
/** Not English on any board: the game's name and the people's names. */
const NAMES = new Set(['crag', 'alice', 'bob', 'carol']);

/**
 * English words on a board drawn in `language`: words of the English catalogue that the language's
 * own catalogue never uses (so "Crag", or a word both languages share, is not counted).
 */
function untranslated(text: string, language: string): string[] {
  const own = vocabulary(language);
  // The header of a command's answer ("alice used /crag start") names the command as it was invoked:
  // the playground's command line types its default name, as a client of another locale may.
  return wordsOf(text.replace(/\/crag \S+/g, ' ')).filter(
    (word) => ENGLISH.has(word) && !own.has(word) && !NAMES.has(word),
  );
}

/**
 * The playground in each catalogue's language (issue 44): the person and the server switched to
 * it, a game started against a computer and a turn played, and the board read for English.
 */
describe('the playground in every language', () => {
  // One person starts a game in each language in a row: no cooldown between them.
  const session = playgroundSession({ COOLDOWN_MS: '0' });
  let alice: ChannelPage;

  beforeAll(async () => {
    alice = await session.open('alice');
  });
  afterAll(async () => {
    await alice?.close();
  });

  for (const language of languages.names) {
    it(`${language}: starts a game, plays a turn, and shows no untranslated English`, async () => {
      const tr = languages.translator(language);
      const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const roundHeading = tr.t('board.title', { round: 0, rounds: 0 }).split('0')[0] ?? '';
      alice.boardHeadings = new RegExp(
        `^(${[tr.t('lobby.title'), roundHeading, tr.t('final.title')].map(literally).join('|')})`,
      );
      // The pickers offer Discord locales: the catalogue's own tag, else its first regional one.
      const locale = Object.values(Locale).find((name) => name === language || name.startsWith(`${language}-`));
      if (!locale) throw new Error(`no Discord locale for ${language}`);
      await alice.page.locator('.language-picker.server select').selectOption(locale);
      await alice.page.locator('.language-picker.me select').selectOption(locale);
      await alice.type('/crag start computers:1 level:easy');
      try {
        await playOneTurn(language);
      } finally {
        await alice.type('/crag end');
      }
      await alice.messageTitled(tr.t('ended.title')).waitFor();
    });
  }

  async function playOneTurn(language: string): Promise<void> {
    const tr = languages.translator(language);
    await alice.messageTitled(tr.t('lobby.title')).waitFor();
    await alice.clickAndWaitForBoard(alice.board().getByRole('button', { name: tr.t('lobby.start'), exact: true }));
    // The host sits first: it is alice's turn.
    const choices = await alice.rowChoices();
    await alice.chooseRow(choices[0]?.label ?? '');
    const roundTwo = alice.messageTitled(tr.t('board.title', { round: 2, rounds: 13 }));
    await roundTwo.waitFor({ timeout: 30_000 });
    const board = await shownText(roundTwo);
    if (language !== 'en') expect(untranslated(board, language), board).toEqual([]);
    // The check sees English where there is some.
    if (language !== 'en') expect(untranslated('Reroll the dice', language)).not.toEqual([]);
  }
});
