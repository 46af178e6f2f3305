import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_RULE_SETS, type ComputerLevel, seededRandom, standings } from '../../src/game/index.js';
import { type Rating, rateGame } from '../../src/ratings/index.js';
import { ruleSetKey } from '../../src/stats/rule-sets.js';
import type { GameStore } from '../../src/store/index.js';
import { BACKENDS, type TestDatabase } from './backends.js';
import type { GamePlan } from './drive-game.js';
import { playThroughStore } from './helpers.js';

const GUILDS = ['900000000000000001', '900000000000000002'] as const;
const PEOPLE = ['100000000000000001', '100000000000000002', '100000000000000003', '100000000000000004'];
const LEVELS: readonly ComputerLevel[] = ['easy', 'optimal', 'strong'];

describe.each(BACKENDS)('$name: ratings kept as games end', (backend) => {
  let db: TestDatabase;
  let store: GameStore;
  beforeAll(async () => {
    db = await backend.fresh();
    store = await db.open();
  });
  afterAll(async () => {
    await store?.close();
    await db?.remove();
  });

  it('rates each game of two or more people as it ends, across servers, and a rebuild gives exactly the stored values', async () => {
    const random = seededRandom(43);
    const expected = new Map<string, Rating & { games: number }>();
    let rated = 0;
    for (let n = 0; n < 24; n += 1) {
      const humans = [...PEOPLE].sort(() => random(3) - 1).slice(0, 1 + random(4));
      const seatsLeft = 5 - humans.length;
      const computers = Array.from(
        { length: random(2) === 0 ? Math.min(1 + random(2), seatsLeft) : 0 },
        () => LEVELS[random(3)]!,
      );
      const rules = ALL_RULE_SETS[random(2)]!;
      const plan: GamePlan = {
        seed: 4300 + n,
        humans,
        computers,
        rules,
        ...(n % 7 === 3 ? { cancelAtRound: 4 } : {}),
      };
      const guildId = GUILDS[n % 2]!;
      const game = await playThroughStore(store, { guildId, channelId: `91000000000000000${n % 4}` }, plan);
      if (game.state.status !== 'finished' || humans.length < 2) continue;
      rated += 1;
      // What the store should hold now: this game rated from the ratings before it.
      const key = ruleSetKey(rules);
      const seats = standings(game.state).map((standing) => ({
        playerId: standing.playerId,
        place: standing.place,
        isComputer: standing.computer !== null,
      }));
      for (const [id, after] of rateGame(seats, (id) => expected.get(`${key} ${id}`))) {
        expected.set(`${key} ${id}`, { ...after, games: (expected.get(`${key} ${id}`)?.games ?? 0) + 1 });
      }
    }
    expect(rated).toBeGreaterThan(5);
    const stored = await db.rows<{ rules: string; rated_id: string; mu: number; sigma: number; games: number }>(
      'SELECT rules, rated_id, mu, sigma, games FROM ratings ORDER BY rules, rated_id',
    );
    expect(
      new Map(
        stored.map((row) => [
          `${row.rules} ${row.rated_id}`,
          { mu: row.mu, sigma: row.sigma, games: Number(row.games) },
        ]),
      ),
    ).toEqual(expected);
    expect(await store.rebuildRatings({ write: false })).toEqual({
      games: rated,
      ratings: expected.size,
      differing: 0,
    });

    // The leaderboard: people only, by μ − 3σ; the computers are rated beside them, never ranked.
    const key = ruleSetKey(ALL_RULE_SETS[0]!);
    const byGuild = await Promise.all(GUILDS.map((guildId) => store.ratingLeaders(key, guildId, 10)));
    const guildIndex = byGuild.findIndex((list) => list.length > 0);
    expect(guildIndex).toBeGreaterThanOrEqual(0);
    const guild = GUILDS[guildIndex]!;
    const leaders = byGuild[guildIndex]!;
    expect(leaders.every((line) => !line.ratedId.startsWith('computer:'))).toBe(true);
    // Only this server's people: someone who played these rules only in the other server is not listed.
    const here = new Set(
      await db
        .rows<{ player_id: string }>(
          `SELECT player_id FROM player_stats WHERE guild_id = '${guild}' AND period = 'all' AND rules = '${key}'`,
        )
        .then((rows) => rows.map((row) => row.player_id)),
    );
    expect(leaders.every((line) => here.has(line.ratedId))).toBe(true);
    const values = leaders.map((line) => line.mu - 3 * line.sigma);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const someone = leaders[0]!;
    const trend = await store.ratingTrend(key, someone.ratedId, 100);
    expect(trend).toHaveLength(someone.games);
    expect(trend.at(-1)).toEqual({ mu: someone.mu, sigma: someone.sigma });
    const { name: _name, ...rating } = someone;
    expect((await store.ratingsOf(someone.ratedId)).find((line) => line.rules === key)).toEqual(rating);
  });

  /** A change made behind the store's back, on a connection of its own. */
  async function tamper(sql: string, ...params: unknown[]): Promise<void> {
    if (db.dialect === 'postgres') return void (await db.rows(sql, ...params));
    const writer = new Database(db.location);
    writer.prepare(sql).run(...params);
    writer.close();
  }

  it('a rebuild finds a rating changed behind its back and puts it back', async () => {
    const [line] = await db.rows<{ rules: string; rated_id: string; mu: number }>(
      'SELECT rules, rated_id, mu FROM ratings ORDER BY rules, rated_id LIMIT 1',
    );
    if (!line) throw new Error('no ratings');
    const before = await store.ratingsOf(line.rated_id);
    await tamper('UPDATE ratings SET mu = mu + 1 WHERE rules = ? AND rated_id = ?', line.rules, line.rated_id);
    const found = await store.rebuildRatings({ write: true });
    expect(found.differing).toBe(1);
    expect(await store.rebuildRatings({ write: false })).toMatchObject({ differing: 0 });
    expect(await store.ratingsOf(line.rated_id)).toEqual(before);
  });
});
