/**
 * A throwaway PostgreSQL server for the tests and the bench: `initdb` into a temp folder, `pg_ctl`
 * on a free loopback port, its socket in that folder, listening on 127.0.0.1 only. PostgreSQL
 * refuses to run as root, so under root (CI) it runs as the `postgres` user, owning the folder.
 * Nothing outside the folder is touched, and `stop()` removes it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../src/net/free-port.js';

export interface PostgresServerOptions {
  /**
   * Flush every commit to disk, as a production server does (the bench). Off, the tests skip the
   * fsyncs (fsync=off): they kill the bot, never the server or the machine, so a flush would only
   * slow them down on a shared disk. Everything else is PostgreSQL's defaults.
   */
  readonly durable?: boolean;
}

export interface PostgresServer {
  /** postgres://postgres:<password>@127.0.0.1:<port>/postgres: the superuser on the maintenance database. */
  readonly adminUrl: string;
  readonly port: number;
  readonly password: string;
  /** The folder that holds the cluster, its socket and its log; removed by stop(). */
  readonly dir: string;
  stop(): void;
}

const SUPERUSER = 'postgres';
/** Debian's package puts the binaries here (one folder per major version); this image also links them on PATH. */
const DEBIAN_BIN_ROOT = '/usr/lib/postgresql';

/** The folder holding initdb and pg_ctl: on PATH, else the newest of Debian's versioned folders. */
export function postgresBinDir(): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  const versions = fs.existsSync(DEBIAN_BIN_ROOT)
    ? fs
        .readdirSync(DEBIAN_BIN_ROOT)
        .filter((version) => fs.existsSync(path.join(DEBIAN_BIN_ROOT, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) {
    throw new Error(
      `PostgreSQL's initdb is neither on PATH nor in ${DEBIAN_BIN_ROOT}/<version>/bin: install it (apt-get install postgresql) to run these tests`,
    );
  }
  return path.join(DEBIAN_BIN_ROOT, newest, 'bin');
}

/** Runs a PostgreSQL binary, as the `postgres` user when we are root. */
function runAsOwner(binary: string, args: readonly string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', SUPERUSER, '--', binary, ...args]] : [binary, args];
  const run = spawnSync(command, commandArgs, { encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) {
    throw new Error(`${path.basename(binary)} failed (${run.status ?? run.signal}): ${run.stderr || run.stdout}`);
  }
}

/** Hands the folder to the `postgres` user when we are root, since the server will not run as root. */
function giveToOwner(dir: string): void {
  if (process.getuid?.() !== 0) return;
  const uid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim());
  fs.chownSync(dir, uid, gid);
}

export async function startPostgresServer(options: PostgresServerOptions = {}): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-postgres-'));
  // mkdtemp makes the folder 0700; the postgres user must be able to enter it.
  fs.chmodSync(dir, 0o700);
  giveToOwner(dir);
  const data = path.join(dir, 'data');
  const password = randomBytes(12).toString('hex');
  const passwordFile = path.join(dir, 'password');
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  giveToOwner(passwordFile);
  let started = false;
  const stop = () => {
    if (started) {
      try {
        runAsOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        // Already gone: nothing to stop.
      }
      started = false;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Passwords over TCP (so a wrong one is refused, as on a real server); the socket trusts the owner.
    runAsOwner(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      SUPERUSER,
      `--pwfile=${passwordFile}`,
      '--auth-host=scram-sha-256',
      '--auth-local=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    fs.rmSync(passwordFile);
    const port = await freePort();
    const settings = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${dir}`,
      ...(options.durable ? [] : ['-c fsync=off']),
    ];
    runAsOwner(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      settings.join(' '),
      '-w',
      '-t',
      '60',
      'start',
    ]);
    started = true;
    return {
      adminUrl: `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres`,
      port,
      password,
      dir,
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}
