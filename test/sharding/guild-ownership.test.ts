import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coversGuild } from '../../src/emulator/gateway/session.js';
import { coversEveryShard, ownedGuilds, partOfTheShards, shardOfGuild } from '../../src/sharding/guild-ownership.js';

/** Snowflakes as Discord makes them: 42 bits of milliseconds since 2015, then 22 bits of worker and sequence. */
const snowflake = fc
  .tuple(fc.bigInt({ min: 0n, max: (1n << 42n) - 1n }), fc.bigInt({ min: 0n, max: (1n << 22n) - 1n }))
  .map(([ms, low]) => ((ms << 22n) | low).toString());

describe('shardOfGuild', () => {
  it("is (guild_id >> 22) % total, as in Discord's documentation", () => {
    // docs/reference.mdx's example snowflake: 41944705796 ms since the Discord epoch.
    expect(shardOfGuild('175928847299117063', 1)).toBe(0);
    expect(shardOfGuild('175928847299117063', 4)).toBe(Number(41944705796n % 4n));
    expect(shardOfGuild('175928847299117063', 7)).toBe(Number(41944705796n % 7n));
  });

  it('needs BigInt: the same id read as a Number lands on the wrong shard', () => {
    const id = '1577091175947435919';
    expect(Math.floor(Number(id) / 2 ** 22) % 16).toBe(3);
    expect(shardOfGuild(id, 16)).toBe(2);
  });

  it("agrees with the emulator's gateway, which routes each guild's events", () => {
    fc.assert(
      fc.property(snowflake, fc.integer({ min: 1, max: 64 }), (guildId, total) => {
        const shard = shardOfGuild(guildId, total);
        expect(shard).toBeGreaterThanOrEqual(0);
        expect(shard).toBeLessThan(total);
        expect(coversGuild([shard, total], guildId)).toBe(true);
      }),
    );
  });
});

describe('ownedGuilds', () => {
  it("owns exactly its shards' guilds", () => {
    fc.assert(
      fc.property(snowflake, fc.integer({ min: 2, max: 16 }), fc.integer({ min: 0, max: 15 }), (guildId, total, id) => {
        const shard = id % total;
        expect(ownedGuilds({ ids: [shard], total })(guildId)).toBe(shardOfGuild(guildId, total) === shard);
      }),
    );
  });

  it('splits the guilds between processes with no guild owned twice or by nobody', () => {
    const hosts = [
      ownedGuilds({ ids: [0, 1], total: 4 }),
      ownedGuilds({ ids: [2], total: 4 }),
      ownedGuilds({ ids: [3], total: 4 }),
    ];
    fc.assert(fc.property(snowflake, (guildId) => hosts.filter((owns) => owns(guildId)).length === 1));
  });

  it('owns every guild in a process that holds every shard, or as many as Discord recommends', () => {
    const everything = [ownedGuilds({ ids: [0], total: 1 }), ownedGuilds({ ids: [2, 0, 1], total: 3 })];
    everything.push(ownedGuilds('recommended'));
    fc.assert(fc.property(snowflake, (guildId) => everything.every((owns) => owns(guildId))));
  });
});

describe('coversEveryShard', () => {
  it('needs every id from 0 to total - 1, whatever the order; ids out of range do not count', () => {
    expect(coversEveryShard({ ids: [0], total: 1 })).toBe(true);
    expect(coversEveryShard({ ids: [3, 1, 2, 0], total: 4 })).toBe(true);
    expect(coversEveryShard({ ids: [0, 1], total: 4 })).toBe(false);
    expect(coversEveryShard({ ids: [0, 1, 2, 4], total: 4 })).toBe(false);
    expect(coversEveryShard({ ids: [0, 0, 1], total: 3 })).toBe(false);
  });
});

describe('partOfTheShards', () => {
  it('names the shards of a process that holds only some of them, and nothing for one that holds all', () => {
    expect(partOfTheShards({ ids: [1], total: 4 })).toEqual({ ids: [1], total: 4 });
    expect(partOfTheShards({ ids: [0, 1], total: 2 })).toBeUndefined();
    expect(partOfTheShards({ ids: [0], total: 1 })).toBeUndefined();
    expect(partOfTheShards('recommended')).toBeUndefined();
  });
});
