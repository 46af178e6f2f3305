import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readDatabase } from '../../harness/bot-database.js';
import { databaseUrl, withClient } from '../../harness/postgres-client.js';
import { type ApplicationHandle, type Emulator, startEmulator } from '../../src/emulator/index.js';
import { createGame, DEFAULT_RULES } from '../../src/game/index.js';
import { openPostgresStore, openSqliteStore } from '../../src/store/index.js';
import { createDatabase } from '../support/postgres-databases.js';
import { BOT_ENTRY, DEPLOY_ENTRY, SHARDED_ENTRY } from './support/bot-process.js';

interface Run {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A token of the right shape that no Discord issued. */
const WELL_FORMED_TOKEN = `MTAwMDAwMDAwMDAwMDAwMDAw.GAbcde.${'x'.repeat(38)}`;
/** Nothing listens here: should a case ever get as far as connecting, it fails at once, offline. */
const NOWHERE = 'http://127.0.0.1:9/api';

/** Runs an entry point of the production build once, as `npm start` would, in a folder with no `.env`. */
function runOnce(entry: string, env: Readonly<Record<string, string>>, cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry], { cwd, env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // A bot that starts instead of refusing would run forever; the test then fails on its exit code.
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('close', (code, signal) => {
      clearTimeout(guard);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/**
 * Runs the production entry point with no token, as `npm start` on a fresh clone: the playground
 * starts; once its bot is connected, Ctrl-C's SIGTERM stops it.
 */
function runPlaygroundUntilReady(env: Readonly<Record<string, string>>, cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BOT_ENTRY], { cwd, env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('The bot is connected')) child.kill('SIGTERM');
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('close', (code, signal) => {
      clearTimeout(guard);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The run refused with exactly one human line on stderr (no stack, no JSON log), and returns it. */
function oneClearLine(run: Run): string {
  expect(run.signal).toBeNull();
  expect(run.code).not.toBe(0);
  expect(run.code).not.toBeNull();
  const lines = run.stderr.split('\n').filter((line) => line.trim() !== '');
  expect(lines, run.stderr).toHaveLength(1);
  const [line = ''] = lines;
  expect(run.stderr).toBe(`${line}\n`);
  expect(line).toMatch(/^crag-bot: /);
  expect(line).not.toMatch(/^\s*at |\{"time"|Error:/);
  expect(line.length).toBeLessThan(400);
  expect(run.stdout).toBe('');
  return line;
}

describe('configuration: the playground without a token, one clear line and a non-zero exit for bad settings', () => {
  let dir: string;
  let emulator: Emulator;
  let app: ApplicationHandle;
  const lines: string[] = [];
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-config-'));
    emulator = await startEmulator();
    app = emulator.createApplication({ name: 'Crag' });
  });
  afterAll(async () => {
    await emulator?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    console.log(`config: ${lines.length} bad configurations refused, each with one line:\n  ${lines.join('\n  ')}`);
  });

  /** A fresh folder per case, as the bot's working directory. */
  const folder = (name: string) => {
    const made = path.join(dir, name);
    fs.mkdirSync(made, { recursive: true });
    return made;
  };
  const runBot = async (env: Record<string, string>, cwd: string) => {
    const line = oneClearLine(await runOnce(BOT_ENTRY, env, cwd));
    lines.push(line);
    return line;
  };

  it('opens the playground instead when no DISCORD_TOKEN is set, and never touches DATABASE_PATH', async () => {
    for (const [name, token] of [
      ['no-token', undefined],
      ['blank-token', '   '],
    ] as const) {
      const cwd = folder(name);
      const dbPath = path.join(cwd, 'crag.sqlite');
      const run = await runPlaygroundUntilReady(
        {
          ...(token === undefined ? {} : { DISCORD_TOKEN: token }),
          DATABASE_PATH: dbPath,
          PLAYGROUND_PORT: '0',
          PLAYGROUND_DATA_DIR: path.join(cwd, 'playground'),
        },
        cwd,
      );
      expect(run.code, run.stderr).toBe(0);
      const [url = '', what = '', realDiscord = ''] = run.stdout.split('\n');
      expect(url).toMatch(/^Crag playground: open http:\/\/127\.0\.0\.1:\d+ in your browser\.$/);
      expect(what).toContain('local playground, not Discord');
      expect(realDiscord).toContain('DISCORD_TOKEN');
      expect(realDiscord).toContain('.env');
      expect(run.stdout).toContain('Stopped.');
      expect(fs.existsSync(dbPath)).toBe(false);
      expect(fs.existsSync(path.join(cwd, 'playground', 'playground.sqlite'))).toBe(true);
    }
  });

  it('refuses a busy or malformed PLAYGROUND_PORT', async () => {
    const cwd = folder('busy-port');
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const busy = await runBot({ PLAYGROUND_PORT: String(port), PLAYGROUND_DATA_DIR: path.join(cwd, 'data') }, cwd);
      expect(busy).toBe(
        `crag-bot: port ${port} is busy, so the playground cannot open its page: stop what uses it, or set PLAYGROUND_PORT to another port.`,
      );
    } finally {
      taken.close();
    }
    const malformed = await runBot({ PLAYGROUND_PORT: 'http', PLAYGROUND_DATA_DIR: path.join(cwd, 'data') }, cwd);
    expect(malformed).toContain('PLAYGROUND_PORT must be a port number');
    expect(fs.readdirSync(cwd)).toEqual([]);
  });

  it('refuses a malformed DISCORD_TOKEN', async () => {
    const cwd = folder('bad-token');
    const tokens = ['abc', `Bot ${app.token}`, `"${app.token}"`, app.token.replaceAll('.', '')];
    const answers = await Promise.all(
      tokens.map((token) => runBot({ DISCORD_TOKEN: token, DATABASE_PATH: path.join(cwd, 'crag.sqlite') }, cwd)),
    );
    tokens.forEach((token, i) => {
      expect(answers[i]).toContain('DISCORD_TOKEN does not look like a bot token');
      expect(answers[i]).toContain('Reset Token');
      // The token itself is never echoed.
      expect(answers[i]).not.toContain(token);
    });
    expect(fs.readdirSync(cwd)).toEqual([]);
  });

  it('refuses a well-formed token that Discord rejects, and leaves the database closed', async () => {
    const cwd = folder('rejected-token');
    const dbPath = path.join(cwd, 'data', 'crag.sqlite');
    const [id = '', stamp = '', hmac = ''] = app.token.split('.');
    const forged = `${id}.${stamp}.${hmac.slice(0, -4)}${hmac.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect(forged).not.toBe(app.token);
    const line = await runBot({ DISCORD_TOKEN: forged, DISCORD_API_URL: emulator.apiUrl, DATABASE_PATH: dbPath }, cwd);
    expect(line).toContain('Discord rejected DISCORD_TOKEN');
    expect(line).toContain('Reset Token');
    expect(line).not.toContain(forged);
    // The bot opened (and created) its database before logging in; it closed it before exiting.
    const db = new Database(dbPath, { fileMustExist: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    expect(emulator.isBotConnected(app.id)).toBe(false);
  });

  it('refuses a malformed DISCORD_API_URL', async () => {
    const cwd = folder('bad-api-url');
    const base = { DISCORD_TOKEN: WELL_FORMED_TOKEN, DATABASE_PATH: path.join(cwd, 'crag.sqlite') };
    const [slash = '', versioned = '', notUrl = ''] = await Promise.all(
      [`${emulator.apiUrl}/`, `${emulator.apiUrl}/v10`, '127.0.0.1:8080/api'].map((url) =>
        runBot({ ...base, DISCORD_API_URL: url }, cwd),
      ),
    );
    expect(slash).toContain('DISCORD_API_URL must be an http(s) base with no version and no trailing slash');
    expect(slash).toContain(`${emulator.apiUrl}/`);
    expect(versioned).toContain('DISCORD_API_URL');
    expect(notUrl).toContain('DISCORD_API_URL');
    expect(fs.readdirSync(cwd)).toEqual([]);
  });

  describe('DATABASE_PATH', () => {
    const env = (dbPath: string) => ({
      DISCORD_TOKEN: WELL_FORMED_TOKEN,
      DISCORD_API_URL: NOWHERE,
      DATABASE_PATH: dbPath,
    });

    /**
     * Runs the bot on `dbPath` and checks that the file is unchanged byte for byte and that nothing
     * new appeared beside it. (SQLite may tidy away an empty -wal/-shm pair when it closes cleanly.)
     * A -wal there before and after must hold the same bytes too: a write that was refused its
     * checkpoint only by timing would still be a write.
     */
    const refusesUntouched = async (
      cwd: string,
      dbPath: string,
      watched: string,
      extra: Record<string, string> = {},
    ) => {
      const listing = fs.readdirSync(path.dirname(watched)).sort();
      const wal = `${watched}-wal`;
      const walBefore = fs.existsSync(wal) ? sha256(wal) : undefined;
      const before = sha256(watched);
      const line = await runBot({ ...env(dbPath), ...extra }, cwd);
      expect(sha256(watched)).toBe(before);
      if (walBefore !== undefined && fs.existsSync(wal)) expect(sha256(wal)).toBe(walBefore);
      const after = fs.readdirSync(path.dirname(watched)).sort();
      expect(after.filter((name) => !listing.includes(name))).toEqual([]);
      expect(after).toContain(path.basename(watched));
      return line;
    };

    it('refuses a path under a regular file (unwritable, even for root)', async () => {
      const cwd = folder('under-a-file');
      const file = path.join(cwd, 'notes.txt');
      fs.writeFileSync(file, 'not a folder\n');
      const line = await refusesUntouched(cwd, path.join(file, 'data', 'crag.sqlite'), file);
      expect(line).toContain(file);
      expect(line).toContain('Point DATABASE_PATH at a writable');
    });

    it('refuses a folder where the file should be', async () => {
      const cwd = folder('a-folder');
      const dbPath = path.join(cwd, 'crag.sqlite');
      fs.mkdirSync(dbPath);
      fs.writeFileSync(path.join(dbPath, 'keep'), 'x');
      const line = await refusesUntouched(cwd, dbPath, path.join(dbPath, 'keep'));
      expect(line).toContain(dbPath);
      expect(line).toContain('DATABASE_PATH');
    });

    it('refuses a database written by a newer crag-bot', async () => {
      const cwd = folder('newer');
      const dbPath = path.join(cwd, 'crag.sqlite');
      const store = openSqliteStore(dbPath);
      await store.close();
      const db = new Database(dbPath);
      const newest = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').pluck().get() as number;
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        newest + 1,
        'from_the_future',
        Date.now(),
      );
      db.close();
      expect(fs.existsSync(`${dbPath}-wal`)).toBe(false);
      const line = await refusesUntouched(cwd, dbPath, dbPath);
      expect(line).toContain('crag.sqlite');
      expect(line).toContain(`schema ${newest + 1}`);
      expect(line).toContain('newer crag-bot');
      expect(line).toMatch(/Upgrade the bot or point DATABASE_PATH elsewhere/);
    });

    it('refuses a file of random bytes', async () => {
      const cwd = folder('random-bytes');
      const dbPath = path.join(cwd, 'crag.sqlite');
      fs.writeFileSync(dbPath, randomBytes(64 * 1024));
      const line = await refusesUntouched(cwd, dbPath, dbPath);
      expect(line).toContain(dbPath);
      expect(line).toContain('is not a SQLite database');
      expect(line).toContain('DATABASE_PATH');
    });

    it('refuses a truncated database', async () => {
      const cwd = folder('truncated');
      const dbPath = path.join(cwd, 'crag.sqlite');
      openSqliteStore(dbPath).close();
      const whole = fs.readFileSync(dbPath);
      expect(whole.length).toBeGreaterThan(8192);
      fs.writeFileSync(dbPath, whole.subarray(0, Math.floor(whole.length / 2)));
      const line = await refusesUntouched(cwd, dbPath, dbPath);
      expect(line).toContain(dbPath);
      expect(line).toContain('damaged SQLite database');
      expect(line).toContain('restore a backup or point DATABASE_PATH elsewhere');
    });

    it('refuses a database whose games table is damaged inside, past the checks made at opening', async () => {
      const cwd = folder('damaged-page');
      const dbPath = path.join(cwd, 'crag.sqlite');
      const store = openSqliteStore(dbPath);
      for (let i = 0; i < 40; i += 1) {
        await store.createGame({
          guildId: '100000000000000001',
          channelId: String(200_000_000_000_000_000n + BigInt(i)),
          state: createGame(String(300_000_000_000_000_000n + BigInt(i)), DEFAULT_RULES),
          turnTimerSeconds: 300,
          hintsEnabled: true,
        });
      }
      await store.close();
      const { pageSize, root } = readDatabase(dbPath, (db) => ({
        pageSize: db.pragma('page_size', { simple: true }) as number,
        root: db.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'games'").pluck().get() as number,
      }));
      // Scribble over the games table's root page, leaving the header and the file's length intact.
      const bytes = fs.readFileSync(dbPath);
      bytes.fill(0xa5, (root - 1) * pageSize, root * pageSize);
      fs.writeFileSync(dbPath, bytes);
      const line = await refusesUntouched(cwd, dbPath, dbPath, {
        DISCORD_TOKEN: app.token,
        DISCORD_API_URL: emulator.apiUrl,
      });
      expect(line).toContain(dbPath);
      expect(line).toContain('damaged');
      expect(line).toMatch(/restore a backup or point DATABASE_PATH elsewhere/i);
    });

    it("refuses another program's SQLite database", async () => {
      const cwd = folder('foreign');
      const dbPath = path.join(cwd, 'crag.sqlite');
      const db = new Database(dbPath);
      db.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices VALUES (1, 9.5);');
      db.close();
      const line = await refusesUntouched(cwd, dbPath, dbPath);
      expect(line).toContain('another program');
      expect(line).toContain('invoices');
      expect(line).toContain('DATABASE_PATH');
    });
  });

  describe('DATABASE_URL', () => {
    const env = (url: string) => ({ DISCORD_TOKEN: WELL_FORMED_TOKEN, DISCORD_API_URL: NOWHERE, DATABASE_URL: url });
    /** The line never carries the password, whatever went wrong. */
    const withoutPassword = (line: string, password: string) => {
      expect(line).not.toContain(password);
      return line;
    };

    it('refuses a malformed URL, naming what is wrong and masking the password', async () => {
      const cwd = folder('url-malformed');
      const [emptyHost = '', otherScheme = '', slashInPassword = ''] = await Promise.all(
        ['postgres://crag:hunter2@/crag', 'mysql://crag:hunter2@db/crag', 'postgres://crag:hun/ter2@db:5432/crag'].map(
          (url) => runBot(env(url), cwd),
        ),
      );
      for (const line of [emptyHost, otherScheme, slashInPassword]) {
        withoutPassword(line, 'hunter2');
        withoutPassword(line, 'hun/ter2');
        expect(line).toMatch(/^crag-bot: DATABASE_URL /);
        expect(line).toContain('Example: postgres://');
      }
      expect(emptyHost).toContain('is not a URL: "postgres://crag:***@/crag"');
      expect(otherScheme).toContain('must start with postgres:// or postgresql://');
      expect(slashInPassword).toContain('is not a URL: "postgres://crag:***@db:5432/crag"');
      expect(fs.readdirSync(cwd)).toEqual([]);
    });

    it('refuses DATABASE_URL and DATABASE_PATH both set, rather than pick one', async () => {
      const cwd = folder('url-and-path');
      const line = await runBot(
        { ...env('postgres://crag:hunter2@127.0.0.1:9/crag'), DATABASE_PATH: path.join(cwd, 'crag.sqlite') },
        cwd,
      );
      expect(line).toContain('DATABASE_URL and DATABASE_PATH are both set');
      withoutPassword(line, 'hunter2');
      expect(fs.readdirSync(cwd)).toEqual([]);
    });

    it('refuses a server that cannot be reached, at once and without retrying', async () => {
      const cwd = folder('url-unreachable');
      const started = Date.now();
      const line = await runBot(env('postgresql://crag:hunter2@127.0.0.1:9/crag'), cwd);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(line).toMatch(/^crag-bot: cannot reach PostgreSQL at 127\.0\.0\.1:9\/crag \(connect ECONNREFUSED/);
      expect(line).toContain('Check DATABASE_URL');
      withoutPassword(line, 'hunter2');
    });

    it('refuses a wrong password and a database that does not exist', async () => {
      const cwd = folder('url-login');
      const wrong = new URL(await createDatabase());
      wrong.password = 'hunter2';
      const [password = '', missing = ''] = await Promise.all([
        runBot(env(wrong.toString()), cwd),
        runBot(env(databaseUrl(wrong.toString(), 'no_such_database')), cwd),
      ]);
      expect(password).toContain('refused the login (password authentication failed for user "postgres")');
      expect(missing).toContain('refused the login');
      const real = new URL(inject('postgresAdminUrl')).password;
      const noDatabase = await runBot(env(databaseUrl(inject('postgresAdminUrl'), 'no_such_database')), cwd);
      expect(noDatabase).toContain('has no such database (database "no_such_database" does not exist)');
      for (const line of [password, missing, noDatabase]) withoutPassword(withoutPassword(line, 'hunter2'), real);
    });

    it('refuses a database written by a newer crag-bot, and one holding another program’s tables', async () => {
      const cwd = folder('url-schema');
      const newer = await createDatabase();
      await (await openPostgresStore(newer)).close();
      await withClient(newer, (client) =>
        client.query("INSERT INTO schema_migrations VALUES (99, 'from_the_future', 1)"),
      );
      const foreign = await createDatabase();
      await withClient(foreign, (client) => client.query('CREATE TABLE invoices (id integer PRIMARY KEY)'));
      const [future = '', other = ''] = await Promise.all([runBot(env(newer), cwd), runBot(env(foreign), cwd)]);
      expect(future).toMatch(/was written by a newer crag-bot \(schema 99; this version knows up to \d+\)/);
      expect(future).toContain('Upgrade the bot or point DATABASE_URL elsewhere');
      expect(other).toContain("holds another program's tables (invoices)");
      const real = new URL(inject('postgresAdminUrl')).password;
      for (const line of [future, other]) withoutPassword(line, real);
      // Refused before anything was written.
      await withClient(foreign, async (client) => {
        const tables = await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
        expect(tables.rows).toEqual([{ tablename: 'invoices' }]);
      });
    });
  });

  describe('shards', () => {
    /** Runs an entry and returns its one line, checking the exit code (78: configuration; 75: try later). */
    const refused = async (entry: string, env: Record<string, string>, cwd: string, exitCode = 78) => {
      const run = await runOnce(entry, env, cwd);
      const line = oneClearLine(run);
      expect(run.code, line).toBe(exitCode);
      lines.push(line);
      return line;
    };
    const sqliteEnv = (cwd: string) => ({
      DISCORD_TOKEN: WELL_FORMED_TOKEN,
      DISCORD_API_URL: NOWHERE,
      DATABASE_PATH: path.join(cwd, 'crag.sqlite'),
    });

    it('npm run start:sharded refuses bad SHARD_COUNT, SHARD_LIST and TOTAL_SHARDS before asking Discord', async () => {
      const cwd = folder('sharded-settings');
      const cases: [Record<string, string>, string][] = [
        [{ SHARD_COUNT: 'four' }, 'SHARD_COUNT must be a whole number of shards, 1 or more; got "four".'],
        [{ SHARD_COUNT: '0' }, 'SHARD_COUNT must be a whole number of shards, 1 or more; got "0".'],
        [{ SHARD_LIST: '0,1' }, 'SHARD_LIST needs TOTAL_SHARDS'],
        [{ TOTAL_SHARDS: '4' }, 'TOTAL_SHARDS needs SHARD_LIST'],
        [{ SHARD_LIST: '2,4', TOTAL_SHARDS: '4' }, 'SHARD_LIST names shard 4, but TOTAL_SHARDS is 4'],
        [{ SHARD_LIST: 'one,two', TOTAL_SHARDS: '4' }, 'SHARD_LIST must list shard ids separated by commas'],
        [{ SHARD_LIST: '1,1', TOTAL_SHARDS: '4' }, 'SHARD_LIST names shard 1 twice.'],
        [{ SHARD_LIST: '0', TOTAL_SHARDS: 'x' }, 'TOTAL_SHARDS must be a whole number'],
        [{ SHARD_COUNT: '4', SHARD_LIST: '0,1', TOTAL_SHARDS: '4' }, 'SHARD_COUNT and SHARD_LIST/TOTAL_SHARDS'],
      ];
      const answers = await Promise.all(
        cases.map(([settings]) => refused(SHARDED_ENTRY, { ...sqliteEnv(cwd), ...settings }, cwd)),
      );
      cases.forEach(([, expected], i) => {
        expect(answers[i]).toContain(expected);
      });
      expect(fs.readdirSync(cwd)).toEqual([]);
    });

    it('npm run start:sharded refuses a split between hosts on SQLite, which hosts cannot share', async () => {
      const cwd = folder('sharded-sqlite');
      const line = await refused(SHARDED_ENTRY, { ...sqliteEnv(cwd), SHARD_LIST: '2,3', TOTAL_SHARDS: '4' }, cwd);
      expect(line).toBe(
        'crag-bot: SHARD_LIST=2,3 of TOTAL_SHARDS=4 leaves shards 0,1 to other hosts, and hosts cannot share a SQLite file: set DATABASE_URL to a PostgreSQL database every host reaches (see docs/scaling.md).',
      );
      expect(fs.readdirSync(cwd)).toEqual([]);
    });

    it('npm run start:sharded refuses a token Discord rejects, and says when Discord cannot be reached', async () => {
      const cwd = folder('sharded-discord');
      const [id = '', stamp = '', hmac = ''] = app.token.split('.');
      const forged = `${id}.${stamp}.${hmac.slice(0, -4)}${hmac.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
      const [rejected = '', unreachable = '', missing = ''] = await Promise.all([
        refused(SHARDED_ENTRY, { ...sqliteEnv(cwd), DISCORD_TOKEN: forged, DISCORD_API_URL: emulator.apiUrl }, cwd),
        refused(SHARDED_ENTRY, sqliteEnv(cwd), cwd, 75),
        refused(SHARDED_ENTRY, { DATABASE_PATH: path.join(cwd, 'crag.sqlite') }, cwd),
      ]);
      expect(rejected).toContain('Discord rejected DISCORD_TOKEN');
      expect(rejected).not.toContain(forged);
      expect(unreachable).toMatch(/cannot ask Discord for its recommended shard count \(GET \/gateway\/bot: .*\)/);
      expect(unreachable).toContain('DISCORD_API_URL');
      // Without a token the launcher refuses: the playground is npm start's.
      expect(missing).toContain('DISCORD_TOKEN is not set');
      expect(fs.readdirSync(cwd)).toEqual([]);
    });

    it("the bot's own entry refuses SHARDS and SHARD_COUNT that are not a shard of a count", async () => {
      const cwd = folder('process-shards');
      const cases: Record<string, string>[] = [
        { SHARDS: '4', SHARD_COUNT: '4' },
        { SHARDS: '1' },
        { SHARDS: '0', SHARD_COUNT: 'auto' },
      ];
      const [outside = '', alone = '', auto = ''] = await Promise.all(
        cases.map((settings) => refused(BOT_ENTRY, { ...sqliteEnv(cwd), ...settings }, cwd)),
      );
      expect(outside).toBe('crag-bot: SHARDS names shard 4, but SHARD_COUNT is 4: shard ids run from 0 to 3.');
      expect(alone).toContain('SHARDS needs SHARD_COUNT');
      expect(auto).toContain('SHARDS needs a number in SHARD_COUNT');
      expect(fs.readdirSync(cwd)).toEqual([]);
    });
  });

  it('refuses to deploy the commands without DISCORD_CLIENT_ID', async () => {
    const cwd = folder('deploy');
    const runs = await Promise.all(
      [undefined, '', 'my-app'].map((clientId) =>
        runOnce(
          DEPLOY_ENTRY,
          {
            DISCORD_TOKEN: app.token,
            DISCORD_API_URL: emulator.apiUrl,
            ...(clientId === undefined ? {} : { DISCORD_CLIENT_ID: clientId }),
          },
          cwd,
        ),
      ),
    );
    for (const run of runs) {
      const line = oneClearLine(run);
      lines.push(line);
      expect(line).toContain('DISCORD_CLIENT_ID');
      expect(line).toContain('Developer Portal');
    }
    expect(emulator.commands(app.id)).toEqual([]);
  });
});
