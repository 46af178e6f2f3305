import type { LogLevel } from './config.js';

const RANK: Record<LogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };

export type LogContext = Readonly<Record<string, unknown>>;

export interface Logger {
  error(message: string, context?: LogContext): void;
  warn(message: string, context?: LogContext): void;
  info(message: string, context?: LogContext): void;
  debug(message: string, context?: LogContext): void;
}

function describe(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/**
 * One JSON line per event on stderr, so logs stay greppable and machine-readable. `base` goes on
 * every line (a shard's process names its shards, since several write to one stream).
 */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stderr.write(line),
  base: LogContext = {},
): Logger {
  const log =
    (at: LogLevel) =>
    (message: string, context: LogContext = {}): void => {
      if (RANK[at] > RANK[level]) return;
      const fields: Record<string, unknown> = { time: new Date().toISOString(), level: at, message, ...base };
      for (const [key, value] of Object.entries(context)) fields[key] = describe(value);
      write(`${JSON.stringify(fields)}\n`);
    };
  return { error: log('error'), warn: log('warn'), info: log('info'), debug: log('debug') };
}
