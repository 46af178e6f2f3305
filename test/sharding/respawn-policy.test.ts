import { describe, expect, it } from 'vitest';
import { RespawnPolicy } from '../../src/sharding/respawn-policy.js';

const KILLED = { code: null, signal: 'SIGKILL' as const };
const CRASHED = { code: 1, signal: null };
const UP = { everReady: true, uptimeMs: 1_000 };

describe('RespawnPolicy: what the sharded launcher does when a shard process dies', () => {
  it('respawns a shard that was running, after a pause that doubles while it keeps dying, up to 5 minutes', () => {
    const policy = new RespawnPolicy();
    const waits = Array.from({ length: 12 }, () => policy.onDeath(1, KILLED, UP));
    expect(waits.map((verdict) => (verdict.action === 'respawn' ? verdict.inMs : verdict.action))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000,
    ]);
    // Each shard counts its own deaths.
    expect(policy.onDeath(2, CRASHED, UP)).toEqual({ action: 'respawn', inMs: 500 });
  });

  it('starts the pause over once a process lived ten minutes', () => {
    const policy = new RespawnPolicy();
    for (let i = 0; i < 5; i += 1) policy.onDeath(0, CRASHED, UP);
    expect(policy.onDeath(0, CRASHED, { everReady: true, uptimeMs: 10 * 60_000 })).toEqual({
      action: 'respawn',
      inMs: 500,
    });
  });

  it('respawns after a temporary failure (75) or an unasked clean exit, never after 78', () => {
    const policy = new RespawnPolicy();
    expect(policy.onDeath(0, { code: 75, signal: null }, UP).action).toBe('respawn');
    expect(policy.onDeath(1, { code: 0, signal: null }, UP).action).toBe('respawn');
    expect(policy.onDeath(2, { code: 78, signal: null }, UP)).toEqual({
      action: 'stop',
      exitCode: 78,
      why: 'shard 2 stopped for good (exit code 78)',
    });
  });

  it('stops the host when a shard could not start, with its exit code (1 when it had none)', () => {
    const policy = new RespawnPolicy();
    const never = { everReady: false, uptimeMs: 200 };
    expect(policy.onDeath(3, { code: 78, signal: null }, never)).toEqual({
      action: 'stop',
      exitCode: 78,
      why: 'shard 3 could not start (exit code 78)',
    });
    expect(policy.onDeath(3, { code: 75, signal: null }, never)).toMatchObject({ action: 'stop', exitCode: 75 });
    expect(policy.onDeath(3, KILLED, never)).toEqual({
      action: 'stop',
      exitCode: 1,
      why: 'shard 3 could not start (killed by SIGKILL)',
    });
  });
});
