import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelPage } from './support/channel-page.js';
import { launchChromium } from './support/chromium.js';
import { PlaygroundProcess } from './support/playground-process.js';

describe('house rules in the playground', () => {
  let playground: PlaygroundProcess;
  let browser: Browser;
  let alice: ChannelPage;
  let bob: ChannelPage;

  beforeAll(async () => {
    playground = await PlaygroundProcess.start();
    browser = await launchChromium();
    alice = await ChannelPage.open(browser, playground.url, 'alice');
    bob = await ChannelPage.open(browser, playground.url, 'bob');
  });

  afterAll(async () => {
    await browser?.close();
    const stopped = await playground?.stop();
    playground?.removeData();
    expect(stopped?.code).toBe(0);
  });

  it('alice, who manages the server, sets its default rerolls, and her next game follows them', async () => {
    await alice.type('/crag-settings defaults rerolls:2');
    const answer = alice.page.locator('li.message.ephemeral', { hasText: 'Rerolls: 1 → 2' });
    await answer.waitFor();
    await alice.type('/crag start');
    const lobby = alice.messageTitled('Crag · a new game is open');
    await lobby.waitFor();
    await expect.poll(() => lobby.textContent()).toContain('two rerolls');
    await expect.poll(() => lobby.textContent()).toContain('this server’s house rules');
  });

  it('hides the command from bob, who does not manage the server, as Discord’s client does', async () => {
    await expect(bob.type('/crag-settings defaults rerolls:1')).rejects.toThrow(/was not sent/);
  });
});
