import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../log.js';
import { metrics } from '../ops/metrics.js';
import type { BackupSchedule } from '../ops/ops-config.js';
import { backupFileName, rotateBackups } from './backup-name.js';

/** The backup command, beside this file in the build. */
const BACKUP_ENTRY = fileURLToPath(new URL('./backup-cli.js', import.meta.url));
/** A failed backup is tried again this much later (or at the next scheduled one, if sooner). */
const RETRY_MS = 15 * 60_000;

/**
 * Scheduled backups inside the bot. Each runs the backup command in a child process, so the copy
 * and its integrity check (which read the whole file) never hold up the bot's event loop. A failure
 * is logged, counted and tried again later; play goes on either way.
 */
export class BackupScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly schedule: BackupSchedule,
    private readonly database: string,
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(): void {
    this.later(this.everyMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private get everyMs(): number {
    return this.schedule.everyHours * 3_600_000;
  }

  private later(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.takeOne().finally(() => {
        this.running = undefined;
      });
    }, ms);
    this.timer.unref();
  }

  private async takeOne(): Promise<void> {
    const file = path.join(this.schedule.dir, backupFileName(this.now()));
    try {
      const line = await runBackup(this.database, file);
      const removed = rotateBackups(this.schedule.dir, this.schedule.keep);
      metrics.backups.inc({ outcome: 'ok' });
      metrics.lastBackup.set(Date.now() / 1000);
      this.log.info('backup taken', { backup: line, removed: removed.length });
      this.later(this.everyMs);
    } catch (error) {
      metrics.backups.inc({ outcome: 'failed' });
      const retryInMs = Math.min(RETRY_MS, this.everyMs);
      this.log.error('a scheduled backup failed; it is tried again later', { error, retryInMs });
      this.later(retryInMs);
    }
  }
}

function runBackup(database: string, file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BACKUP_ENTRY, file], {
      env: { ...process.env, DATABASE_PATH: database, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(err.trim() || `the backup exited with ${code}`)),
    );
  });
}
