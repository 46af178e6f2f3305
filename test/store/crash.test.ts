import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from './backends.js';
import { replayTo } from './drive-game.js';
import { expectRowsInStep } from './helpers.js';
import { streamPlan } from './stream-plan.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const child = join(here, 'save-stream.child.ts');

interface Printed {
  gameId: number;
  version: number;
}

/** Runs the streaming child until it has printed `killAfter` saves, then SIGKILLs it. */
function streamThenKill(location: string, killAfter: number): Promise<Printed[]> {
  return new Promise((resolvePromise, reject) => {
    const process_ = spawn(process.execPath, ['--import', 'tsx', child, location], {
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

describe.each(BACKENDS)('$name: a process killed with SIGKILL while saving', (backend) => {
  it('loses no committed save, and the database stays whole, across three kills', async () => {
    const db = await backend.fresh();
    let printedSaves = 0;
    for (const killAfter of [40, 150, 333]) {
      const printed = await streamThenKill(db.location, killAfter);
      expect(printed.length).toBeGreaterThanOrEqual(killAfter);
      printedSaves += printed.length;
      const last = printed[printed.length - 1]!;

      const store = await db.open();
      if (db.dialect === 'sqlite') {
        const file = new Database(db.location, { readonly: true });
        expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
        file.close();
      }
      const game = await store.gameById(last.gameId);
      expect(game?.state.version).toBeGreaterThanOrEqual(last.version);
      // Every game is exactly the state its plan reaches at the stored version, and in step with its rows.
      const ids = await db.rows<{ id: number }>('SELECT id FROM games ORDER BY id');
      for (const { id } of ids) {
        const stored = (await store.gameById(id))!;
        const replayed = replayTo(streamPlan(id), stored.state.version);
        expect(stored.state).toEqual(replayed);
        await expectRowsInStep(db, id, replayed);
      }
      await store.close();
    }

    // The stream went through whole games: finished ones, cancelled ones, and a series.
    const statuses = await db.rows<{ status: string }>('SELECT DISTINCT status FROM games');
    expect(statuses.map((row) => row.status)).toEqual(expect.arrayContaining(['finished', 'cancelled']));
    const [totals] = await db.rows<{ games: number; saves: number }>(
      'SELECT MAX(series_game_number) AS games, SUM(state_version - 1) AS saves FROM games',
    );
    expect(totals?.games).toBeGreaterThan(1);
    expect(totals?.saves).toBeGreaterThanOrEqual(printedSaves);
    await db.remove();
  });
});
