import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { NotifyAssembler, notifyParts, PART_BYTES } from '../../src/activity/notify-parts.js';
import type { ToServer } from '../../src/activity/relay-messages.js';
import { tableView } from '../../src/activity/table-view.js';
import { applyAction, createGame, DEFAULT_RULES, type GameState, MAX_SEATS } from '../../src/game/index.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { projectPath } from '../../src/project-path.js';
import type { StoredGame } from '../../src/store/index.js';

/** PostgreSQL's limit on a NOTIFY payload. */
const NOTIFY_LIMIT_BYTES = 8000;
const languages = loadLanguages();
const LOCALES = fs.readdirSync(projectPath('locales')).map((file) => file.replace(/\.json$/, ''));

/** A full table mid-game: every seat taken, names at Discord's 32 characters, of wide characters. */
function fullTable(): GameState {
  const name = (i: number) => `${'Ж'.repeat(30)}${i}`;
  let state = createGame('100000000000000000', DEFAULT_RULES, name(0));
  for (let i = 1; i < MAX_SEATS; i += 1) {
    const joined = applyAction(state, { type: 'join', playerId: `10000000000000000${i}`, name: name(i) }, () => 0);
    if (!joined.ok) throw new Error(joined.code);
    state = joined.state;
  }
  const started = applyAction(state, { type: 'start', playerId: '100000000000000000' }, () => 0);
  if (!started.ok) throw new Error(started.code);
  return started.state;
}

describe('NOTIFY parts', () => {
  test('a relayed view of a full table, in every language, goes in parts under the limit and comes back whole', () => {
    const game = { id: 7, guildId: '1', channelId: '2', state: fullTable() } as unknown as StoredGame;
    let largest = 0;
    for (const locale of LOCALES) {
      const view = tableView(game, '100000000000000000', languages.translator(locale));
      const body: ToServer = { kind: 'send', conn: crypto.randomUUID(), message: { type: 'table', table: view } };
      const text = JSON.stringify(body);
      largest = Math.max(largest, Buffer.byteLength(text));
      const parts = notifyParts(text);
      for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThan(NOTIFY_LIMIT_BYTES);
      const assembler = new NotifyAssembler();
      const out = [...parts].reverse().map((part) => assembler.add(part));
      expect(out.filter((whole) => whole !== undefined)).toEqual([text]);
    }
    // docs/activity.md quotes the figure: 3.7 KB at most today, one part; parts keep it safe as views grow.
    expect(largest).toBeGreaterThan(2_000);
    expect(largest).toBeLessThan(4 * PART_BYTES);
  });

  test('splits on characters, never inside one, and hands each message out once', () => {
    const text = '🎲é'.repeat(5_000);
    const parts = notifyParts(text, 1_001);
    expect(parts.length).toBeGreaterThan(10);
    const assembler = new NotifyAssembler();
    const wholes = [...parts, parts[0] as string].map((part) => assembler.add(part));
    expect(wholes.filter((whole) => whole !== undefined)).toEqual([text]);
  });

  test('refuses junk, and forgets a message whose parts do not all come', () => {
    let now = 0;
    const assembler = new NotifyAssembler(() => now);
    expect(assembler.add('not a part')).toBeUndefined();
    const [first, second] = notifyParts('x'.repeat(30), 10);
    expect(assembler.add(first as string)).toBeUndefined();
    now = 20_000;
    expect(assembler.add(notifyParts('y', 10)[0] as string)).toBe('y');
    expect(assembler.add(second as string)).toBeUndefined();
  });

  test('refuses a part whose count disagrees with its message’s first part', () => {
    const assembler = new NotifyAssembler();
    const [first, second] = notifyParts('x'.repeat(30), 10) as [string, string, string];
    const [id] = first.split(':');
    expect(assembler.add(first)).toBeUndefined();
    expect(assembler.add(`${id}:5:9:injected`)).toBeUndefined();
    expect(assembler.add(second)).toBeUndefined();
  });
});
