/**
 * Every first answer to an interaction goes through src/bot/replies.ts, which claims it from the
 * deadline that defers slow answers (src/bot/answer-in-time.ts). A handler calling
 * `interaction.reply` or `interaction.update` itself would work while answers are fast, and fail
 * ("already acknowledged") exactly when one was slow: this holds the code to the helpers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIRST_ANSWER = /\binteraction\s*\.(reply|update|deferReply|deferUpdate|showModal|launchActivity)\(/g;
/** Where a first answer may be sent directly, and why. */
const ALLOWED: Readonly<Record<string, string>> = {
  'src/bot/replies.ts': 'the helpers themselves',
  'src/bot/answer-in-time.ts': 'the deferral',
  'src/activity/launch.ts': 'LAUNCH_ACTIVITY, sent after claiming the interaction',
  'src/bot/start-bot.ts': 'the word sent while shutting down, before any router or deadline',
};

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return relative === 'src/emulator' ? [] : sources(relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

test('handlers answer interactions only through the helpers of src/bot/replies.ts', () => {
  const direct = [...sources('src'), ...sources('commands')]
    .filter((file) => !(file in ALLOWED))
    .flatMap((file) =>
      [...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(FIRST_ANSWER)].map((match) => `${file}: ${match[0]}`),
    );
  expect(direct).toEqual([]);
  // The allowed files exist and still do what they are allowed for.
  for (const file of Object.keys(ALLOWED)) {
    expect(fs.readFileSync(path.join(ROOT, file), 'utf8'), file).toMatch(new RegExp(FIRST_ANSWER.source));
  }
});
