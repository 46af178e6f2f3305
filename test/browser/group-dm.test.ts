import { beforeAll, describe, expect, it } from 'vitest';
import type { ChannelPage } from './support/channel-page.js';
import { playgroundSession } from './support/playground-session.js';

/** The computer's turn: it moves by itself, a short pause between its moves (the default 1.2 s is for people). */
const COMPUTER_PAUSE_MS = '50';

/**
 * The group DM "friends" (issue 42): alice, bob and carol, with Crag installed to alice's account
 * only and the bot no member. Alice's commands answer there through their interactions (the
 * leaderboard for everyone in it, the daily deal and her statistics for her); bob, who has not
 * installed Crag, is offered no command of it there, and sees what alice's commands posted. Alice,
 * new to Crag, then plays a whole game there against a computer, every board drawn through the
 * interactions' tokens.
 */
describe('the playground’s group DM', () => {
  const session = playgroundSession({ COMPUTER_PAUSE_MS });
  let alice: ChannelPage;
  let bob: ChannelPage;

  /** Switches a tab to the group DM by its link in the channel list, as a person does. */
  async function toGroupDm(tab: ChannelPage): Promise<void> {
    await tab.page.locator('.channel-link', { hasText: 'friends' }).click();
    await tab.page.locator('.channel-name', { hasText: 'friends' }).waitFor();
    await tab.waitUntilLive();
  }

  beforeAll(async () => {
    alice = await session.open('alice');
    bob = await session.open('bob');
    await toGroupDm(alice);
    await toGroupDm(bob);
  });

  it('names its people in the header, and keeps the channel in the address', async () => {
    expect(await alice.page.locator('.channel-topic').textContent()).toBe('alice, bob, carol');
    expect(new URL(alice.page.url()).searchParams.get('channel')).toBe('group-dm');
  });

  it('answers alice’s own install: the leaderboard for all to see, the daily deal and her stats for her', async () => {
    await alice.type('/crag leaderboard');
    const board = alice.messages().filter({ hasText: 'Crag leaderboard' }).last();
    await board.waitFor();
    // Posted by the app, through the interaction: Discord's client shows the app's name on it.
    expect(await board.locator('.message-author').textContent()).toBe('Crag');
    expect(await board.locator('.app-tag').count()).toBe(1);
    expect(await board.textContent()).not.toContain('Only you can see this');
    await bob.messages().filter({ hasText: 'Crag leaderboard' }).last().waitFor();

    await alice.type('/crag daily play');
    const deal = alice.messages().filter({ hasText: 'Only you can see this' }).filter({ hasText: '#' }).last();
    await deal.waitFor();
    expect(await deal.locator('button').count()).toBeGreaterThan(0);

    await alice.type('/crag stats');
    const stats = alice.messages().filter({ hasText: 'no finished games anywhere' }).last();
    await stats.waitFor();
    expect(await stats.textContent()).toContain('Only you can see this');
    // Private answers stay hers.
    expect(await bob.messages().filter({ hasText: 'no finished games anywhere' }).count()).toBe(0);
  });

  it('offers bob, without Crag on his account, none of its commands there; alice all of hers', async () => {
    const picked = async (tab: ChannelPage) => {
      await tab.composer.click();
      await tab.page.keyboard.type('/crag');
      // Alice's picker fills as she types; bob's stays without a row of Crag's.
      await tab.page.waitForTimeout(300);
      const text = (await tab.page.locator('.picker').allTextContents()).join(' ');
      await tab.page.keyboard.press('Escape');
      await tab.composer.fill('');
      return text;
    };
    expect(await picked(alice)).toContain('leaderboard');
    expect(await picked(bob)).not.toContain('leaderboard');
  });

  it('lets alice, new to Crag, play a whole game there against a computer, to the final standings', async () => {
    await alice.type('/crag start computers:1 level:easy');
    const lobby = alice.messageTitled('Crag · a new game is open');
    await lobby.waitFor();
    // As Discord's client shows a user-installed app's answer: who used which command, the app's name, APP.
    await expect.poll(() => lobby.locator('.message-context').textContent()).toBe('alice used /crag start');
    expect(await lobby.locator('.message-author').textContent()).toBe('Crag');
    expect(await lobby.locator('.app-tag').count()).toBe(1);
    await bob.messageTitled('Crag · a new game is open').waitFor();

    await alice.clickAndWaitForBoard(alice.board().getByRole('button', { name: 'Start' }));
    for (let round = 1; round <= 13; round += 1) {
      // The host sits first; the computer's move is drawn through her last press's token.
      await alice.board().filter({ hasText: '(@alice), your turn' }).waitFor({ timeout: 30_000 });
      expect((await alice.readBoard()).title).toBe(`Crag · round ${round}/13`);
      const choices = await alice.rowChoices();
      await alice.chooseRow(choices[0]?.label ?? '');
    }
    await alice.messageTitled('Crag · final standings').waitFor({ timeout: 30_000 });
    const final = await alice.readBoard();
    expect(final.description).toMatch(/alice \d+/);
    expect(final.description).toMatch(/🤖 Easy 1 \d+/);
    // Bob, in the group DM too, sees the same standings.
    await bob.messageTitled('Crag · final standings').waitFor();
    expect((await bob.readBoard()).description).toBe(final.description);
    expect(await alice.page.locator('.interaction-failed').count()).toBe(0);
    // Nothing was refused to the bot on the way (a bot-token request there would be Missing Access).
    expect(session.playground.botTroubles()).toEqual([]);
  });
});
