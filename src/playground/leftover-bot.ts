import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** A bot whose playground died stops by itself (see BotSupervisor); this is how long it may take. */
const LEFTOVER_STOP_WAIT_MS = 20_000;
const POLL_MS = 100;

/** The bot process recorded in `pidFile`, if it still runs `entry`; null when none does. */
export function runningBot(pidFile: string, entry: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch {
    // ESRCH: gone. EPERM: it exists, but is another user's, so not our bot.
    return null;
  }
  // A process id is reused after its process ends: only one running the bot's entry counts.
  try {
    const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!commandLine.includes(entry)) return null;
  } catch {
    // No /proc (macOS): a live process with that id is taken for the bot, which errs on the safe side.
  }
  return pid;
}

/**
 * Waits for the bot of an earlier playground on this data folder to be gone: one killed with its
 * playground stops within seconds, but until then it holds the database and its timers run, and a
 * second bot beside it would act on the same games twice. Resolves with the pid that is still
 * running after the wait (the caller refuses to start), or null.
 */
export async function waitForLeftoverBot(
  pidFile: string,
  entry: string,
  onWaiting: (pid: number) => void,
  waitMs = LEFTOVER_STOP_WAIT_MS,
): Promise<number | null> {
  const first = runningBot(pidFile, entry);
  if (first === null) return null;
  onWaiting(first);
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    await sleep(POLL_MS);
    if (runningBot(pidFile, entry) === null) return null;
  }
  return runningBot(pidFile, entry);
}
