import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChannelHandle, type Emulator, startEmulator } from '../../src/emulator/index.js';
import { DEFAULT_RULES } from '../../src/game/index.js';
import { ROOT } from '../e2e/support/bot-process.js';
import { freePort, readyStatus, scrape } from '../e2e/support/ops-listener.js';
import { playToTheEnd } from '../e2e/support/play.js';
import { total } from '../e2e/support/prometheus-text.js';
import { Table } from '../e2e/support/table.js';
import { expectActivityPage } from './activity-page.js';
import { buildImage, IMAGE } from './image-build.js';
import { HAS_PODMAN, LIMITS, podman, podmanResult } from './podman.js';

/**
 * compose.yaml and compose.postgres.yaml as they are, run by Debian's podman-compose (1.0.3): the
 * bot on its default bridge network reaching the emulator on the host, its ports published on
 * loopback, its named volumes. The files are copied beside a .env of the test's own, made from
 * .env.example (compose reads `.env` and `env_file` from the files' folder); a third file only names
 * the image the image test builds, so nothing is built twice.
 */
const HAS_COMPOSE = HAS_PODMAN && spawnSync('podman-compose', ['version'], { encoding: 'utf8' }).status === 0;
const WHY_SKIPPED = HAS_COMPOSE
  ? ''
  : ' (SKIPPED: podman or podman-compose is not installed; apt-get install podman-compose)';

/** PostgreSQL's official image cannot be pulled here: a stand-in from Debian's packages gets its name. */
const POSTGRES_IMAGE = 'docker.io/library/postgres:15-bookworm';
/** Docker's default grace, which the bot must stop within. */
const GRACE_S = 10;
/** compose.yaml's stop_grace_period, which podman-compose 1.0.3 does not read: given as `-t`. */
const STOP_GRACE_PERIOD_S = 35;

interface Project {
  readonly name: string;
  readonly dir: string;
  readonly files: readonly string[];
}

/** podman-compose with these machines' podman flags (runc, lowered ulimits; see podman.ts). */
function compose(project: Project, args: readonly string[]): Promise<string> {
  const argv = [
    '--podman-args=--runtime runc',
    `--podman-run-args=${LIMITS.join(' ')}`,
    '--project-name',
    project.name,
    ...project.files.flatMap((file) => ['--file', file]),
    ...args,
  ];
  return new Promise((resolve, reject) => {
    execFile(
      'podman-compose',
      argv,
      { cwd: project.dir, encoding: 'utf8', timeout: 180_000 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`podman-compose ${args.join(' ')} failed: ${stderr || error.message}`))
          : resolve(stdout),
    );
  });
}

describe.skipIf(!HAS_COMPOSE)(`compose.yaml, run with podman-compose${WHY_SKIPPED}`, () => {
  let discord: Emulator;
  let people: [string, string];
  let clientId: string;
  let guildId: string;
  let env: Record<string, string>;
  let opsPort: number;
  let activityPort: number;
  let work: string;
  const projects: Project[] = [];

  /** A folder with the project's compose files as they are, an image override and a .env. */
  const project = (name: string, files: readonly string[], extraEnv: Record<string, string> = {}): Project => {
    const dir = path.join(work, name);
    fs.mkdirSync(dir);
    for (const file of files) fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
    fs.writeFileSync(path.join(dir, 'compose.test.yaml'), `services:\n  bot:\n    image: ${IMAGE}\n`);
    // As an operator makes it: .env.example copied, then filled in (a later line wins).
    const filledIn = Object.entries({ ...env, ...extraEnv }).map(([key, value]) => `${key}=${value}\n`);
    fs.writeFileSync(
      path.join(dir, '.env'),
      `${fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8')}\n${filledIn.join('')}`,
    );
    const made = { name: `crag-compose-${process.pid}-${name}`, dir, files: [...files, 'compose.test.yaml'] };
    projects.push(made);
    return made;
  };

  const newChannel = (name: string): ChannelHandle => discord.createChannel(guildId, { name });

  /** `up -d` until /readyz answers 200 through the published port; returns the seconds it took. */
  const up = async (target: Project): Promise<number> => {
    const starting = performance.now();
    await compose(target, ['up', '-d', '--no-build']);
    await waitUntilReady(target, 120_000);
    return (performance.now() - starting) / 1000;
  };

  /** /readyz 200 within the time, or a failure that carries what the bot's container said. */
  const waitUntilReady = async (target: Project, timeoutMs: number): Promise<void> => {
    try {
      await expect.poll(() => readyStatus(opsPort), { timeout: timeoutMs, interval: 250 }).toBe(200);
    } catch (error) {
      const bot = `${target.name}_bot_1`;
      const state = await podmanResult(['inspect', '--format', '{{.State.Status}} restarts={{.RestartCount}}', bot]);
      const logs = await podmanResult(['logs', '--tail', '15', bot]);
      throw new Error(
        `${bot} never turned ready (${state.stdout.trim() || state.stderr.trim()}); its last lines:\n${logs.stdout}${logs.stderr}`,
        { cause: error },
      );
    }
  };

  /**
   * `stop -t <stop_grace_period> bot`; the bot must be gone within Docker's 10 s, by itself (exit 0).
   * The bot by name: podman-compose 1.0.3's `stop` of everything stops the services in the reverse
   * of the file's order, PostgreSQL first (its `down` stops the bot first).
   */
  const stop = async (target: Project): Promise<void> => {
    const stopping = performance.now();
    await compose(target, ['stop', '--timeout', String(STOP_GRACE_PERIOD_S), 'bot']);
    const stoppedInS = (performance.now() - stopping) / 1000;
    console.log(`${target.name}: podman-compose stop took ${stoppedInS.toFixed(1)} s`);
    expect(stoppedInS).toBeLessThan(GRACE_S);
    expect(await podman(['inspect', '--format', '{{.State.ExitCode}}', `${target.name}_bot_1`])).toBe('0');
  };

  const playAGame = async (channel: ChannelHandle): Promise<void> => {
    const table = new Table({ discord, channel: () => channel }, channel.id);
    const [alice, bob] = people;
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    await playToTheEnd(table, DEFAULT_RULES);
  };

  const finishedGames = async (): Promise<number> =>
    total((await scrape(opsPort)).samples, 'crag_games', { status: 'finished' });

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-compose-'));
    await buildImage();
    await podman(
      [
        'build',
        '--pull=never',
        '--network=host',
        ...LIMITS,
        '-t',
        POSTGRES_IMAGE,
        path.join(ROOT, 'test/container/postgres'),
      ],
      600_000,
    );
    // The bot's container is on compose's bridge network: it reaches the host as
    // host.containers.internal (the bridge's gateway), so the emulator listens there and names it.
    discord = await startEmulator({ bindHost: '0.0.0.0', publicHost: 'host.containers.internal' });
    const app = discord.createApplication({ name: 'Crag' });
    clientId = app.id;
    const users = ['alice', 'bob'].map((username) => discord.createUser({ username }));
    people = users.map((user) => user.id) as [string, string];
    const guild = discord.createGuild({ name: 'Dice', ownerId: people[0], members: people, bots: [app.id] });
    guildId = guild.id;
    opsPort = await freePort();
    activityPort = await freePort();
    env = {
      DISCORD_TOKEN: app.token,
      DISCORD_CLIENT_ID: app.id,
      DISCORD_GUILD_ID: guild.id,
      DISCORD_API_URL: discord.apiUrl,
      // compose.yaml publishes the container's 9464 and ACTIVITY_PORT on the host's loopback.
      OPS_PUBLISHED_PORT: String(opsPort),
      ACTIVITY_PORT: String(activityPort),
      DISCORD_CLIENT_SECRET: discord.clientSecret(app.id),
      COMPUTER_PAUSE_MS: '20',
      COOLDOWN_MS: '0',
    };
  });

  afterAll(async () => {
    for (const target of projects) {
      await compose(target, ['down', '--volumes', '--timeout', '0']).catch(() => undefined);
      await podmanResult(['network', 'rm', '--force', `${target.name}_default`]);
    }
    await discord?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('compose.yaml (SQLite): ready through the published port, the Activity, a game, stop within the grace, and up again keeps the game', async () => {
    const sqlite = project('sqlite', ['compose.yaml']);
    // The documented one-off: the commands deployed from the bot's image through compose.
    await compose(sqlite, ['run', '--rm', '--no-deps', '-T', 'bot', 'node', 'dist/src/deploy-commands.js']);

    const readyInS = await up(sqlite);
    console.log(`${sqlite.name}: up -d to /readyz 200 in ${readyInS.toFixed(1)} s`);
    expect((await podmanResult(['healthcheck', 'run', `${sqlite.name}_bot_1`])).code).toBe(0);
    await expectActivityPage(activityPort, clientId);
    await playAGame(newChannel('crag-sqlite'));
    await stop(sqlite);

    // down removes the containers, never the named volume; the next up finds the game there.
    await compose(sqlite, ['down', '--timeout', String(STOP_GRACE_PERIOD_S)]);
    await podman(['volume', 'exists', `${sqlite.name}_crag-data`]);
    const againInS = await up(sqlite);
    console.log(`${sqlite.name}: up -d again to /readyz 200 in ${againInS.toFixed(1)} s`);
    expect(await finishedGames()).toBe(1);
    await compose(sqlite, ['down', '--timeout', String(STOP_GRACE_PERIOD_S)]);
  });

  it('compose.postgres.yaml: the bot keeps its games in the postgres service, waits out its absence by restarts, and up again keeps them', async () => {
    const password = randomBytes(12).toString('hex');
    // The bot finds the database by the service's name: podman's CNI networks resolve names only
    // with the dnsname plugin (netavark's aardvark-dns does it by itself).
    const backend = await podman(['info', '--format', '{{.Host.NetworkBackend}}']);
    expect(
      backend === 'netavark' || fs.existsSync('/usr/lib/cni/dnsname'),
      'podman on CNI without the dnsname plugin: apt-get install golang-github-containernetworking-plugin-dnsname',
    ).toBe(true);
    const pg = project('postgres', ['compose.yaml', 'compose.postgres.yaml'], { POSTGRES_PASSWORD: password });
    const readyInS = await up(pg);
    // podman-compose 1.0.3 starts postgres first but does not wait for its health check: a bot that
    // found no database yet would have exited 75 and been restarted (restart: unless-stopped).
    const restarts = await podman(['inspect', '--format', '{{.RestartCount}}', `${pg.name}_bot_1`]);
    console.log(
      `${pg.name}: up -d (PostgreSQL's first start included) to /readyz 200 in ${readyInS.toFixed(1)} s, the bot restarted ${restarts} times`,
    );
    // compose.postgres.yaml's health check, run in the stand-in.
    expect((await podmanResult(['healthcheck', 'run', `${pg.name}_postgres_1`])).code).toBe(0);
    await playAGame(newChannel('crag-postgres'));
    // The game is in PostgreSQL, not in a SQLite file.
    const games = await podman([
      'exec',
      `${pg.name}_postgres_1`,
      'psql',
      '-U',
      'crag',
      '-d',
      'crag',
      '-tAc',
      "SELECT count(*) FROM games WHERE status = 'finished'",
    ]);
    expect(games).toBe('1');
    await stop(pg);

    // What podman-compose's missing health-check wait comes to: a bot that finds no PostgreSQL
    // exits 75, restart: unless-stopped starts it again, and it turns ready once PostgreSQL is back.
    await compose(pg, ['stop', '--timeout', String(STOP_GRACE_PERIOD_S), 'postgres']);
    await compose(pg, ['start', 'bot']);
    const restartCount = async (): Promise<number> =>
      Number(await podman(['inspect', '--format', '{{.RestartCount}}', `${pg.name}_bot_1`]));
    await expect.poll(restartCount, { timeout: 60_000, interval: 500 }).toBeGreaterThan(0);
    expect(await readyStatus(opsPort)).not.toBe(200);
    await compose(pg, ['start', 'postgres']);
    await waitUntilReady(pg, 90_000);

    await compose(pg, ['down', '--timeout', String(STOP_GRACE_PERIOD_S)]);
    await up(pg);
    expect(await finishedGames()).toBe(1);
    await compose(pg, ['down', '--timeout', String(STOP_GRACE_PERIOD_S)]);
  });
});
