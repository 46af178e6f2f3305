import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Database from 'better-sqlite3';
import { Client } from 'discord.js';
import { afterAll, describe, expect, it } from 'vitest';
import { BoardPublisher } from '../../src/bot/board-publisher.js';
import { Cooldowns } from '../../src/bot/cooldowns.js';
import { PURGE_LOBBIES_AFTER_MS } from '../../src/bot/due-turns.js';
import { GameFlow } from '../../src/bot/game-flow.js';
import { HouseRules } from '../../src/bot/house-rules.js';
import { UNICODE_DICE } from '../../src/bot/render/index.js';
import { TurnScheduler } from '../../src/bot/scheduler.js';
import { createGame, DEFAULT_RULES, seededRandom } from '../../src/game/index.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { createLogger } from '../../src/log.js';
import { openSqliteStore } from '../../src/store/index.js';
import { SqliteSettingsStore } from '../../src/store/settings/sqlite-settings-store.js';

const LOBBIES = 100_000;
const GUILD = '900000000000000001';

/**
 * A server where people open and cancel lobbies all day: the bot's own parts (the one path of
 * state changes, the board publisher, the cooldowns, the timers) on a real SQLite file, driven the
 * way the handlers drive them. Rows and memory must stay flat: every in-memory map lets go of a
 * game that ended, and the sweep deletes old lobbies that never started.
 */
describe('a hundred thousand lobbies opened and cancelled', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crag-churn-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leave the rows and the memory flat', { timeout: 300_000 }, async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let clock = Date.UTC(2026, 11, 1);
    const now = () => clock;
    const store = openSqliteStore(join(dir, 'crag.sqlite'), { now });
    const scheduler = new TurnScheduler({ onDue: async () => undefined, now, computerPauseMs: 10 });
    const flow = new GameFlow({ store, scheduler, random: seededRandom(1), now, turnTimerUnitMs: 60_000 });
    const languages = loadLanguages();
    const houseRules = new HouseRules({ store: new SqliteSettingsStore(join(dir, 'crag.sqlite')), languages, now });
    const boards = new BoardPublisher({
      client: new Client({ intents: [] }),
      store,
      houseRules,
      languages,
      log: createLogger('error', () => {}),
      now,
      dice: { faces: UNICODE_DICE },
      boardBack: (game) => scheduler.arm(game),
    });
    const cooldowns = new Cooldowns(now, 10_000);
    const rows = () => {
      const check = new Database(join(dir, 'crag.sqlite'), { readonly: true });
      try {
        return (
          check.prepare('SELECT (SELECT COUNT(*) FROM games) + (SELECT COUNT(*) FROM series) AS n').get() as {
            n: number;
          }
        ).n;
      } finally {
        check.close();
      }
    };
    const heap = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const samples: { lobbies: number; rows: number; heap: number }[] = [];

    for (let i = 0; i < LOBBIES; i += 1) {
      const host = String(100_000_000_000_000_000n + BigInt(i % 1_000));
      const channelId = String(910_000_000_000_000_000n + BigInt(i % 100));
      clock += 1_000;
      if (cooldowns.check('start', host)) throw new Error('a host started twice within the cooldown');
      const opened = await flow.open({
        guildId: GUILD,
        channelId,
        state: createGame(host, DEFAULT_RULES),
        turnTimerSeconds: 300,
        hintsEnabled: true,
      });
      if (!opened.ok) throw new Error(`lobby ${i} refused`);
      boards.willPost(opened.game.id);
      await boards.adopt(opened.game, String(950_000_000_000_000_000n + BigInt(i)), opened.game.state.version);
      const cancelled = await flow.change(opened.game.id, () => ({ type: 'cancel', playerId: host }));
      if (!cancelled.ok) throw new Error(`lobby ${i} could not be cancelled`);
      await boards.landed(cancelled.game);
      if ((i + 1) % 10_000 === 0) {
        // The sweep, every few minutes in the bot: lobbies that ended over a week ago go.
        await store.purgeEndedLobbies(clock - PURGE_LOBBIES_AFTER_MS);
        samples.push({ lobbies: i + 1, rows: rows(), heap: heap() });
        clock += PURGE_LOBBIES_AFTER_MS;
      }
    }
    await store.close();
    const [, second, ...rest] = samples;
    const last = rest.at(-1);
    if (!second || !last) throw new Error('too few samples');
    const heapGrowthMb = (last.heap - second.heap) / 1e6;
    console.log(
      `lobby churn: ${LOBBIES} lobbies; rows ${samples.map((s) => s.rows).join(' → ')}; heap ${samples.map((s) => (s.heap / 1e6).toFixed(1)).join(' → ')} MB`,
    );
    // Each sweep keeps at most the last 10,000 lobbies (those within the week).
    for (const sample of samples) expect(sample.rows).toBeLessThanOrEqual(2 * 10_000);
    expect(last.rows).toBe(second.rows);
    // 80,000 more lobbies: the heap moves by GC noise, not by what they left behind.
    expect(heapGrowthMb).toBeLessThan(3);
    expect(cooldowns.size).toBeLessThanOrEqual(1_000);
  });
});
