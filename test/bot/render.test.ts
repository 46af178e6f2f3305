import { ButtonStyle, ComponentType, MessageFlags } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import {
  allComponents,
  controls,
  currentPlayerId,
  description,
  dice,
  keptFlags,
  part,
  rowChoices,
  title,
  totals,
} from '../../harness/board.js';
import {
  type DiceFaces,
  emojiDice,
  escapeMarkdown,
  type GameView,
  type MessagePayload,
  PART,
  renderAnalysis,
  renderGame,
  renderHint,
  renderLeaderboard,
  renderMoved,
  renderRules,
  renderSheet,
  SCORE_CARD_FILE,
  UNICODE_DICE,
} from '../../src/bot/render/index.js';
import { readMessageFields } from '../../src/emulator/validation/message-body.js';
import {
  applyAction,
  CATEGORY_IDS,
  createGame,
  type GameState,
  type Rules,
  seededRandom,
} from '../../src/game/index.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { play } from './play.js';

const ALICE = '111111111111111111';
const BOB = '222222222222222222';
const EMOJI_IDS = [
  '900000000000000001',
  '900000000000000002',
  '900000000000000003',
  '900000000000000004',
  '900000000000000005',
  '900000000000000006',
];
const EMOJI_DICE: DiceFaces = emojiDice({
  1: { id: EMOJI_IDS[0] ?? '', name: 'crag_d1' },
  2: { id: EMOJI_IDS[1] ?? '', name: 'crag_d2' },
  3: { id: EMOJI_IDS[2] ?? '', name: 'crag_d3' },
  4: { id: EMOJI_IDS[3] ?? '', name: 'crag_d4' },
  5: { id: EMOJI_IDS[4] ?? '', name: 'crag_d5' },
  6: { id: EMOJI_IDS[5] ?? '', name: 'crag_d6' },
});

function view(state: GameState, extra: Partial<GameView> = {}): GameView {
  return {
    gameId: 42,
    state,
    settings: { turnTimerMinutes: 5, hintsEnabled: true, pingsEnabled: true },
    turnDeadline: 1_800_000_000_000,
    ...extra,
  };
}

/**
 * Discord's rules for a Components V2 message, checked by the emulator's own validation (the same
 * code that answers the bot with 400s): at most 40 components and 4,000 characters of text, unique
 * ids and custom_ids, limits on labels and menus, and component emojis only of the application's own.
 */
function expectValidForDiscord(message: MessagePayload): void {
  expect(message.flags).toBe(MessageFlags.IsComponentsV2);
  expect(() =>
    readMessageFields(
      { flags: message.flags, components: message.components, allowed_mentions: message.allowedMentions },
      { knownEmoji: (id) => EMOJI_IDS.includes(id) },
    ),
  ).not.toThrow();
  expect(message.allowedMentions.parse).toEqual([]);
}

const RULES: Rules = { rerolls: 1, thirteen: 'any' };
const en = loadLanguages().english;

/** A game of alice and bob, both named, started, with alice's middle die kept. */
function aliceKeepsOne(): GameState {
  return play(createGame(ALICE, RULES, 'alice'), [
    { type: 'join', playerId: BOB, name: 'bob' },
    { type: 'start', playerId: ALICE },
    { type: 'toggle-keep', playerId: ALICE, die: 1 },
  ]);
}

function finishedGame(): GameState {
  let state = play(createGame(ALICE, RULES, 'alice'), [
    { type: 'join', playerId: BOB, name: 'bob' },
    { type: 'start', playerId: ALICE },
  ]);
  const random = seededRandom(3);
  const rows = [
    'ones',
    'twos',
    'threes',
    'fours',
    'fives',
    'sixes',
    'crag',
    'thirteen',
    'three-of-a-kind',
    'low-straight',
    'high-straight',
    'odd-straight',
    'even-straight',
  ];
  for (const row of rows) {
    for (const player of [ALICE, BOB]) {
      const result = applyAction(state, { type: 'score', playerId: player, category: row }, random);
      if (!result.ok) throw new Error(result.code);
      state = result.state;
    }
  }
  return state;
}

describe('renderers', () => {
  it('draw the lobby with the players named, Join and Leave in one row, Start and Cancel in the next', () => {
    const state = play(createGame(ALICE, RULES, 'alice'), [{ type: 'join', playerId: BOB, name: 'bob' }]);
    const message = renderGame(view(state), en, EMOJI_DICE);
    expectValidForDiscord(message);
    expect(title(message)).toBe('Crag · a new game is open');
    expect(part(message, PART.seats)).toContain('1. alice (host)');
    expect(part(message, PART.seats)).toContain('2. bob');
    const rows = allComponents(message).filter((component) => component.type === ComponentType.ActionRow);
    expect(rows.map((row) => controls({ components: [row] }).map((control) => control.kind))).toEqual([
      ['join', 'leave'],
      ['start', 'cancel'],
    ]);
    expect(part(message, PART.footer)).toBe(
      '-# one reroll · Thirteen: any total of 13 · 5 min per turn · hints on · pings on · game #42',
    );
    const quiet = renderGame(
      view(state, { settings: { turnTimerMinutes: 5, hintsEnabled: false, pingsEnabled: false } }),
      en,
      EMOJI_DICE,
    );
    expect(part(quiet, PART.footer)).toContain('hints off · pings off');
  });

  it('offer Play at the table in a row of its own, only where the table is served', () => {
    const state = play(createGame(ALICE, RULES, 'alice'), [{ type: 'join', playerId: BOB, name: 'bob' }]);
    const kinds = (message: MessagePayload) =>
      allComponents(message)
        .filter((component) => component.type === ComponentType.ActionRow)
        .map((row) => controls({ components: [row] }).map((control) => control.kind));
    const atTable = renderGame(view(state, { atTable: true }), en, EMOJI_DICE);
    expectValidForDiscord(atTable);
    expect(kinds(atTable)).toEqual([['join', 'leave'], ['start', 'cancel'], ['table']]);
    expect(controls(atTable).find((control) => control.kind === 'table')?.label).toBe('Play at the table');
    expect(kinds(renderGame(view(state, { atTable: false }), en, EMOJI_DICE))).toEqual([
      ['join', 'leave'],
      ['start', 'cancel'],
    ]);
  });

  it('draw the board: the dice as emojis, a row each for the dice, Reroll, the menu, and Hint with My sheet', () => {
    const state = aliceKeepsOne();
    const message = renderGame(view(state), en, EMOJI_DICE);
    expectValidForDiscord(message);
    const rolled = state.turn?.rolls[0] ?? [];
    expect(title(message)).toBe('Crag · round 1/13');
    expect(part(message, PART.turn)).toBe(`**alice** (<@${ALICE}>), your turn · 1 reroll left · ⏱ <t:1800000000:R>`);
    expect(currentPlayerId(message)).toBe(ALICE);
    expect(part(message, PART.dice)).toBe(`# ${rolled.map((d) => `<:crag_d${d}:${EMOJI_IDS[d - 1]}>`).join(' ')}`);
    expect(dice(message)).toEqual([...rolled]);
    expect(keptFlags(message)).toEqual([false, true, false]);
    const dieButtons = controls(message).filter((control) => control.kind === 'keep');
    // Emoji alone, a ✓ on the kept one: three of them fit a phone's row.
    expect(dieButtons.map((button) => button.label)).toEqual(['', '✓', '']);
    expect(dieButtons.map((button) => button.style)).toEqual([
      ButtonStyle.Secondary,
      ButtonStyle.Success,
      ButtonStyle.Secondary,
    ]);
    const rows = allComponents(message).filter((component) => component.type === ComponentType.ActionRow);
    expect(rows.map((row) => controls({ components: [row] }).map((control) => control.kind))).toEqual([
      ['keep', 'keep', 'keep'],
      ['reroll'],
      ['score'],
      ['hint', 'sheet'],
    ]);
    const choices = rowChoices(message);
    expect(choices).toHaveLength(13);
    const sixes = rolled.filter((d) => d === 6).length * 6;
    expect(choices.find((choice) => choice.value === 'sixes')?.points).toBe(sixes);
    for (const control of controls(message)) expect(control).toMatchObject({ gameId: 42, version: state.version });
    expect(totals(message)).toEqual(
      new Map([
        ['alice', 0],
        ['bob', 0],
      ]),
    );
    expect(part(message, PART.scoreboard).split('\n')[0]).toBe('▶ alice **0**');
  });

  it('draw the dice as Unicode faces, value in the label, when the bot has no emojis of its own', () => {
    const state = aliceKeepsOne();
    const message = renderGame(view(state), en, UNICODE_DICE);
    expectValidForDiscord(message);
    const rolled = state.turn?.rolls[0] ?? [];
    const faces = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
    expect(part(message, PART.dice)).toBe(`# ${rolled.map((d) => faces[d - 1]).join(' ')}`);
    const labels = controls(message)
      .filter((control) => control.kind === 'keep')
      .map((control) => control.label);
    expect(labels).toEqual(rolled.map((d, i) => `${faces[d - 1]} ${d}${i === 1 ? ' ✓' : ''}`));
    expect(controls(message).every((control) => control.emoji === '')).toBe(true);
    expect(dice(message)).toEqual([...rolled]);
  });

  it('disable keeping and rerolling once no rerolls are left, and offer only open rows', () => {
    const state = play(createGame(ALICE, RULES), [
      { type: 'start', playerId: ALICE },
      { type: 'score', playerId: ALICE, category: 'ones' },
      { type: 'reroll', playerId: ALICE },
    ]);
    const message = renderGame(view(state), en, EMOJI_DICE);
    const byKind = (kind: string) => controls(message).filter((control) => control.kind === kind);
    expect(byKind('keep').every((control) => control.disabled)).toBe(true);
    expect(byKind('reroll')[0]?.disabled).toBe(true);
    expect(rowChoices(message).map((choice) => choice.value)).not.toContain('ones');
    expect(rowChoices(message)).toHaveLength(12);
    expect(part(message, PART.lastMove)).toContain('Ones');
  });

  it('show a computer seat’s turn without controls for the people watching', () => {
    const state = play(createGame(ALICE, RULES, 'alice'), [
      { type: 'add-computer', playerId: ALICE, level: 'optimal' },
      { type: 'start', playerId: ALICE },
      { type: 'score', playerId: ALICE, category: 'ones' },
    ]);
    const message = renderGame(view(state), en, EMOJI_DICE);
    expectValidForDiscord(message);
    expect(rowChoices(message)).toEqual([]);
    expect(currentPlayerId(message)).toBeUndefined();
    expect(part(message, PART.turn)).toContain('🤖 Optimal 1 is playing');
    expect(controls(message).map((control) => control.kind)).not.toContain('hint');
    expect(part(message, PART.scoreboard)).toContain('▶ 🤖 Optimal 1 **0**');
  });

  it('escape every name, so that a nickname can neither format the board nor ping anyone', () => {
    const nasty = '*bold* _it_ ~s~ `c` ||sp|| > q # h -# sub [x](https://e.xyz) \\ <@1> @everyone @here';
    expect(escapeMarkdown(nasty)).toBe(
      '\\*bold\\* \\_it\\_ \\~s\\~ \\`c\\` \\|\\|sp\\|\\| \\> q \\# h \\-\\# sub \\[x\\](https://e.xyz) \\\\ \\<@1\\> @\u200beveryone @\u200bhere',
    );
    const state = play(createGame(ALICE, RULES, nasty), [{ type: 'join', playerId: BOB, name: '# @everyone <@1>' }]);
    const lobby = renderGame(view(state), en, EMOJI_DICE);
    // Cut to Discord's 32 characters when the seat took it, then escaped.
    expect(part(lobby, PART.seats)).toContain(`1. ${escapeMarkdown(Array.from(nasty).slice(0, 32).join(''))} (host)`);
    expect(part(lobby, PART.seats)).toContain('2. \\# @\u200beveryone \\<@1\\>');
    expect(description(lobby)).not.toMatch(/(?<!\\)@everyone|(?<!\\)<@1>/);
  });

  it('name the players of a game from before names were kept by their mentions', () => {
    const state = play(createGame(ALICE, RULES), [
      { type: 'join', playerId: BOB },
      { type: 'start', playerId: ALICE },
    ]);
    const message = renderGame(view(state), en, EMOJI_DICE);
    expect(part(message, PART.turn)).toMatch(new RegExp(`^<@${ALICE}>, your turn`));
    expect(currentPlayerId(message)).toBe(ALICE);
    expect(part(message, PART.scoreboard)).toBe(`▶ <@${ALICE}> **0**\n· <@${BOB}> **0**`);
  });

  it('draw the final standings with shared places, the series, the score card, and Play again until the next game', () => {
    const state = finishedGame();
    expect(state.status).toBe('finished');
    const series = { gameNumber: 2, totals: [{ playerId: ALICE, total: 300, games: 2, wins: 1 }] };
    const message = renderGame(view(state, { series }), en, EMOJI_DICE);
    expectValidForDiscord(message);
    expect(title(message)).toBe('Crag · final standings');
    expect(part(message, PART.series)).toBe('**Series totals after 2 games**\n1. alice **300** · 1 win');
    const gallery = allComponents(message).find((component) => component.id === PART.scoreCard) as unknown as {
      items: { media: { url: string }; description: string }[];
    };
    expect(gallery.items).toEqual([
      {
        media: { url: `attachment://${SCORE_CARD_FILE}` },
        description: 'The score card: every player’s thirteen rows, totals and places',
      },
    ]);
    expect([...totals(message).keys()].sort()).toEqual(['alice', 'bob']);
    expect(controls(message).map((control) => control.kind)).toEqual(['again', 'analysis', 'sheet']);
    const after = renderGame(view(state, { series, nextGameStarted: true }), en, EMOJI_DICE);
    expect(controls(after).map((control) => control.kind)).toEqual(['analysis', 'sheet']);
  });

  it('draw an ended game without controls', () => {
    const state = play(createGame(ALICE, RULES), [{ type: 'cancel', playerId: ALICE }]);
    const message = renderGame(view(state), en, EMOJI_DICE);
    expectValidForDiscord(message);
    expect(controls(message)).toEqual([]);
    expect(part(message, PART.body)).toContain('counts for nobody');
  });

  it('draw a replaced board as a pointer to the new one, without controls', () => {
    const message = renderMoved(42, 'https://discord.com/channels/1/2/3', en);
    expectValidForDiscord(message);
    expect(controls(message)).toEqual([]);
    expect(part(message, PART.body)).toBe('This game’s board moved: https://discord.com/channels/1/2/3');
  });

  it('draw sheets, the rules card, hints, the analysis and the leaderboard within Discord’s limits', () => {
    const state = play(createGame(ALICE, RULES, 'alice'), [
      { type: 'start', playerId: ALICE },
      { type: 'score', playerId: ALICE, category: 'sixes' },
    ]);
    const sheet = renderSheet(state, ALICE, en);
    expectValidForDiscord(sheet);
    expect(part(sheet, PART.body)).toMatch(/^alice · 1\/13 rows filled · Total \d+$/);
    expect(description(sheet)).toContain('**Sixes**');
    expect(description(sheet)).toContain('Crag: open (max 50)');
    expect(allComponents(sheet).some((component) => component.id === PART.scoreCard)).toBe(true);
    const rules = renderRules({ rerolls: 2, thirteen: 'no-pair' }, 'game', en);
    expectValidForDiscord(rules);
    expect(description(rules)).toContain('with no pair');
    expect(description(rules)).toContain('up to 2 times');
    const hint = renderHint(state, en, EMOJI_DICE);
    if (typeof hint === 'string') throw new Error('a hint was expected');
    expectValidForDiscord(hint);
    expect(title(hint)).toMatch(/^Hint for (<:crag_d\d:\d+> ?){3}$/);
    const analysis = renderAnalysis(finishedGame(), ALICE, en);
    expectValidForDiscord(analysis);
    expect(part(analysis, PART.body)).toMatch(/^alice \*\*\d+\*\* · skill/m);
    const rows = Array.from({ length: 10 }, (_, i) => ({
      rank: i + 1,
      playerId: `10000000000000000${i}`,
      name: null,
      total: 1000 - i,
      games: 5,
      wins: 1,
      average: 200 - i / 5,
      best: 230,
    }));
    const own = { rank: 14, playerId: ALICE, name: null, total: 10, games: 1, wins: 0, average: 10, best: 10 };
    const board = renderLeaderboard(
      {
        scope: 'server',
        rules: { rerolls: 1, thirteen: 'any' },
        period: { period: 'all' },
        rankBy: 'total',
        minGames: 1,
      },
      rows,
      own,
      en,
    );
    expectValidForDiscord(board);
    expect(part(board, PART.body).split('\n')).toHaveLength(12);
    expect(part(board, PART.body)).toContain(`**14.** <@${ALICE}>`);
  });

  it('keep a five-player board and final standings with long names within 40 components and 4,000 characters', () => {
    const names = ['Ж'.repeat(40), '*'.repeat(40), '@everyone'.repeat(5), '🎲'.repeat(40), 'x'.repeat(40)];
    const people = names.map((_, i) => `3000000000000000${i}0`);
    let state = createGame(people[0] ?? '', { rerolls: 2, thirteen: 'any' }, names[0]);
    state = play(state, [
      ...people.slice(1).map((playerId, i) => ({ type: 'join' as const, playerId, name: names[i + 1] })),
      { type: 'start', playerId: people[0] ?? '' },
    ]);
    const board = renderGame(view(state), en, EMOJI_DICE);
    expectValidForDiscord(board);
    const random = seededRandom(9);
    while (state.status === 'playing') {
      const seat = state.seats[state.currentSeat];
      const open = CATEGORY_IDS.find((row) => state.sheets[seat?.playerId ?? '']?.[row] === undefined);
      const result = applyAction(
        state,
        { type: 'score', playerId: seat?.playerId ?? '', category: open ?? '' },
        random,
      );
      if (!result.ok) throw new Error(result.code);
      state = result.state;
    }
    const series = { gameNumber: 9, totals: people.map((playerId) => ({ playerId, total: 9999, games: 9, wins: 3 })) };
    expectValidForDiscord(renderGame(view(state, { series }), en, EMOJI_DICE));
  });
});
