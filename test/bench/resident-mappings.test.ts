import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { residentMappingsMb } from '../../bench/resident-mappings.js';
import { procStatusMb } from '../../harness/kit/process-stats.js';

describe('resident memory by mapping', () => {
  it('names the node binary and the anonymous memory, largest first, and sums to at most the RSS', () => {
    const mappings = residentMappingsMb(process.pid);
    const binary = fs.realpathSync(process.execPath);
    expect(mappings[binary]).toBeGreaterThan(1);
    expect(mappings['[anon]']).toBeGreaterThan(1);
    const sizes = Object.values(mappings);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const total = sizes.reduce((sum, mb) => sum + mb, 0);
    const rss = procStatusMb(process.pid, 'VmRSS');
    // Mappings under 0.5 MB are left out, and RSS moves a little between the two readings.
    expect(total).toBeLessThan(rss + 5);
    expect(total).toBeGreaterThan(rss * 0.8);
  });

  it('is empty for a process that is gone', () => {
    expect(residentMappingsMb(2 ** 22 + 12_345)).toEqual({});
  });
});
