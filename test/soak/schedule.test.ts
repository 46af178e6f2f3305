import { describe, expect, it } from 'vitest';
import { describeSchedule, FAULT_KINDS, faultSchedule } from '../../soak/schedule.js';

describe('the soak’s fault schedule', () => {
  it('is the same for the same seed and length, and another for another seed', () => {
    expect(faultSchedule(7, 60)).toEqual(faultSchedule(7, 60));
    expect(faultSchedule(8, 60)).not.toEqual(faultSchedule(7, 60));
  });

  it('kills a shard every 2 to 4 minutes in an hour, restarts the launcher once, and has every kind', () => {
    const faults = faultSchedule(12345, 60);
    const kills = faults.filter((fault) => fault.kind === 'shard-kill').map((fault) => fault.atMs);
    const gaps = kills.slice(1).map((at, i) => at - (kills[i] ?? 0));
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(120_000);
      expect(gap).toBeLessThanOrEqual(240_000);
    }
    expect(kills.length).toBeGreaterThanOrEqual(12);
    expect(faults.filter((fault) => fault.kind === 'launcher-restart')).toHaveLength(1);
    expect(new Set(faults.map((fault) => fault.kind))).toEqual(new Set(FAULT_KINDS));
    // In order, and inside the run with a calm end.
    expect(faults.map((fault) => fault.atMs)).toEqual([...faults.map((fault) => fault.atMs)].sort((a, b) => a - b));
    expect(Math.max(...faults.map((fault) => fault.atMs))).toBeLessThan(60 * 60_000);
  });

  it('still has every kind, and more than one kill, in three minutes', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const faults = faultSchedule(seed, 3);
      expect(new Set(faults.map((fault) => fault.kind))).toEqual(new Set(FAULT_KINDS));
      expect(faults.filter((fault) => fault.kind === 'shard-kill').length).toBeGreaterThanOrEqual(2);
      expect(Math.max(...faults.map((fault) => fault.atMs))).toBeLessThan(3 * 60_000 * 0.86);
    }
  });

  it('leaves out the kinds it is told to, and keeps the others where they were', () => {
    const every = faultSchedule(99, 60);
    const calm = faultSchedule(99, 60, ['shard-kill', 'launcher-restart']);
    expect(calm.some((fault) => fault.kind === 'shard-kill' || fault.kind === 'launcher-restart')).toBe(false);
    expect(calm).toEqual(every.filter((fault) => fault.kind !== 'shard-kill' && fault.kind !== 'launcher-restart'));
    expect(calm.length).toBeGreaterThan(0);
  });

  it('prints one line per fault as mm:ss and kind', () => {
    expect(describeSchedule([{ atMs: 125_400, kind: 'gateway-drop', pick: 3 }])).toEqual(['02:05 gateway-drop']);
  });
});
