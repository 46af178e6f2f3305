import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { ChannelPage } from './channel-page.js';
import { launchChromium } from './chromium.js';
import { PlaygroundProcess } from './playground-process.js';

/** One playground and one Chromium for a test file, and the people's tabs opened on it. */
export interface PlaygroundSession {
  readonly playground: PlaygroundProcess;
  readonly browser: Browser;
  /** Every tab opened, in order. */
  readonly pages: readonly ChannelPage[];
  /** A new tab of `person` on #crag, live (a desktop window unless a viewport is given). */
  open(person: string, viewport?: Viewport): Promise<ChannelPage>;
  /** Stops the playground with SIGTERM and says how it exited; its port and data stay for `startAgain`. */
  stop(): Promise<PlaygroundExit>;
  /** A new playground process on the same port and data, as after a restart. */
  startAgain(): Promise<void>;
}

type PlaygroundExit = Awaited<ReturnType<PlaygroundProcess['stop']>>;
type Viewport = Parameters<typeof ChannelPage.open>[3];

/**
 * Starts a playground and Chromium before the file's tests and stops them after (the playground
 * with SIGTERM, which must exit 0, and its data removed). Call it at the top of a describe; `env`
 * goes to the playground and its bot (a cooldown of 0, say).
 */
export function playgroundSession(env: Readonly<Record<string, string>> = {}): PlaygroundSession {
  let playground: PlaygroundProcess | undefined;
  let browser: Browser | undefined;
  const pages: ChannelPage[] = [];
  beforeAll(async () => {
    playground = await PlaygroundProcess.start({ env });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    const stopped = await playground?.stop();
    playground?.removeData();
    expect(stopped?.code).toBe(0);
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the playground session has not started');
    return value;
  };
  return {
    get playground() {
      return started(playground);
    },
    get browser() {
      return started(browser);
    },
    pages,
    async open(person, viewport) {
      const page = await ChannelPage.open(started(browser), started(playground).url, person, viewport);
      pages.push(page);
      return page;
    },
    stop: () => started(playground).stop(),
    async startAgain() {
      const { port, dataDir } = started(playground);
      playground = await PlaygroundProcess.start({ port, dataDir, env });
    },
  };
}
