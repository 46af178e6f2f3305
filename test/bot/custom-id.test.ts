import { describe, expect, it } from 'vitest';
import { type ComponentAction, decodeComponentId, encodeComponentId } from '../../src/bot/custom-id.js';

const ACTIONS: ComponentAction[] = [
  { kind: 'join' },
  { kind: 'leave' },
  { kind: 'start' },
  { kind: 'cancel' },
  { kind: 'keep', die: 0 },
  { kind: 'keep', die: 1 },
  { kind: 'keep', die: 2 },
  { kind: 'reroll' },
  { kind: 'score' },
  { kind: 'sheet' },
  { kind: 'hint' },
  { kind: 'again' },
  { kind: 'analysis' },
  { kind: 'share' },
  { kind: 'table' },
];

describe('custom_id codec', () => {
  it('round-trips every action with the game id and state version', () => {
    for (const action of ACTIONS) {
      const id = { gameId: 4821, version: 77, action };
      expect(decodeComponentId(encodeComponentId(id))).toEqual(id);
    }
  });

  it('stays within Discord’s 100 characters for the largest ids', () => {
    const id = encodeComponentId({
      gameId: Number.MAX_SAFE_INTEGER,
      version: Number.MAX_SAFE_INTEGER,
      action: { kind: 'analysis' },
    });
    expect(id.length).toBeLessThanOrEqual(100);
    expect(decodeComponentId(id)?.gameId).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('gives the exact text format, so old boards keep working after an upgrade', () => {
    expect(encodeComponentId({ gameId: 12, version: 3, action: { kind: 'keep', die: 2 } })).toBe('crag:12:3:keep:2');
    expect(encodeComponentId({ gameId: 12, version: 3, action: { kind: 'reroll' } })).toBe('crag:12:3:reroll');
  });

  it.each([
    '',
    'crag',
    'crag:12:3',
    'crag:12:3:fly',
    'crag:12:3:keep',
    'crag:12:3:keep:3',
    'crag:12:3:keep:-1',
    'crag:12:3:reroll:1',
    'crag:12:3:reroll:',
    'crag:0:3:reroll',
    'crag:12:0:reroll',
    'crag:012:3:reroll',
    'crag:1e3:3:reroll',
    'crag:-12:3:reroll',
    'crag:12:3.5:reroll',
    'crag:99999999999999999:3:reroll',
    'yatzy:12:3:reroll',
    'crag:12:3:join:extra:parts',
    `crag:12:3:${'x'.repeat(100)}`,
    'crag:12:3:__proto__',
    'crag:12:3:constructor',
  ])('rejects %j', (customId) => {
    expect(decodeComponentId(customId)).toBeUndefined();
  });
});
