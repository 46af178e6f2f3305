import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { bestRow, currentPlayerId, isFinalStandings, requireControl } from '../harness/board.js';
import { isDieEmojiRace } from '../harness/die-emoji-race.js';
import { BotProcess, PROXY_ENTRY, runDeploy, SHARDED_ENTRY } from '../harness/kit/bot-process.js';
import { percentile } from '../harness/kit/figures.js';
import { descendantsOf, ForeignCpu } from '../harness/kit/process-stats.js';
import { createWorld } from '../harness/kit/world.js';
import {
  type ApplicationHandle,
  type EmulatedMessage,
  type Problem,
  startEmulator,
  type UserHandle,
} from '../src/emulator/index.js';

const PING_SKIPPED = 'turn ping skipped: the request budget is short';

export interface SaturationOptions {
  /** The shards of each host (one launcher each), e.g. [[0, 1], [2, 3]]; `[[0]]` is one process. */
  readonly hosts: readonly (readonly number[])[];
  /** Every process's DISCORD_API_URL at one `npm run proxy`, or straight at the emulator. */
  readonly viaProxy: boolean;
  /** Channels played at once (spread over the shards), each a game of two people and two computers. */
  readonly channels: number;
  readonly seconds: number;
  /** The emulator's global limit: Discord's 50, or smaller to saturate a small run. */
  readonly globalPerSecond: number;
  /** Each process's REST_REQUESTS_PER_SECOND. */
  readonly budgetPerProcess: number;
  /** The proxy's PROXY_GLOBAL_PER_SECOND (default: the budget of one process). */
  readonly proxyPerSecond?: number;
  /** Hosts need one database: a PostgreSQL URL when there are several; else a SQLite file is used. */
  readonly databaseUrl?: string;
  /** The database server's processes, when it is not a child of this one: its CPU is the bot's. */
  readonly serverPids?: () => readonly number[];
  readonly say?: (message: string) => void;
}

export interface SaturationRun {
  readonly global429s: number;
  readonly route429s: number;
  readonly interactions: number;
  readonly interactionsPerSecond: number;
  /** Interactions the bot did not answer within 3 s (a loaded machine); the person tried again. */
  readonly failed: number;
  /** Tables the driver gave up on after such a late answer left it a board it did not expect. */
  readonly tablesLost: number;
  /** From a Play again click to its follow-up board, p99 (null when no game finished). */
  readonly followUpP99Ms: number | null;
  readonly followUps: number;
  readonly pingsSkipped: number;
  /** Problems other than the 429s counted above (none expected). */
  readonly otherProblems: number;
  /** The first few of them, as `kind: detail`. */
  readonly firstOtherProblems: readonly string[];
  /** The bots' error log lines (their messages and error names). */
  readonly botErrors: readonly string[];
  /** Cores other programs took while the games played (0 on a quiet machine). */
  readonly foreignCores: number;
  /** The 429s by what they answered (`global limit on PATCH /channels/…`). */
  readonly rateLimitedBy: Readonly<Record<string, number>>;
  /**
   * How late this process's event loop ran (the emulator and the players), p99 and max in ms: the
   * emulator counts a request when it reads it, so a stall that lets requests pile up in the socket
   * counts requests sent over a longer span as one second's.
   */
  readonly emulatorLoopDelayMs: { readonly p99: number; readonly max: number };
}

/** A problem in one line: what, on which route, and for a 50035 which fields and what was sent. */
function describeProblem(problem: Problem): string {
  const where = problem.route ? ` on ${problem.method ?? ''} ${problem.route}` : '';
  const fields = problem.errors ? ` ${JSON.stringify(problem.errors)}` : '';
  const sent = problem.bodySummary ? ` sent ${problem.bodySummary}` : '';
  return `${problem.kind}: ${problem.detail}${where}${fields}${sent}`;
}

/**
 * Saturates the bot's REST budget against the strict emulator: games of two people and two
 * computers in many channels at once, the people clicking as fast as the bot answers and pressing
 * Play again at each end. What the figures of bench/rate-limits.ts and test/e2e/proxy.test.ts
 * are made of.
 */
export async function saturate(options: SaturationOptions): Promise<SaturationRun> {
  const say = options.say ?? (() => {});
  const totalShards = options.hosts.reduce((sum, host) => sum + host.length, 0);
  const discord = await startEmulator({ rateLimits: { globalPerSecond: options.globalPerSecond } });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-rate-limits-'));
  const processes: BotProcess[] = [];
  try {
    const { apps, tables } = createWorld(discord, {
      apps: ['Crag'],
      tables: options.channels,
      tablesPerServer: 1,
      peopleAt: () => 2,
      shards: totalShards,
      label: 'player',
      serverName: 'server',
      channelName: () => 'crag',
    });
    const app = apps[0] as ApplicationHandle;
    const env: Record<string, string> = {
      DISCORD_TOKEN: app.token,
      DISCORD_CLIENT_ID: app.id,
      DISCORD_API_URL: discord.apiUrl,
      ...(options.databaseUrl
        ? { DATABASE_URL: options.databaseUrl }
        : { DATABASE_PATH: path.join(dir, 'data', 'crag.sqlite') }),
      LOG_LEVEL: 'info',
      COMPUTER_PAUSE_MS: '0',
      COOLDOWN_MS: '0',
      REST_REQUESTS_PER_SECOND: String(options.budgetPerProcess),
    };
    await runDeploy(env, dir);
    if (options.viaProxy) {
      const proxy = new BotProcess(
        PROXY_ENTRY,
        {
          DISCORD_API_URL: discord.apiUrl,
          PROXY_PORT: '0',
          PROXY_GLOBAL_PER_SECOND: String(options.proxyPerSecond ?? options.budgetPerProcess),
        },
        dir,
      );
      processes.push(proxy);
      const listening = await proxy.waitForLog((line) => line.message === 'the REST proxy listening', 90_000);
      env.DISCORD_API_URL = `${String(listening.url)}/api`;
    }
    const launchers = options.hosts.map((shards) => {
      const launcher = new BotProcess(
        SHARDED_ENTRY,
        { ...env, SHARD_LIST: shards.join(','), TOTAL_SHARDS: String(totalShards) },
        dir,
      );
      processes.push(launcher);
      return launcher;
    });
    for (const launcher of launchers) await launcher.waitForLog((line) => line.message === 'shards ready', 90_000);
    say(
      `${totalShards} shards on ${options.hosts.length} host(s) ready${options.viaProxy ? ', through the proxy' : ''}`,
    );

    const refusedBefore = discord.rateLimitRefusals();
    discord.clearProblems();
    const againAt = new Map<string, number>();
    const followUpMs: number[] = [];
    discord.on('messageCreate', (_message, info) => {
      const clicked = info.interactionId ? againAt.get(info.interactionId) : undefined;
      if (clicked === undefined || !info.interactionId) return;
      followUpMs.push(performance.now() - clicked);
      againAt.delete(info.interactionId);
    });
    let interactions = 0;
    let failed = 0;
    let tablesLost = 0;
    const deadline = Date.now() + options.seconds * 1000;
    const play = async (channel: string, host: UserHandle, guest: UserHandle) => {
      let board: string | undefined;
      // A loaded machine may let an answer miss Discord's 3 s: the person tries again, as people do.
      for (let attempt = 0; !board && attempt < 5; attempt++) {
        interactions += 1;
        const opened = await discord.runCommand({
          user: host.id,
          channel,
          name: 'crag',
          subcommand: 'start',
          options: { computers: 2 },
        });
        if (opened.ack === 'failed') failed += 1;
        board = opened.message?.id;
      }
      if (!board) throw new Error(`no lobby in ${channel}`);
      const click = async (user: string, message: EmulatedMessage, kind: 'join' | 'start' | 'again') => {
        interactions += 1;
        const at = performance.now();
        const outcome = await discord.clickButton({
          user,
          message: message.id,
          customId: requireControl(message, kind).customId,
        });
        if (outcome.ack === 'failed') failed += 1;
        else if (kind === 'again') againAt.set(outcome.interactionId, at);
        return outcome.ack !== 'failed' ? outcome : undefined;
      };
      const shown = () => discord.message(board ?? '') as EmulatedMessage;
      while (!(await click(guest.id, shown(), 'join')));
      while (!(await click(host.id, shown(), 'start')));
      while (Date.now() < deadline) {
        const message = shown();
        if (isFinalStandings(message)) {
          const again = await click(host.id, message, 'again');
          if (!again) continue;
          // Looked for every 50 ms, as a person glancing back at the channel would, not on the event.
          const until = Date.now() + 30_000;
          const nextBoard = () => discord.interaction(again.interactionId)?.followUpIds[0];
          for (board = nextBoard(); !board; board = nextBoard()) {
            if (Date.now() > until) throw new Error('timed out waiting for the next game');
            await sleep(50);
          }
          continue;
        }
        const player = currentPlayerId(message);
        if (player !== host.id && player !== guest.id) {
          // A computer is moving: its moves reach the board through the bot's own edits.
          await discord.waitFor(() => shown() !== message || Date.now() > deadline, { timeoutMs: 30_000 });
          continue;
        }
        const row = bestRow(message);
        interactions += 1;
        const chosen = await discord.chooseOption({
          user: player,
          message: message.id,
          customId: row.customId,
          values: [row.value],
        });
        if (chosen.ack === 'failed') failed += 1;
      }
    };
    const foreign = new ForeignCpu(() => [
      process.pid,
      ...descendantsOf(process.pid),
      ...(options.serverPids?.() ?? []),
    ]);
    foreign.start();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const started = performance.now();
    await Promise.all(
      tables.map((table) =>
        // A table whose board the driver cannot read (an answer that came after the 3 s) stops there.
        play(table.channelId, table.people[0] as UserHandle, table.people[1] as UserHandle).catch(() => {
          tablesLost += 1;
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    foreign.stop();
    loopDelay.disable();
    const rateLimitedBy: Record<string, number> = {};
    for (const problem of discord.problems) {
      if (problem.kind !== 'rate-limited') continue;
      const what = problem.detail.replace(/^429 /, '');
      rateLimitedBy[what] = (rateLimitedBy[what] ?? 0) + 1;
    }
    const refused = discord.rateLimitRefusals();
    // Late answers are counted in `failed`; shards starting together may race for a die emoji (the
    // loser reads the list again); anything else the emulator found is a defect.
    const otherProblems = discord.problems.filter(
      (problem) =>
        !['rate-limited', 'late-ack', 'interaction-failed'].includes(problem.kind) && !isDieEmojiRace(problem),
    );
    const logs = launchers.flatMap((launcher) => launcher.logs);
    return {
      global429s: refused.global - refusedBefore.global,
      route429s: refused.route - refusedBefore.route,
      interactions,
      interactionsPerSecond: interactions / seconds,
      failed,
      tablesLost,
      followUpP99Ms: followUpMs.length
        ? percentile(
            [...followUpMs].sort((a, b) => a - b),
            99,
          )
        : null,
      followUps: followUpMs.length,
      pingsSkipped: logs.filter((line) => line.message === PING_SKIPPED).length,
      otherProblems: otherProblems.length,
      firstOtherProblems: otherProblems.slice(0, 3).map(describeProblem),
      botErrors: logs
        .filter((line) => line.level === 'error')
        .map((line) => `${line.message}: ${JSON.stringify(line.error ?? '').slice(0, 200)}`),
      foreignCores: foreign.cores(),
      rateLimitedBy,
      emulatorLoopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    };
  } finally {
    for (const running of processes.reverse()) await running.stop();
    await discord.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
