import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { REST, Routes } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { PERSISTING_COMMAND } from '../../bench/baseline-board.js';
import { PERSISTING_IDS, type Sheet, startPersistingBaseline } from '../../bench/persisting-baseline.js';
import { PersistingTable } from '../../bench/tables.js';
import { allComponents } from '../../harness/board.js';
import { createWorld } from '../../harness/kit/world.js';
import { emojiDice, type GameView, renderGame } from '../../src/bot/render/index.js';
import { type Emulator, startEmulator } from '../../src/emulator/index.js';
import { createGame, type GameState } from '../../src/game/index.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { play } from '../bot/play.js';

type AnyComponent = ReturnType<typeof allComponents>[number];

/** Every text a person reads on a message: its displays, labels, menu options and placeholder. */
function textLength(components: readonly AnyComponent[]): number {
  const strings = components.flatMap((c) => {
    const { content, label, placeholder, options } = c as AnyComponent & Record<string, unknown>;
    const fromOptions = ((options ?? []) as readonly { label: string; description?: string }[]).flatMap((o) => [
      o.label,
      o.description ?? '',
    ]);
    return [content, label, placeholder, ...fromOptions].filter((s): s is string => typeof s === 'string');
  });
  return strings.reduce((sum, s) => sum + s.length, 0);
}

/** The bot's own board for three players, alice to act again after a row each: what it draws in play. */
function botBoard(): AnyComponent[] {
  const [alice, bob, carol] = ['111111111111111111', '222222222222222222', '333333333333333333'];
  const state: GameState = play(createGame(alice, { rerolls: 1, thirteen: 'any' }, 'player-0-0'), [
    { type: 'join', playerId: bob, name: 'player-0-1' },
    { type: 'join', playerId: carol, name: 'player-0-2' },
    { type: 'start', playerId: alice },
    { type: 'score', playerId: alice, category: 'ones' },
    { type: 'score', playerId: bob, category: 'ones' },
    { type: 'score', playerId: carol, category: 'ones' },
  ]);
  const faces = emojiDice(
    Object.fromEntries(
      [1, 2, 3, 4, 5, 6].map((d) => [d, { id: `90000000000000000${d}`, name: `crag_d${d}` }]),
    ) as never,
  );
  const view: GameView = {
    gameId: 42,
    state,
    settings: { turnTimerMinutes: 5, hintsEnabled: true, pingsEnabled: true },
    turnDeadline: 1_800_000_000_000,
  };
  return allComponents(renderGame(view, loadLanguages().english, faces) as never);
}

describe('the persisting baseline', () => {
  let discord: Emulator | undefined;
  let close: (() => Promise<void>) | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persisting-baseline-'));
  afterEach(async () => {
    await close?.();
    await discord?.stop();
  });

  it('stores the sheet of every press in its SQLite file and draws a board of the bot’s size', async () => {
    discord = await startEmulator({ rateLimits: true });
    const { apps, tables } = createWorld(discord, {
      apps: ['Persisting baseline'],
      tables: 1,
      tablesPerServer: 1,
      peopleAt: () => 3,
      shards: 1,
      label: 'player',
      serverName: 'Dice night',
      channelName: () => 'crag',
    });
    const app = apps[0]!;
    const table = tables[0]!;
    await new REST({ api: discord.apiUrl })
      .setToken(app.token)
      .put(Routes.applicationCommands(app.id), { body: [PERSISTING_COMMAND] });
    const databasePath = path.join(dir, 'sheets.sqlite');
    const contender = await startPersistingBaseline({ token: app.token, api: discord.apiUrl, databasePath });
    close = contender.close;

    const players = table.people.map((person) => person.id);
    const posted = await discord.runCommand({ user: players[0]!, channel: table.channelId, name: 'bench' });
    expect(posted.ack).toBe('reply');
    const boardId = posted.message!.id;
    const driven = new PersistingTable(discord, boardId, players);
    // Three turns of keep, reroll, score: each player scores one row.
    for (let i = 0; i < 9; i += 1) {
      const click = driven.next();
      const outcome = await click.send();
      expect(outcome.ack, `${click.kind}: ${outcome.error ?? ''}`).toBe(click.expect);
    }

    // Another connection reads the file the bot wrote: the sheet is there, before the bot stops.
    const reader = new Database(databasePath, { readonly: true });
    const row = reader.prepare('SELECT sheet FROM sheets WHERE channel_id = ?').get(table.channelId) as {
      sheet: string;
    };
    reader.close();
    const sheet = JSON.parse(row.sheet) as Sheet;
    expect(sheet.seats.map((seat) => seat.id)).toEqual(players);
    expect(sheet.seats.map((seat) => Object.keys(seat.rows).length)).toEqual([1, 1, 1]);
    expect(sheet.seat).toBe(0);

    const shown = allComponents(discord.message(boardId)!);
    const bot = botBoard();
    expect(shown.length).toBe(bot.length);
    expect(shown.map((c) => c.type).sort()).toEqual(bot.map((c) => c.type).sort());
    // The same text to within a tenth: names and numbers differ, not the amount drawn.
    expect(Math.abs(textLength(shown) / textLength(bot) - 1)).toBeLessThan(0.1);
    expect(shown.filter((c) => c.type === 2).map((c) => (c as { custom_id?: string }).custom_id)).toContain(
      PERSISTING_IDS.reroll,
    );
  });
});
