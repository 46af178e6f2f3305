import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/index.js';
import { replayTo } from './drive-game.js';
import { expectRowsInStep, tempFolder } from './helpers.js';
import { streamPlan } from './stream-plan.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const child = join(here, 'save-stream.child.ts');

interface Printed {
  gameId: number;
  version: number;
}

/** Runs the streaming child until it has printed `killAfter` saves, then SIGKILLs it. */
function streamThenKill(path: string, killAfter: number): Promise<Printed[]> {
  return new Promise((resolvePromise, reject) => {
    const process_ = spawn(process.execPath, ['--import', 'tsx', child, path], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const printed: Printed[] = [];
    let pending = '';
    let stderr = '';
    process_.stdout.setEncoding('utf8');
    process_.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const [gameId, version] = line.split(' ').map(Number);
        if (gameId === undefined || version === undefined) continue;
        printed.push({ gameId, version });
      }
      if (printed.length >= killAfter) process_.kill('SIGKILL');
    });
    process_.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    process_.on('error', reject);
    process_.on('close', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`the child ended by itself (code ${code}): ${stderr}`));
      else resolvePromise(printed);
    });
  });
}

let folder: ReturnType<typeof tempFolder>;
beforeAll(async () => {
  folder = tempFolder();
});
afterAll(async () => {
  folder.remove();
});

describe('a process killed with SIGKILL while saving', () => {
  it('loses no committed save, and the database stays whole, across three kills', async () => {
    const path = join(folder.dir, 'crag.sqlite');
    let printedSaves = 0;
    for (const killAfter of [40, 150, 333]) {
      const printed = await streamThenKill(path, killAfter);
      expect(printed.length).toBeGreaterThanOrEqual(killAfter);
      printedSaves += printed.length;
      const last = printed[printed.length - 1]!;

      const store = openSqliteStore(path);
      const check = new Database(path, { readonly: true });
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      const game = await store.gameById(last.gameId);
      expect(game?.state.version).toBeGreaterThanOrEqual(last.version);
      // Every game is exactly the state its plan reaches at the stored version, and in step with its rows.
      const ids = check.prepare<[], number>('SELECT id FROM games ORDER BY id').pluck().all();
      for (const id of ids) {
        const stored = (await store.gameById(id))!;
        const replayed = replayTo(streamPlan(id), stored.state.version);
        expect(stored.state).toEqual(replayed);
        expectRowsInStep(check, id, replayed);
      }
      check.close();
      await store.close();
    }

    // The stream went through whole games: finished ones, cancelled ones, and a series.
    const check = new Database(path, { readonly: true });
    const statuses = check.prepare<[], string>('SELECT DISTINCT status FROM games').pluck().all();
    expect(statuses).toEqual(expect.arrayContaining(['finished', 'cancelled']));
    expect(check.prepare('SELECT MAX(series_game_number) FROM games').pluck().get()).toBeGreaterThan(1);
    const savedVersions = check.prepare<[], number>('SELECT SUM(state_version - 1) FROM games').pluck().get();
    expect(savedVersions).toBeGreaterThanOrEqual(printedSaves);
    check.close();
  });
});
