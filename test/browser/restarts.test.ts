import { beforeAll, describe, expect, it } from 'vitest';
import type { ChannelPage } from './support/channel-page.js';
import { playTurn } from './support/play-turns.js';
import { playgroundSession } from './support/playground-session.js';

describe('the same pages finish a game across a bot crash and a playground restart', () => {
  const session = playgroundSession();
  let alice: ChannelPage;
  let bob: ChannelPage;
  let tabs: Map<string, ChannelPage>;

  beforeAll(async () => {
    alice = await session.open('alice');
    bob = await session.open('bob');
    tabs = new Map([
      ['alice', alice],
      ['bob', bob],
    ]);
    await alice.type('/crag start');
    await alice.messageTitled('Crag · a new game is open').waitFor();
    await bob.clickAndWaitForBoard(bob.board().getByRole('button', { name: 'Join' }));
    await alice.clickAndWaitForBoard(alice.board().getByRole('button', { name: 'Start' }));
  });

  it('shows "This interaction failed" when the bot does not answer, and the bot is restarted when it dies', async () => {
    await playTurn(tabs, alice);
    const player = (await alice.readBoard()).currentPlayer ?? '';
    const tab = tabs.get(player) ?? alice;
    const before = await tab.readBoard();

    // A hung bot: the click gets no answer within Discord's 3 seconds.
    const bot = session.playground.botPid();
    process.kill(bot, 'SIGSTOP');
    await tab
      .board()
      .getByRole('button', { name: /^Reroll/ })
      .click();
    await tab.board().locator('.interaction-failed', { hasText: 'This interaction failed' }).waitFor();

    // Then it dies; the playground starts it again and the page says so meanwhile.
    process.kill(bot, 'SIGKILL');
    await tab.page.getByRole('status').filter({ hasText: 'Crag is reconnecting…' }).waitFor();
    await session.playground.waitForOutput('The bot is connected', 30_000, 2);
    expect(session.playground.botPid()).not.toBe(bot);
    await tab.page.getByRole('status').waitFor({ state: 'detached' });
    expect(session.playground.stdout).toContain('The bot was killed (SIGKILL); starting it again in 0.5 s.');

    // The same page, never reloaded, plays on: the failed click changed nothing.
    expect((await tab.readBoard()).edited).toBe(before.edited);
    await tab.clickAndWaitForBoard(tab.board().getByRole('button', { name: /^Reroll/ }));
    expect(await tab.board().locator('.interaction-failed').count()).toBe(0);
    await playTurn(tabs, alice);
    expect((await alice.readBoard()).title).toBe('Crag · round 2/13');
  });

  it('reconnects to a restarted playground, where the board is still there and playable', async () => {
    const before = await alice.readBoard();
    expect(await session.stop()).toEqual({ code: 0, signal: null });
    await alice.page.locator('.banner', { hasText: 'Lost the connection to the playground' }).waitFor();

    await session.startAgain();
    await alice.waitUntilLive();
    await bob.waitUntilLive();
    const after = await alice.readBoard();
    expect(after.id).toBe(before.id);
    expect(after.description).toBe(before.description);
    expect(await alice.page.locator('.banner', { hasText: 'Lost the connection' }).count()).toBe(0);

    await playTurn(tabs, alice);
    await playTurn(tabs, alice);
    expect((await bob.readBoard()).title).toBe('Crag · round 3/13');
    expect(session.playground.stdout).not.toContain('could not be restored');
  });
});
