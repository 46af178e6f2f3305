import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { missingShippedFlags } from '../src/node-flags.js';
import { projectPath } from '../src/project-path.js';

/**
 * What the tests and the bench share to run the production build as child processes: the entry
 * points, the spawn, the reading of the bot's JSON log lines and the deploy script.
 */

/** The folder that holds `dist/`, whether this runs from the sources (the tests) or from `dist/` (the bench). */
export const ROOT = projectPath();
/** The production build: the tests and the bench start the bot exactly as `npm start` does. */
export const BOT_ENTRY = path.join(ROOT, 'dist/src/main.js');
export const DEPLOY_ENTRY = path.join(ROOT, 'dist/src/deploy-commands.js');
/** `npm run start:sharded`: discord.js's ShardingManager running BOT_ENTRY once per shard. */
export const SHARDED_ENTRY = path.join(ROOT, 'dist/src/sharded.js');

/** One line of the bot's log (src/log.ts writes JSON to stderr). */
export interface LogLine {
  readonly level: string;
  readonly message: string;
  readonly [key: string]: unknown;
}

/**
 * Node running `entry` with only PATH and `env`: `cwd` is a temp folder, so a developer's own
 * `.env` never leaks in. The bot and the launcher get the shipped Node flags (src/node-flags.ts), as
 * `npm start` gives them, but those that `nodeArgs` or the env's NODE_OPTIONS set otherwise (a bench
 * weighing another value: command-line flags would win over NODE_OPTIONS).
 */
export function spawnNode(
  entry: string,
  env: Readonly<Record<string, string>>,
  cwd: string,
  nodeArgs: readonly string[] = [],
): ChildProcess {
  const shipped =
    entry === BOT_ENTRY || entry === SHARDED_ENTRY
      ? missingShippedFlags([...(env.NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean), ...nodeArgs])
      : [];
  return spawn(process.execPath, [...shipped, ...nodeArgs, entry], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Calls `onLine` with every non-empty line of `stream` as it arrives, and the log line it parses to
 * (undefined for a line that is not JSON, such as a configuration error).
 */
export function readLines(stream: Readable | null, onLine: (text: string, log: LogLine | undefined) => void): void {
  let pending = '';
  stream?.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onLine(line, parseLogLine(line));
  });
}

function parseLogLine(line: string): LogLine | undefined {
  try {
    return JSON.parse(line) as LogLine;
  } catch {
    return undefined;
  }
}

export interface DeployResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the deploy script as `npm run deploy-commands` would, returning its output; killed after
 * `timeoutMs`. `started` hears of the child, for a caller that keeps track of its processes.
 */
export function runDeploy(
  env: Readonly<Record<string, string>>,
  cwd: string,
  { timeoutMs = 30_000, started }: { timeoutMs?: number; started?: (child: ChildProcess) => void } = {},
): Promise<DeployResult> {
  return new Promise((resolve) => {
    const child = spawnNode(DEPLOY_ENTRY, env, cwd);
    started?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
