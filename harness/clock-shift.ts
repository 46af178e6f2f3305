/**
 * TEST ONLY. Loaded into a bot process by the end-to-end tests that pause a game for a quarter of an
 * hour (`node --import …/clock-shift.js`, see test/e2e/support/shared-clock.ts); nothing in the bot
 * knows about it. The emulator's clock moves with `advanceClock` (interaction tokens expire on it,
 * and an interaction's time is read from its id, which the emulator mints on that clock), while the
 * bot reads Date.now: this moves Date.now by the same offset, so both agree that 16 minutes passed.
 *
 * The offset (ms, a whole number) is read from the file named by CRAG_CLOCK_SHIFT_FILE when the
 * process starts (a restarted bot keeps the shift) and again on SIGUSR2; after each read one JSON
 * line `{"level":"test","message":"clock shifted","offsetMs":…}` goes to stderr, so the test knows
 * the bot has moved. Only Date.now moves: timers (setTimeout) keep real time, so a timer armed
 * before the shift fires when it always would, and finds the later time.
 */
import { readFileSync } from 'node:fs';

const file = process.env.CRAG_CLOCK_SHIFT_FILE;
const realNow = Date.now.bind(Date);
let offsetMs = 0;

function readOffset(): void {
  if (!file) return;
  let text = '';
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    // No file yet: no shift.
  }
  offsetMs = /^\d+$/.test(text) ? Number(text) : 0;
  process.stderr.write(`${JSON.stringify({ level: 'test', message: 'clock shifted', offsetMs })}\n`);
}

Date.now = () => realNow() + offsetMs;
readOffset();
process.on('SIGUSR2', readOffset);
