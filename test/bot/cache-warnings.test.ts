import { expect, test } from 'vitest';
import { silenceCutCacheWarnings } from '../../src/bot/cache-warnings.js';

/** The warnings Node hands to 'warning' listeners (and prints) until the next tick. */
async function warningsOf(emit: () => void): Promise<string[]> {
  const seen: string[] = [];
  const listener = (warning: Error) => seen.push(warning.name);
  process.on('warning', listener);
  emit();
  await new Promise((resolve) => setImmediate(resolve));
  process.off('warning', listener);
  return seen;
}

test("drops discord.js's warning about the caches the bot cuts, and only it", async () => {
  const cutCache = () =>
    process.emitWarning(
      'Overriding the cache handling for RoleManager is unsupported and breaks functionality.',
      'UnsupportedCacheOverwriteWarning',
    );
  expect(await warningsOf(cutCache)).toEqual(['UnsupportedCacheOverwriteWarning']);
  silenceCutCacheWarnings();
  silenceCutCacheWarnings();
  expect(await warningsOf(cutCache)).toEqual([]);
  expect(
    await warningsOf(() => process.emitWarning('the same in options', { type: 'UnsupportedCacheOverwriteWarning' })),
  ).toEqual([]);
  expect(await warningsOf(() => process.emitWarning('something else', 'DeprecationWarning'))).toEqual([
    'DeprecationWarning',
  ]);
});
