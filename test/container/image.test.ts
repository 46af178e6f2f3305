import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChannelHandle, type Emulator, startEmulator } from '../../src/emulator/index.js';
import { DEFAULT_RULES } from '../../src/game/index.js';
import { freePort, readyStatus, scrape } from '../e2e/support/ops-listener.js';
import { playToTheEnd } from '../e2e/support/play.js';
import { total } from '../e2e/support/prometheus-text.js';
import { Table } from '../e2e/support/table.js';
import { expectActivityPage } from './activity-page.js';
import { buildImage, IMAGE } from './image-build.js';
import { HAS_PODMAN, LIMITS, podman, podmanResult } from './podman.js';

/** Docker's default grace, which the bot must stop within. */
const GRACE_S = 10;

const WHY_SKIPPED = HAS_PODMAN ? '' : ' (SKIPPED: podman is not installed; apt-get install podman mmdebstrap runc)';

describe.skipIf(!HAS_PODMAN)(`the container image, built and run with podman${WHY_SKIPPED}`, () => {
  let discord: Emulator;
  let channel: ChannelHandle;
  let env: Record<string, string>;
  let people: string[];
  let opsPort: number;
  let activityPort: number;
  let clientId: string;
  const volume = `crag-test-${process.pid}`;
  const containers: string[] = [];

  const runArgs = (name: string, extra: Record<string, string> = {}): string[] => [
    'run',
    '--detach',
    '--name',
    name,
    // The emulator listens on the host's loopback; so does the bot's /readyz then.
    '--network=host',
    ...LIMITS,
    '--volume',
    `${volume}:/data`,
    ...Object.entries({ ...env, ...extra }).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
    IMAGE,
  ];

  const start = async (name: string): Promise<void> => {
    containers.push(name);
    await podman(runArgs(name));
    await expect.poll(() => readyStatus(opsPort), { timeout: 60_000, interval: 250 }).toBe(200);
  };

  beforeAll(async () => {
    await buildImage();
    discord = await startEmulator();
    const app = discord.createApplication({ name: 'Crag' });
    const users = ['alice', 'bob'].map((username) => discord.createUser({ username }));
    people = users.map((user) => user.id);
    const guild = discord.createGuild({ name: 'Dice', ownerId: people[0] ?? '', members: people, bots: [app.id] });
    channel = discord.createChannel(guild.id, { name: 'crag' });
    opsPort = await freePort();
    activityPort = await freePort();
    clientId = app.id;
    env = {
      DISCORD_TOKEN: app.token,
      DISCORD_CLIENT_ID: app.id,
      DISCORD_GUILD_ID: guild.id,
      DISCORD_API_URL: discord.apiUrl,
      OPS_HOST: '127.0.0.1',
      OPS_PORT: String(opsPort),
      ACTIVITY_PORT: String(activityPort),
      DISCORD_CLIENT_SECRET: discord.clientSecret(app.id),
      COMPUTER_PAUSE_MS: '20',
      COOLDOWN_MS: '0',
    };
    await podman(['volume', 'create', volume]);
    const deploy = await podmanResult([
      'run',
      '--rm',
      '--network=host',
      ...LIMITS,
      ...Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
      IMAGE,
      'node',
      'dist/src/deploy-commands.js',
    ]);
    if (deploy.code !== 0) throw new Error(`deploy-commands in the image failed: ${deploy.stderr}`);
  });

  afterAll(async () => {
    for (const name of containers) await podmanResult(['rm', '--force', '--time', '0', name]);
    await podmanResult(['volume', 'rm', '--force', volume]);
    await discord?.stop();
  });

  it('carries no tests, bench or playground page, runs as a non-root user, and has a HEALTHCHECK', async () => {
    const uid = await podman(['run', '--rm', '--no-healthcheck', ...LIMITS, IMAGE, 'id', '-u']);
    expect(uid).not.toBe('0');
    // The data folder is the bot's alone: the database and its backups hold daily_secret.
    const data = await podman(['run', '--rm', '--no-healthcheck', ...LIMITS, IMAGE, 'stat', '-c', '%a %U', '/data']);
    expect(data).toBe('700 node');
    const app = (await podman(['run', '--rm', '--no-healthcheck', ...LIMITS, IMAGE, 'ls', '-A', '/app'])).split('\n');
    expect(app.sort()).toEqual(['assets', 'data', 'dist', 'locales', 'migrations', 'node_modules', 'package.json']);
    const built = (await podman(['run', '--rm', '--no-healthcheck', ...LIMITS, IMAGE, 'ls', '/app/dist'])).split('\n');
    // The bot's code and the Activity's page only: no dist/bench, dist/test or dist/playground-web.
    expect(built.sort()).toEqual(['activity-web', 'commands', 'src']);
    const devOnly = await podmanResult([
      'run',
      '--rm',
      '--no-healthcheck',
      ...LIMITS,
      IMAGE,
      'ls',
      'node_modules/vitest',
    ]);
    expect(devOnly.code).not.toBe(0);
    const health = await podman(['image', 'inspect', '--format', '{{json .Config.Healthcheck}}', IMAGE]);
    expect(health).toContain('healthcheck.js');
  });

  it('refuses to start in production without a token: one line, exit 78', async () => {
    // No health check here: podman would schedule it through systemd, which these machines lack.
    const refused = await podmanResult(['run', '--rm', '--no-healthcheck', ...LIMITS, IMAGE]);
    expect(refused.code).toBe(78);
    expect(refused.stderr.trim().split('\n')).toEqual([expect.stringMatching(/DISCORD_TOKEN is not set/)]);
  });

  it('turns ready, serves the Activity, plays a game, stops within the grace, and the next container has the game', async () => {
    await start(`crag-test-${process.pid}-1`);
    expect((await podmanResult(['healthcheck', 'run', `crag-test-${process.pid}-1`])).code).toBe(0);
    await expectActivityPage(activityPort, clientId);

    const table = new Table({ discord, channel: () => channel }, channel.id);
    const [alice, bob] = people as [string, string];
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    await playToTheEnd(table, DEFAULT_RULES);

    const stopping = performance.now();
    await podman(['stop', '--time', String(GRACE_S * 3), `crag-test-${process.pid}-1`]);
    const stoppedInS = (performance.now() - stopping) / 1000;
    console.log(`podman stop ended the bot's container in ${stoppedInS.toFixed(1)} s`);
    expect(stoppedInS).toBeLessThan(GRACE_S);
    // 0: it stopped by itself, cleanly, not killed at the end of the grace (137).
    expect(await podman(['inspect', '--format', '{{.State.ExitCode}}', `crag-test-${process.pid}-1`])).toBe('0');

    const database = await podman([
      'run',
      '--rm',
      '--no-healthcheck',
      ...LIMITS,
      '--volume',
      `${volume}:/data`,
      IMAGE,
      'stat',
      '-c',
      '%a',
      '/data/crag.sqlite',
    ]);
    expect(database).toBe('600');

    await start(`crag-test-${process.pid}-2`);
    const { samples } = await scrape(opsPort);
    expect(total(samples, 'crag_games', { status: 'finished' })).toBe(1);
    await podman(['stop', '--time', String(GRACE_S * 3), `crag-test-${process.pid}-2`]);
  });
});
