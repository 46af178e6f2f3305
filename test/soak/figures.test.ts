import { describe, expect, it } from 'vitest';
import { latencyWindows, type MemorySample, memorySlope, nearKill } from '../../soak/figures.js';

const rss = (sample: MemorySample) => sample.rssMb;

describe('the soak’s figures', () => {
  it('finds the slope shared by processes with different baselines, after each one’s warm-up', () => {
    const samples: MemorySample[] = [];
    // Two processes, one after the other, 100 MB apart, each growing 6 MB per hour after a jump in its first minute.
    for (const [pid, born, base] of [
      [1, 0, 100],
      [2, 600_000, 200],
    ] as const) {
      samples.push({ pid, atMs: born, rssMb: base - 50, heapMb: 0 });
      for (let minute = 1; minute <= 10; minute += 1) {
        samples.push({ pid, atMs: born + minute * 60_000, rssMb: base + minute * 0.1, heapMb: 0 });
      }
    }
    expect(memorySlope(samples, rss, 60_000)).toBeCloseTo(6, 6);
    // Without the warm-up left out, the first minute's jump shows as growth.
    expect(memorySlope(samples, rss, 0)).toBeGreaterThan(100);
    expect(memorySlope([samples[0] as MemorySample], rss, 0)).toBeNaN();
  });

  it('splits latencies into windows by when they were sent', () => {
    const windows = latencyWindows(
      [
        { sentAtMs: 1_000, ms: 10 },
        { sentAtMs: 299_999, ms: 30 },
        { sentAtMs: 300_000, ms: 50 },
      ],
      300_000,
    );
    expect(windows.map((window) => [window.fromMs, window.latency.count, window.latency.p50])).toEqual([
      [0, 2, 10],
      [300_000, 1, 50],
    ]);
  });

  it('counts an interaction as near a kill from 5 s before it to 5 s after the process is back', () => {
    const outages = [{ fromMs: 60_000, backMs: 70_000 }];
    expect(nearKill(55_000, outages)).toBe(true);
    expect(nearKill(74_999, outages)).toBe(true);
    expect(nearKill(75_001, outages)).toBe(false);
    expect(nearKill(54_000, outages)).toBe(false);
    expect(nearKill(1_000_000, [{ fromMs: 60_000, backMs: undefined }])).toBe(true);
  });
});
