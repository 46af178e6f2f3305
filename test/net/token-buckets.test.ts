import { describe, expect, test } from 'vitest';
import { AnswerMemory } from '../../src/net/answer-memory.js';
import { TokenBuckets } from '../../src/net/token-buckets.js';

describe('TokenBuckets', () => {
  test('a burst, then the steady rate; each key its own bucket', () => {
    let now = 0;
    const buckets = new TokenBuckets({ capacity: 3, perSecond: 2 }, 100, () => now);
    expect([1, 2, 3, 4].map(() => buckets.take('a'))).toEqual([true, true, true, false]);
    expect(buckets.take('b')).toBe(true);
    expect(buckets.waitFor('a')).toBe(500);
    now = 500;
    expect(buckets.take('a')).toBe(true);
    expect(buckets.take('a')).toBe(false);
  });

  test('a token given back can be taken again, never past the capacity', () => {
    const now = 0;
    const buckets = new TokenBuckets({ capacity: 2, perSecond: 0.001 }, 100, () => now);
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([true, true, false]);
    buckets.giveBack('a');
    expect([buckets.take('a'), buckets.take('a')]).toEqual([true, false]);
    buckets.giveBack('b');
    expect([buckets.take('b'), buckets.take('b'), buckets.take('b')]).toEqual([true, true, false]);
  });

  test('keeps at most maxKeys buckets, forgetting the least recently used', () => {
    const now = 0;
    const buckets = new TokenBuckets({ capacity: 1, perSecond: 0.001 }, 2, () => now);
    for (const key of ['a', 'b', 'c']) expect(buckets.take(key)).toBe(true);
    // 'a' was forgotten, so it starts full again; 'c' is remembered empty.
    expect(buckets.take('a')).toBe(true);
    expect(buckets.take('c')).toBe(false);
  });
});

describe('AnswerMemory', () => {
  test('a refused secret is asked once, concurrent asks share one call, and refusals expire', async () => {
    let now = 0;
    const memory = new AnswerMemory<string>({ refusedForMs: 1000, acceptedForMs: 5000, maxEntries: 10 }, () => now);
    let calls = 0;
    const refuse = async () => {
      calls += 1;
      return undefined;
    };
    await Promise.all([memory.answer('bad', refuse), memory.answer('bad', refuse)]);
    await memory.answer('bad', refuse);
    expect(calls).toBe(1);
    expect(memory.recall('bad')).toBeUndefined();
    now = 1000;
    expect(memory.recall('bad')).toBe('unknown');
  });

  test('a failed ask is not remembered', async () => {
    const memory = new AnswerMemory<string>({ refusedForMs: 1000, acceptedForMs: 5000, maxEntries: 10 });
    await expect(memory.answer('token', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(memory.recall('token')).toBe('unknown');
    expect(await memory.answer('token', async () => 'alice')).toBe('alice');
    expect(memory.recall('token')).toBe('alice');
  });
});
