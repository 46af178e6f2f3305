import { describe, expect, it } from 'vitest';
import { DEFAULT_REQUESTS_PER_SECOND } from '../../src/bot/request-budget.js';
import { ConfigError } from '../../src/config.js';
import {
  readHostShards,
  readProcessShards,
  resolveHostShards,
  shardProcessBudget,
} from '../../src/sharding/shard-settings.js';

/** The one line a bad setting is refused with. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a refusal');
}

describe('the shards of one process (SHARDS, SHARD_COUNT)', () => {
  it('runs shard 0 of 1 when nothing is set, or blank: one process for the whole bot', () => {
    expect(readProcessShards({})).toEqual({ ids: [0], total: 1 });
    expect(readProcessShards({ SHARDS: ' ', SHARD_COUNT: '' })).toEqual({ ids: [0], total: 1 });
  });

  it("takes what discord.js's ShardingManager sets for each shard's process", () => {
    expect(readProcessShards({ SHARDS: '2', SHARD_COUNT: '4' })).toEqual({ ids: [2], total: 4 });
    expect(readProcessShards({ SHARDS: '[0,1]', SHARD_COUNT: '4' })).toEqual({ ids: [0, 1], total: 4 });
    expect(readProcessShards({ SHARDS: '3, 1', SHARD_COUNT: '4' })).toEqual({ ids: [3, 1], total: 4 });
  });

  it('runs every shard of SHARD_COUNT alone in this process, or as many as Discord recommends', () => {
    expect(readProcessShards({ SHARD_COUNT: '3' })).toEqual({ ids: [0, 1, 2], total: 3 });
    expect(readProcessShards({ SHARD_COUNT: 'auto' })).toBe('recommended');
  });

  it('refuses what is not a shard count or a list of ids below it', () => {
    expect(refusal(() => readProcessShards({ SHARD_COUNT: 'four' }))).toBe(
      'SHARD_COUNT must be a whole number of shards, 1 or more; got "four".',
    );
    expect(refusal(() => readProcessShards({ SHARD_COUNT: '0' }))).toContain('1 or more');
    expect(refusal(() => readProcessShards({ SHARD_COUNT: '1.5' }))).toContain('SHARD_COUNT');
    expect(refusal(() => readProcessShards({ SHARDS: 'one', SHARD_COUNT: '2' }))).toBe(
      'SHARDS must list shard ids separated by commas, e.g. 0,1; got "one".',
    );
    expect(refusal(() => readProcessShards({ SHARDS: '0,,1', SHARD_COUNT: '2' }))).toContain('SHARDS must list');
    expect(refusal(() => readProcessShards({ SHARDS: '-1', SHARD_COUNT: '2' }))).toContain('SHARDS must list');
    expect(refusal(() => readProcessShards({ SHARDS: '2', SHARD_COUNT: '2' }))).toBe(
      'SHARDS names shard 2, but SHARD_COUNT is 2: shard ids run from 0 to 1.',
    );
    expect(refusal(() => readProcessShards({ SHARDS: '1,1', SHARD_COUNT: '2' }))).toBe('SHARDS names shard 1 twice.');
    expect(refusal(() => readProcessShards({ SHARDS: '1' }))).toContain('SHARDS needs SHARD_COUNT');
    expect(refusal(() => readProcessShards({ SHARDS: '1', SHARD_COUNT: 'auto' }))).toContain('not auto');
  });
});

describe("a host's shards under npm run start:sharded (SHARD_COUNT, SHARD_LIST, TOTAL_SHARDS)", () => {
  it("runs every shard of Discord's recommendation by default, or of SHARD_COUNT", () => {
    expect(readHostShards({})).toEqual({ list: 'all', total: 'auto' });
    expect(readHostShards({ SHARD_COUNT: 'auto' })).toEqual({ list: 'all', total: 'auto' });
    expect(readHostShards({ SHARD_COUNT: '4' })).toEqual({ list: 'all', total: 4 });
    expect(resolveHostShards({ list: 'all', total: 'auto' }, 3)).toEqual({ ids: [0, 1, 2], total: 3 });
    expect(resolveHostShards({ list: 'all', total: 2 }, 3)).toEqual({ ids: [0, 1], total: 2 });
  });

  it('runs its SHARD_LIST of TOTAL_SHARDS, so that two hosts can split four shards', () => {
    const a = readHostShards({ SHARD_LIST: '0,1', TOTAL_SHARDS: '4' });
    const b = readHostShards({ SHARD_LIST: ' 2 , 3 ', TOTAL_SHARDS: '4' });
    expect(resolveHostShards(a, 1)).toEqual({ ids: [0, 1], total: 4 });
    expect(resolveHostShards(b, 1)).toEqual({ ids: [2, 3], total: 4 });
  });

  it('refuses a list without its total, a total without its list, both ways of saying it, and bad values', () => {
    expect(refusal(() => readHostShards({ SHARD_LIST: '0,1' }))).toBe(
      'SHARD_LIST needs TOTAL_SHARDS, the number of shards across every host (e.g. SHARD_LIST=0,1 TOTAL_SHARDS=4).',
    );
    expect(refusal(() => readHostShards({ TOTAL_SHARDS: '4' }))).toContain('TOTAL_SHARDS needs SHARD_LIST');
    expect(refusal(() => readHostShards({ SHARD_COUNT: '4', SHARD_LIST: '0', TOTAL_SHARDS: '4' }))).toContain(
      'SHARD_COUNT and SHARD_LIST/TOTAL_SHARDS are both set',
    );
    expect(refusal(() => readHostShards({ SHARD_COUNT: 'lots' }))).toContain('SHARD_COUNT must be a whole number');
    expect(refusal(() => readHostShards({ SHARD_LIST: '0,1', TOTAL_SHARDS: 'four' }))).toContain(
      'TOTAL_SHARDS must be a whole number',
    );
    expect(refusal(() => readHostShards({ SHARD_LIST: 'a,b', TOTAL_SHARDS: '4' }))).toContain('SHARD_LIST must list');
    expect(refusal(() => readHostShards({ SHARD_LIST: '2,4', TOTAL_SHARDS: '4' }))).toBe(
      'SHARD_LIST names shard 4, but TOTAL_SHARDS is 4: shard ids run from 0 to 3.',
    );
    expect(refusal(() => readHostShards({ SHARD_LIST: '0,0', TOTAL_SHARDS: '4' }))).toBe(
      'SHARD_LIST names shard 0 twice.',
    );
  });
});

describe("each shard process's default budget", () => {
  it('is a share of every shard of the bot, so two hosts splitting a count stay under the one limit', () => {
    const hostA = resolveHostShards(readHostShards({ SHARD_LIST: '0,1,2', TOTAL_SHARDS: '4' }), 1);
    const hostB = resolveHostShards(readHostShards({ SHARD_LIST: '3', TOTAL_SHARDS: '4' }), 1);
    const perSecond = hostA.ids.length * shardProcessBudget(hostA) + hostB.ids.length * shardProcessBudget(hostB);
    expect(perSecond).toBeLessThanOrEqual(DEFAULT_REQUESTS_PER_SECOND);
    expect(shardProcessBudget(hostB)).toBe(DEFAULT_REQUESTS_PER_SECOND / 4);
    // One host with the whole count gets the same share per process.
    const alone = resolveHostShards(readHostShards({ SHARD_COUNT: '4' }), 1);
    expect(shardProcessBudget(alone)).toBe(shardProcessBudget(hostB));
  });
});
