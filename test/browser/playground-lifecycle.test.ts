import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { PlaygroundProcess } from './support/playground-process.js';

/** Whether `pid` still runs: a zombie (ended, not yet reaped by whoever adopted it) does not. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await sleep(50);
  }
  return !alive(pid);
}

describe('the playground and its bot process', () => {
  const started: PlaygroundProcess[] = [];
  const strays: number[] = [];
  afterEach(async () => {
    for (const pid of strays.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
    const dirs = new Set(started.map((playground) => playground.dataDir));
    for (const playground of started.splice(0)) await playground.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const track = (playground: PlaygroundProcess) => {
    started.push(playground);
    return playground;
  };

  it('a playground killed with SIGKILL takes its bot with it within a few seconds; the next one runs one bot', async () => {
    const first = track(await PlaygroundProcess.start());
    const bot = first.botPid();
    // Only its owner may read the file with the emulator's bot token.
    expect(fs.statSync(path.join(first.dataDir, 'playground-world.json')).mode & 0o777).toBe(0o600);
    await first.kill('SIGKILL');
    expect(await goneWithin(bot, 5_000)).toBe(true);
    // It stopped cleanly, not by a crash: its database was closed, which removes the -wal file.
    expect(fs.existsSync(path.join(first.dataDir, 'playground.sqlite-wal'))).toBe(false);

    const next = track(await PlaygroundProcess.start({ dataDir: first.dataDir }));
    expect(next.children()).toHaveLength(1);
    expect(next.botPid()).not.toBe(bot);
  });

  it('a new playground waits for a leftover bot, and refuses to start beside one that will not stop', async () => {
    const first = track(await PlaygroundProcess.start());
    const bot = first.botPid();
    strays.push(bot);
    // A bot that cannot stop yet (stopped by a debugger, say) still holds the database when its playground dies.
    process.kill(bot, 'SIGSTOP');
    await first.kill('SIGKILL');

    const refused = track(PlaygroundProcess.launch({ dataDir: first.dataDir }));
    await refused.waitForOutput(`Waiting for the bot of an earlier playground (pid ${bot}) to stop`);
    expect(refused.children()).toEqual([]);
    expect((await refused.exited).code).toBe(75);
    expect(refused.stderr).toContain(`the bot of another playground (pid ${bot}) still uses`);
    expect(refused.stdout).not.toContain('The bot is connected');

    // Once it can run again, it sees its playground gone and stops; the playground waiting for it then starts.
    const waiting = track(PlaygroundProcess.launch({ dataDir: first.dataDir }));
    await waiting.waitForOutput('Waiting for the bot of an earlier playground');
    process.kill(bot, 'SIGCONT');
    await waiting.waitForOutput('The bot is connected', 40_000);
    expect(alive(bot)).toBe(false);
    expect(waiting.children()).toHaveLength(1);
  }, 120_000);

  it('a bot that exits 78 (bad configuration) is not started again: one line why, and the playground stops', async () => {
    const playground = track(PlaygroundProcess.launch({ env: { LOG_LEVEL: 'chatty' } }));
    const exit = await playground.exited;
    expect(exit.code).toBe(78);
    expect(playground.stdout).toContain(
      'the bot stopped for good (exit code 78): a restart cannot help, so the playground stops.',
    );
    expect(playground.stdout.match(/LOG_LEVEL must be one of/g)).toHaveLength(1);
    expect(playground.stdout).not.toContain('starting it again');
  });

  it.each([
    ['the environment', 'env'],
    ['.env', 'file'],
  ])('starts on its own SQLite file with DATABASE_URL in %s, and says so first', async (_where, how) => {
    const url = 'postgres://crag:S3cretPW@127.0.0.1:9/crag';
    const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'crag-playground-'));
    if (how === 'file')
      fs.writeFileSync(path.join(dataDir, '.env'), `DATABASE_URL=${url}\nDATABASE_PATH=/nowhere/x.sqlite\n`);
    const env: Record<string, string> = how === 'env' ? { DATABASE_URL: url, DATABASE_PATH: '/nowhere/x.sqlite' } : {};
    const playground = track(await PlaygroundProcess.start({ dataDir, env }));
    const database = path.join(dataDir, 'playground.sqlite');
    const lines = playground.stdout.split('\n');
    expect(lines.slice(0, 5).join('\n')).toContain(
      `Games are kept in the playground's own SQLite file, ${database}. DATABASE_URL is set but not used here: PLAYGROUND_DATABASE=url plays on it instead.`,
    );
    expect(fs.existsSync(database)).toBe(true);
    expect(playground.stdout + playground.stderr).not.toContain('S3cretPW');
  });

  it.each([
    ['an unknown choice', { PLAYGROUND_DATABASE: 'mysql' }, 'PLAYGROUND_DATABASE must be "file"'],
    ['url without DATABASE_URL', { PLAYGROUND_DATABASE: 'url' }, 'PLAYGROUND_DATABASE=url asks for DATABASE_URL'],
    [
      'url with a URL that is not PostgreSQL',
      { PLAYGROUND_DATABASE: 'url', DATABASE_URL: 'mysql://crag:S3cretPW@127.0.0.1/crag' },
      'DATABASE_URL must start with postgres://',
    ],
  ])('refuses %s in one line, exit 78, before starting anything', async (_what, env, line) => {
    const playground = track(PlaygroundProcess.launch({ env }));
    expect((await playground.exited).code).toBe(78);
    expect(playground.stderr).toContain(line);
    expect(playground.stderr.trim().split('\n')).toHaveLength(1);
    expect(playground.stdout + playground.stderr).not.toContain('S3cretPW');
  });
});
