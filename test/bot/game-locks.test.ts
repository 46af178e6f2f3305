import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { GameLocks } from '../../src/bot/game-locks.js';

describe('GameLocks', () => {
  it('runs the work of one game one at a time, in arrival order, and lets other games through', async () => {
    const locks = new GameLocks();
    const log: string[] = [];
    const slow = (name: string, ms: number) => async () => {
      log.push(`${name} start`);
      await sleep(ms);
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([
      locks.run(1, slow('a', 30)),
      locks.run(1, slow('b', 5)),
      locks.run(2, slow('c', 5)),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'c start', 'c end', 'a end', 'b start', 'b end']);
  });

  it('goes on after a failure, and forgets a game once its work is done', async () => {
    const locks = new GameLocks();
    const failed = locks.run(1, async () => {
      throw new Error('busy');
    });
    const next = locks.run(1, async () => 'ran');
    await expect(failed).rejects.toThrow('busy');
    expect(await next).toBe('ran');
    await sleep(0);
    expect(locks.size).toBe(0);
  });
});
