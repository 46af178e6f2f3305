import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHIPPED_NODE_FLAGS, withShippedFlags } from '../../src/node-flags.js';
import { projectPath } from '../../src/project-path.js';

const read = (file: string) => readFileSync(projectPath(file), 'utf8');

describe('the shipped Node flags', () => {
  it('are in the image’s CMD, before the entry', () => {
    const cmd = read('Dockerfile').match(/^CMD (\[.*\])$/m)?.[1];
    expect(cmd).toBeDefined();
    expect(JSON.parse(cmd!)).toEqual(['node', ...SHIPPED_NODE_FLAGS, 'dist/src/main.js']);
  });

  it('are in npm start and npm run start:sharded, and in the systemd unit of docs/operating.md', () => {
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    const flags = SHIPPED_NODE_FLAGS.join(' ');
    expect(scripts.start).toContain(`node ${flags} dist/src/main.js`);
    expect(scripts['start:sharded']).toContain(`node ${flags} dist/src/sharded.js`);
    expect(read('docs/operating.md')).toContain(`ExecStart=/usr/bin/node ${flags} dist/src/main.js`);
  });

  it('are added to a launcher’s own flags for its shards, unless the operator gave a value of their own', () => {
    expect(withShippedFlags([])).toEqual([...SHIPPED_NODE_FLAGS]);
    expect(withShippedFlags(['--max-old-space-size=512'])).toEqual([...SHIPPED_NODE_FLAGS, '--max-old-space-size=512']);
    expect(withShippedFlags(['--max-semi-space-size=16'])).toEqual(['--max-semi-space-size=16']);
    expect(withShippedFlags([...SHIPPED_NODE_FLAGS])).toEqual([...SHIPPED_NODE_FLAGS]);
  });
});
