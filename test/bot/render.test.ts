import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { decodeComponentId } from '../../src/bot/custom-id.js';
import {
  type GameView,
  type MessagePayload,
  renderGame,
  renderLeaderboard,
  renderRules,
  renderSheet,
} from '../../src/bot/render/index.js';
import { applyAction, createGame, type GameState, type Rules, seededRandom } from '../../src/game/index.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { play } from './play.js';

const ALICE = '111111111111111111';
const BOB = '222222222222222222';

function view(state: GameState, extra: Partial<GameView> = {}): GameView {
  return {
    gameId: 42,
    state,
    settings: { turnTimerMinutes: 5, hintsEnabled: true },
    turnDeadline: 1_800_000_000_000,
    ...extra,
  };
}

/** Discord's limits on a message, as its API enforces them. */
function expectWithinDiscordLimits(message: MessagePayload): void {
  expect(message.components.length).toBeLessThanOrEqual(5);
  const ids = new Set<string>();
  for (const row of message.components) {
    expect(row.type).toBe(ComponentType.ActionRow);
    const selects = row.components.filter((c) => c.type === ComponentType.StringSelect);
    if (selects.length > 0) expect(row.components).toHaveLength(1);
    else expect(row.components.length).toBeGreaterThanOrEqual(1);
    expect(row.components.length).toBeLessThanOrEqual(5);
    for (const component of row.components) {
      if (!('custom_id' in component)) continue;
      expect(component.custom_id.length).toBeGreaterThan(0);
      expect(component.custom_id.length).toBeLessThanOrEqual(100);
      expect(ids.has(component.custom_id)).toBe(false);
      ids.add(component.custom_id);
      if (component.type === ComponentType.Button) expect((component.label ?? '').length).toBeLessThanOrEqual(80);
      if (component.type === ComponentType.StringSelect) {
        expect(component.options.length).toBeGreaterThanOrEqual(1);
        expect(component.options.length).toBeLessThanOrEqual(25);
        for (const option of component.options) {
          expect(option.label.length).toBeLessThanOrEqual(100);
          expect(option.value.length).toBeLessThanOrEqual(100);
          expect((option.description ?? '').length).toBeLessThanOrEqual(100);
        }
      }
    }
  }
  for (const embed of message.embeds) {
    expect((embed.title ?? '').length).toBeLessThanOrEqual(256);
    expect((embed.description ?? '').length).toBeLessThanOrEqual(4096);
    expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(25);
  }
}

function buttons(message: MessagePayload) {
  return message.components.flatMap((row) => row.components).filter((c) => c.type === ComponentType.Button);
}

function select(message: MessagePayload) {
  return message.components.flatMap((row) => row.components).find((c) => c.type === ComponentType.StringSelect);
}

const RULES: Rules = { rerolls: 1, thirteen: 'any' };
const en = loadLanguages().english;

describe('renderers', () => {
  it('draws the lobby with the players and the four lobby buttons', () => {
    const state = play(createGame(ALICE, RULES), [{ type: 'join', playerId: BOB }]);
    const message = renderGame(view(state), en);
    expectWithinDiscordLimits(message);
    expect(message.embeds[0]?.description).toContain(`<@${ALICE}> (host)`);
    expect(message.embeds[0]?.description).toContain(`<@${BOB}>`);
    expect(
      buttons(message).map((b) => ('custom_id' in b ? decodeComponentId(b.custom_id)?.action.kind : undefined)),
    ).toEqual(['join', 'leave', 'start', 'cancel']);
    expect(message.allowedMentions.parse).toEqual([]);
  });

  it('draws the board: dice buttons with faces, reroll, and each open row with its points now', () => {
    const state = play(createGame(ALICE, RULES), [
      { type: 'join', playerId: BOB },
      { type: 'start', playerId: ALICE },
      { type: 'toggle-keep', playerId: ALICE, die: 1 },
    ]);
    const message = renderGame(view(state), en);
    expectWithinDiscordLimits(message);
    const dice = state.turn?.rolls[0] ?? [];
    const [die0, die1, die2, reroll] = buttons(message);
    expect(die0 && 'label' in die0 ? die0.label : '').toContain(String(dice[0]));
    expect(die2 && 'label' in die2 ? die2.label : '').toContain(String(dice[2]));
    expect(die1 && 'style' in die1 ? die1.style : undefined).toBe(ButtonStyle.Success);
    expect(die0 && 'style' in die0 ? die0.style : undefined).toBe(ButtonStyle.Secondary);
    expect(reroll && 'disabled' in reroll ? reroll.disabled : undefined).toBe(false);
    const menu = select(message);
    expect(menu?.options).toHaveLength(13);
    const sixes = dice.filter((d) => d === 6).length * 6;
    expect(menu?.options.find((o) => o.value === 'sixes')?.label).toBe(`Sixes · ${sixes}`);
    for (const b of buttons(message)) {
      if ('custom_id' in b)
        expect(decodeComponentId(b.custom_id)).toMatchObject({ gameId: 42, version: state.version });
    }
    expect(message.embeds[0]?.title).toBe('Crag · round 1/13');
    expect(message.embeds[0]?.description).toContain(`<@${ALICE}>, your turn`);
    expect(message.embeds[0]?.description).toContain('<t:1800000000:R>');
  });

  it('disables keeping and rerolling once no rerolls are left, and offers only open rows', () => {
    const state = play(createGame(ALICE, RULES), [
      { type: 'start', playerId: ALICE },
      { type: 'score', playerId: ALICE, category: 'ones' },
      { type: 'reroll', playerId: ALICE },
    ]);
    const message = renderGame(view(state), en);
    const [die0, , , reroll] = buttons(message);
    expect(die0 && 'disabled' in die0 ? die0.disabled : undefined).toBe(true);
    expect(reroll && 'disabled' in reroll ? reroll.disabled : undefined).toBe(true);
    expect(select(message)?.options.map((o) => o.value)).not.toContain('ones');
    expect(select(message)?.options).toHaveLength(12);
    expect(message.embeds[0]?.description).toContain('Ones');
  });

  it('shows a computer seat’s turn without controls for the people watching', () => {
    const state = play(createGame(ALICE, RULES), [
      { type: 'add-computer', playerId: ALICE, level: 'optimal' },
      { type: 'start', playerId: ALICE },
      { type: 'score', playerId: ALICE, category: 'ones' },
    ]);
    const message = renderGame(view(state), en);
    expectWithinDiscordLimits(message);
    expect(select(message)).toBeUndefined();
    expect(message.embeds[0]?.description).toContain('🤖 Optimal 1 is playing');
    expect(
      buttons(message).filter((b) => 'custom_id' in b && decodeComponentId(b.custom_id)?.action.kind === 'hint'),
    ).toHaveLength(0);
  });

  it('draws the final standings with shared places, and drops Play again once the next game started', () => {
    let state = play(createGame(ALICE, RULES), [
      { type: 'join', playerId: BOB },
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
    expect(state.status).toBe('finished');
    const series = { gameNumber: 2, totals: [{ playerId: ALICE, total: 300, games: 2, wins: 1 }] };
    const message = renderGame(view(state, { series }), en);
    expectWithinDiscordLimits(message);
    expect(message.embeds[0]?.title).toBe('Crag · final standings');
    expect(message.embeds[0]?.fields?.[0]?.name).toBe('Series totals after 2 games');
    const kinds = buttons(message).map((b) => ('custom_id' in b ? decodeComponentId(b.custom_id)?.action.kind : ''));
    expect(kinds).toContain('again');
    const after = renderGame(view(state, { series, nextGameStarted: true }), en);
    expect(
      buttons(after).map((b) => ('custom_id' in b ? decodeComponentId(b.custom_id)?.action.kind : '')),
    ).not.toContain('again');
  });

  it('draws an ended game without controls', () => {
    const state = play(createGame(ALICE, RULES), [{ type: 'cancel', playerId: ALICE }]);
    const message = renderGame(view(state), en);
    expect(message.components).toEqual([]);
    expect(message.embeds[0]?.description).toContain('counts for nobody');
  });

  it('draws sheets, the rules card and the leaderboard within Discord’s limits', () => {
    const state = play(createGame(ALICE, RULES), [
      { type: 'start', playerId: ALICE },
      { type: 'score', playerId: ALICE, category: 'sixes' },
    ]);
    const sheet = renderSheet(state, ALICE, en).embeds?.[0];
    expect(sheet?.description).toContain('**Sixes**');
    expect(sheet?.description).toContain('Crag: open (max 50)');
    const rules = renderRules({ rerolls: 2, thirteen: 'no-pair' }, 'game', en).embeds?.[0];
    expect(rules?.description).toContain('with no pair');
    expect(rules?.description).toContain('up to 2 times');
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
    const board = renderLeaderboard(
      {
        scope: 'server',
        rules: { rerolls: 1, thirteen: 'any' },
        period: { period: 'all' },
        rankBy: 'total',
        minGames: 1,
      },
      rows,
      {
        rank: 14,
        playerId: ALICE,
        name: null,
        total: 10,
        games: 1,
        wins: 0,
        average: 10,
        best: 10,
      },
      en,
    ).embeds?.[0];
    expect(board?.description?.split('\n')).toHaveLength(12);
    expect(board?.description).toContain(`**14.** <@${ALICE}>`);
    expect((board?.description ?? '').length).toBeLessThanOrEqual(4096);
  });
});
