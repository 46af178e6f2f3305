import { describe, expect, it } from 'vitest';
import { applyHouseRules, channelAllowed } from '../../src/settings/start-options.js';
import { changesBetween, parseSettings, withSettings } from '../../src/settings/values.js';

const LISTED = '910000000000000001';
const OTHER = '910000000000000002';
const GONE = '910000000000000003';

describe('applyHouseRules', () => {
  it('fills only the options left out, and names the defaults it used', () => {
    const settings = { 'defaults.rerolls': 2, 'defaults.hints': false } as const;
    expect(applyHouseRules({ rerolls: null, hints: null }, settings)).toEqual({
      ok: true,
      options: { rerolls: 2, hints: false },
      fromServer: ['defaults.rerolls', 'defaults.hints'],
    });
    expect(applyHouseRules({ rerolls: 1, hints: true }, settings)).toEqual({
      ok: true,
      options: { rerolls: 1, hints: true },
      fromServer: [],
    });
  });

  it('refuses what a limit forbids, naming it, and holds a default to the limit', () => {
    expect(applyHouseRules({ computers: 2 }, { 'limits.computers-allowed': false })).toEqual({
      ok: false,
      breach: { limit: 'limits.computers-allowed' },
    });
    expect(applyHouseRules({}, { 'defaults.computers': 1, 'limits.computers-allowed': false })).toMatchObject({
      ok: false,
    });
    expect(applyHouseRules({ computers: 0 }, { 'limits.computers-allowed': false }).ok).toBe(true);
    expect(applyHouseRules({ hints: true }, { 'limits.hints-allowed': false })).toEqual({
      ok: false,
      breach: { limit: 'limits.hints-allowed' },
    });
    expect(applyHouseRules({}, { 'defaults.hints': true, 'limits.hints-allowed': false })).toMatchObject({
      ok: true,
      options: { hints: false },
    });
    expect(applyHouseRules({ 'turn-timer': 20 }, { 'limits.max-turn-timer': 10 })).toEqual({
      ok: false,
      breach: { limit: 'limits.max-turn-timer', max: 10 },
    });
    expect(applyHouseRules({}, { 'limits.max-turn-timer': 3 })).toEqual({
      ok: true,
      options: { 'turn-timer': 3 },
      fromServer: ['limits.max-turn-timer'],
    });
    expect(applyHouseRules({ 'turn-timer': 8 }, { 'limits.max-turn-timer': 10 })).toMatchObject({
      ok: true,
      fromServer: [],
    });
  });
});

describe('channelAllowed', () => {
  const exists = (id: string) => id !== GONE;
  it('allows everywhere without a list, in a listed channel and under it', () => {
    expect(channelAllowed({}, { channelId: OTHER, parentId: null }, exists).allowed).toBe(true);
    const settings = { channels: [LISTED, GONE] };
    expect(channelAllowed(settings, { channelId: LISTED, parentId: null }, exists).allowed).toBe(true);
    expect(channelAllowed(settings, { channelId: '920000000000000001', parentId: LISTED }, exists).allowed).toBe(true);
    expect(channelAllowed(settings, { channelId: OTHER, parentId: null }, exists)).toEqual({
      allowed: false,
      channels: [LISTED],
    });
  });

  it('treats a list of deleted channels as none', () => {
    expect(channelAllowed({ channels: [GONE] }, { channelId: OTHER, parentId: null }, exists).allowed).toBe(true);
  });
});

describe('setting values', () => {
  it('keep only what this bot can use, and an empty channel list is no list', () => {
    expect(parseSettings({ 'defaults.rerolls': 3, 'defaults.level': 'strong', later: true, channels: [] })).toEqual({
      'defaults.level': 'strong',
    });
    expect(parseSettings('not an object')).toEqual({});
    expect(withSettings({ language: 'ru' }, { language: undefined, 'defaults.thread': true })).toEqual({
      'defaults.thread': true,
    });
  });

  it('list each setting that changed, old and new (null: the default)', () => {
    expect(
      changesBetween({ 'defaults.rerolls': 2, language: 'ru' }, { 'defaults.rerolls': 1, channels: [LISTED] }),
    ).toEqual([
      { setting: 'defaults.rerolls', oldValue: 2, newValue: 1 },
      { setting: 'channels', oldValue: null, newValue: [LISTED] },
      { setting: 'language', oldValue: 'ru', newValue: null },
    ]);
  });
});
