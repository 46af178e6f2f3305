import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { part } from '../../harness/board.js';
import { type DiceFaces, PART, renderGame, UNICODE_DICE } from '../../src/bot/render/index.js';
import { applyAction, CATEGORY_IDS, createGame, type GameState, seededRandom } from '../../src/game/index.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { play } from './play.js';

const ALICE = '111111111111111111';
const DAVE = '444444444444444444';
const en = loadLanguages().english;
const FACES: DiceFaces = UNICODE_DICE;

/**
 * Every character that changes how the text after it reads, or hides: the bidirectional
 * embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069), marks (LRM, RLM, ALM), and
 * invisible format characters (zero-width space, word joiner, invisible operators, BOM, soft hyphen).
 */
const CONTROLS = [
  ...'\u202A\u202B\u202C\u202D\u202E',
  ...'\u2066\u2067\u2068\u2069',
  ...'\u200E\u200F\u061C',
  ...'\u200B\u2060\u2061\u2062\u2063\u2064\uFEFF\u00AD\u180E\u206A\u206F',
];
const BIDI_OR_INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u2060-\u2064\uFEFF\u00AD\u180E\u206A-\u206F]/u;

/** A finished game of alice and a person whose seat took `name`, every row scored. */
function finishedWith(name: string): GameState {
  let state = play(createGame(ALICE, { rerolls: 1, thirteen: 'any' }, 'alice'), [
    { type: 'join', playerId: DAVE, name },
    { type: 'start', playerId: ALICE },
  ]);
  const random = seededRandom(3);
  for (const category of CATEGORY_IDS) {
    for (const playerId of [ALICE, DAVE]) {
      const result = applyAction(state, { type: 'score', playerId, category }, random);
      if (!result.ok) throw new Error(result.code);
      state = result.state;
    }
  }
  return state;
}

function standingsText(state: GameState): string {
  const message = renderGame(
    { gameId: 1, state, settings: { turnTimerMinutes: 5, hintsEnabled: true, pingsEnabled: true }, turnDeadline: null },
    en,
    FACES,
  );
  return part(message, PART.standings);
}

/** The standings line that names dave, and what follows his name on it. */
function daveLine(text: string): string {
  const line = text.split('\n').find((candidate) => candidate.includes('dave'));
  if (!line) throw new Error(`no line names dave:\n${text}`);
  return line;
}

describe('a display name cannot change how the text beside it reads', () => {
  const plain = daveLine(standingsText(finishedWith('dave')));

  it.each(CONTROLS.map((control) => [control.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0'), control]))(
    'U+%s before, inside or after the name is dropped from the seat and from the final standings',
    (_code, control) => {
      for (const name of [`${control}dave`, `da${control}ve`, `dave${control}`, `${control}${control}dave${control}`]) {
        const state = finishedWith(name);
        expect(state.seats.find((seat) => seat.playerId === DAVE)?.name).toBe('dave');
        expect(daveLine(standingsText(state))).toBe(plain);
      }
    },
  );

  it('a name stored before controls were tidied away is drawn without them', () => {
    const tidy = finishedWith('dave');
    const stored: GameState = {
      ...tidy,
      seats: tidy.seats.map((seat) => (seat.playerId === DAVE ? { ...seat, name: '\u202Edave\u2066' } : seat)),
    };
    expect(daveLine(standingsText(stored))).toBe(plain);
  });

  it('a right-to-left name is isolated, so the score after it stays after it', () => {
    const line = standingsText(finishedWith('דוד'));
    expect(line).toContain('\u2068דוד\u2069');
    expect(line).not.toMatch(/[^\u2068]דוד|דוד[^\u2069]/u);
  });

  it('whatever the name, no control survives into the standings', () => {
    const anyName = fc.string({
      unit: fc.oneof(fc.constantFrom(...CONTROLS), fc.constantFrom(...'dave 20 wins\u05D3\u0627')),
      minLength: 1,
      maxLength: 40,
    });
    fc.assert(
      fc.property(anyName, (name) => {
        const text = standingsText(finishedWith(name));
        // Only the isolates the renderer itself puts round a right-to-left name, each pair whole.
        const withoutOwnIsolates = text.replace(/\u2068[^\u2068\u2069]*\u2069/gu, (isolated) => isolated.slice(1, -1));
        expect(withoutOwnIsolates).not.toMatch(BIDI_OR_INVISIBLE);
      }),
      { numRuns: 150 },
    );
  });
});
