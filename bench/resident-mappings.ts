import fs from 'node:fs';

/**
 * A process's resident memory by what it maps, in MB, the largest first: /proc/<pid>/smaps' `Rss:`
 * summed by each mapping's name, `[anon]` for the unnamed ones (V8's heap, the threads' malloc
 * arenas). Says where RSS is beyond V8's own figures: the `node` binary's pages, malloc's main arena
 * (`[heap]`), an addon or a library loaded (docs/benchmark.md, "Under 150 MB"). Those under 0.5 MB
 * are left out; empty once the process is gone.
 */
export function residentMappingsMb(pid: number): Record<string, number> {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return {};
  }
  const byName = new Map<string, number>();
  let name = '[anon]';
  for (const line of text.split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      name = mapping[1] || '[anon]';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) byName.set(name, (byName.get(name) ?? 0) + Number(rss[1]));
  }
  return Object.fromEntries(
    [...byName]
      .filter(([, kb]) => kb >= 512)
      .sort((a, b) => b[1] - a[1])
      .map(([mapped, kb]) => [mapped, Math.round(kb / 102.4) / 10]),
  );
}
