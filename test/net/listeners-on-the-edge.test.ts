import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../e2e/support/bot-process.js';

/**
 * Every port the project opens must stand on the shared edge (src/net/edge.ts says why): a server
 * made anywhere else skipped its 'error' listeners and caps. The emulator is Discord's side, a
 * stand-in that only tests and the playground run on 127.0.0.1, so it keeps its own servers.
 */
const ROOMS = ['src', 'commands', 'bench', 'soak', 'harness', 'scripts'];
const THE_EDGE = ['src/net/edge.ts', 'src/net/sockets.ts', 'src/net/free-port.ts'];
const DISCORDS_SIDE = 'src/emulator/';
const LISTENER = /\b(?:createServer|createSecureServer)\s*\(|new\s+(?:WebSocketServer|WebSocket\.Server|Server)\s*\(/;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Each file (relative to the root) with a line that makes a server, outside comments. */
function listenersIn(rooms: readonly string[]): string[] {
  return rooms
    .flatMap((room) => sourceFiles(path.join(ROOT, room)))
    .filter((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .some((line) => !/^\s*(\*|\/\/|\/\*)/.test(line) && LISTENER.test(line)),
    )
    .map((file) => path.relative(ROOT, file));
}

describe('the edge', () => {
  it('is where every listener of the project is made', () => {
    const found = listenersIn(ROOMS);
    // The check sees the edge's own servers, so it would see one made anywhere else.
    expect(found).toEqual(expect.arrayContaining(THE_EDGE));
    const elsewhere = found.filter((file) => !THE_EDGE.includes(file) && !file.startsWith(DISCORDS_SIDE));
    expect(elsewhere, 'open it through openEdge/EdgeSockets in src/net/ instead').toEqual([]);
  });
});
