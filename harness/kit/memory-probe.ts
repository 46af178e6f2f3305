/**
 * Loaded into both bots by the bench (`node --expose-gc --import …/memory-probe.js`); nothing in the
 * bot knows about it. On SIGUSR2 it runs a full garbage collection and writes one JSON line with
 * the process's memory, so the bench compares what is really kept rather than garbage that V8 has
 * not yet collected.
 */
import { getHeapSpaceStatistics } from 'node:v8';

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  const line = {
    level: 'bench',
    message: 'memory',
    pid: process.pid,
    rss,
    heapUsed,
    heapTotal,
    external,
    arrayBuffers,
    // What each V8 space holds in memory: new_space is the young generation, kept at its high mark.
    spaces: Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, space.physical_space_size])),
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
});
