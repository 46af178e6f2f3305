import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './bot-process.js';
import type { TestWorld } from './world.js';

/**
 * The emulator's clock and the bot process's Date.now, moved together (a quarter of an hour without
 * a press, in a moment). The bot runs with harness/clock-shift.ts loaded (`nodeArgs`, `env`), which
 * shifts its Date.now by the offset written here, at start (so a restarted bot keeps it) and on
 * SIGUSR2; `advance` resolves once the bot has said it moved.
 */
export class SharedClock {
  readonly nodeArgs: readonly string[] = ['--import', path.join(ROOT, 'dist/harness/clock-shift.js')];
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'crag-clock-'));
  private readonly file = path.join(this.dir, 'offset');
  private offsetMs = 0;

  get env(): Readonly<Record<string, string>> {
    return { CRAG_CLOCK_SHIFT_FILE: this.file };
  }

  async advance(world: TestWorld, ms: number): Promise<void> {
    this.offsetMs += ms;
    writeFileSync(this.file, String(this.offsetMs));
    world.discord.advanceClock(ms);
    const bot = world.bot;
    if (bot.pid === undefined) throw new Error('the bot is not running');
    process.kill(bot.pid, 'SIGUSR2');
    const offset = this.offsetMs;
    await world.discord.waitFor(
      () => bot.logs.some((line) => line.message === 'clock shifted' && line.offsetMs === offset),
      { timeoutMs: 10_000, description: `the bot's clock moved by ${offset} ms` },
    );
  }

  /**
   * The same, while the bot is down (killed, not yet started again): the next bot reads the offset
   * as it starts, so it wakes up `ms` later than it went down, without the test waiting for it.
   */
  advanceWhileDown(world: TestWorld, ms: number): void {
    if (world.bot.running) throw new Error('the bot is running: use advance');
    this.offsetMs += ms;
    writeFileSync(this.file, String(this.offsetMs));
    world.discord.advanceClock(ms);
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
