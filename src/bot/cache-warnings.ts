/**
 * discord.js warns, once per manager and on stderr, that cutting the caches of roles, channels,
 * permission overwrites or guilds is "unsupported and breaks functionality". The bot cuts three of
 * them on purpose and relies on nothing that this breaks (src/bot/client.ts, docs/scaling.md), so
 * the warning would be noise on every start, and the one line a refused configuration prints
 * would become three. Only that warning is dropped; every other goes on to Node as before.
 */
const CUT_CACHE_WARNING = 'UnsupportedCacheOverwriteWarning';

let installed = false;

export function silenceCutCacheWarnings(): void {
  if (installed) return;
  installed = true;
  const emit = process.emitWarning.bind(process) as (...args: unknown[]) => void;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const [options] = rest;
    const type = typeof options === 'string' ? options : (options as { type?: string } | undefined)?.type;
    if (type === CUT_CACHE_WARNING) return;
    emit(warning, ...rest);
  }) as typeof process.emitWarning;
}
