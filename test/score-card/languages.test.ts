import { describe, expect, it } from 'vitest';
import { scoreCardOf } from '../../src/bot/render/score-card.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { drawScoreCard } from '../../src/score-card/draw.js';
import { drawableText } from '../../src/score-card/drawable-text.js';
import { registerGlyphsFor } from '../../src/score-card/font.js';
import type { ScoreCardModel } from '../../src/score-card/model.js';
import { finishedTwoPlayerGame, fivePlayerGameInPlay } from './games.js';

const languages = loadLanguages();
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** Every text on a card, as drawn. */
function textsOf(model: ScoreCardModel): string[] {
  return [
    model.title,
    model.subtitle ?? '',
    ...model.rows.map((row) => row.label),
    ...model.players.map((player) => player.name),
    ...Object.values(model.labels),
  ];
}

/** The characters of `text`, as the card draws it (emoji it cannot draw left out), that have no glyph. */
function missingGlyphs(text: string): string[] {
  const drawn = drawableText(text);
  const coverage = registerGlyphsFor(drawn);
  return [...drawn].filter((character) => /\S/u.test(character) && !coverage.has(character.codePointAt(0) ?? 0));
}

describe('the score card in every language', () => {
  for (const language of languages.names) {
    it(`${language}: every text has its glyphs, and the card draws`, () => {
      const tr = languages.translator(language);
      for (const state of [finishedTwoPlayerGame(), fivePlayerGameInPlay()]) {
        const model = scoreCardOf(1234, state, tr);
        for (const text of textsOf(model)) expect(missingGlyphs(text), `${language}: ${text}`).toEqual([]);
        expect(drawScoreCard(model).subarray(0, 4)).toEqual(PNG);
      }
    });
  }

  it('draws a name in kanji, which only the Japanese face has, and knows what no face has', () => {
    expect(missingGlyphs('山田太郎 · 李小龍')).toEqual([]);
    // A character of no subset (a private-use code point) is reported, so the check could fail.
    expect(missingGlyphs('A\u{e000}')).toEqual(['\u{e000}']);
  });
});
