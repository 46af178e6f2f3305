import path from 'node:path';
import { ConfigError } from '../config-error.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Scheduled SQLite backups: every `everyHours`, the newest `keep` kept in `dir`. */
export interface BackupSchedule {
  readonly dir: string;
  readonly everyHours: number;
  readonly keep: number;
}

export interface OpsConfig {
  /** The operators' listener (/healthz, /readyz, /metrics); undefined: none. */
  readonly listen: { readonly port: number; readonly host: string } | undefined;
  readonly backups: BackupSchedule | undefined;
}

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function wholeNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = optional(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${value}".`);
  }
  return parsed;
}

function positive(env: Env, name: string, fallback: number): number {
  const value = optional(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) {
    throw new ConfigError(`${name} must be a number of hours above 0 (e.g. 6 or 0.5), got "${value}".`);
  }
  return parsed;
}

/**
 * OPS_PORT (unset: no listener) and OPS_HOST (default 127.0.0.1: the listener is for this machine's
 * supervisor; a container sets 0.0.0.0). BACKUP_DIR turns scheduled backups on, every
 * BACKUP_EVERY_HOURS (default 24) keeping the newest BACKUP_KEEP (default 7).
 */
export function readOpsConfig(env: Env): OpsConfig {
  const port = optional(env, 'OPS_PORT') === undefined ? undefined : wholeNumber(env, 'OPS_PORT', 0, 1, 65_535);
  const host = optional(env, 'OPS_HOST') ?? '127.0.0.1';
  const dir = optional(env, 'BACKUP_DIR');
  return {
    listen: port === undefined ? undefined : { port, host },
    backups:
      dir === undefined
        ? undefined
        : {
            dir: path.resolve(dir),
            everyHours: positive(env, 'BACKUP_EVERY_HOURS', 24),
            keep: wholeNumber(env, 'BACKUP_KEEP', 7, 1, 10_000),
          },
  };
}
