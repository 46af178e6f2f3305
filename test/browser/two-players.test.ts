import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChannelPage, PHONE } from './support/channel-page.js';
import { expectControlsFitAPhone } from './support/phone-layout.js';
import { percentiles, playTurn } from './support/play-turns.js';
import { playgroundSession } from './support/playground-session.js';
import { saveScreenshot } from './support/screenshots.js';

describe('two people play a whole game in the playground, each in a browser tab', () => {
  const session = playgroundSession();
  let alice: ChannelPage;
  let bob: ChannelPage;
  const latencies: number[] = [];

  beforeAll(async () => {
    alice = await session.open('alice');
    bob = await session.open('bob');
  });

  afterAll(() => {
    if (latencies.length > 0) {
      const { p50, p95, count } = percentiles(latencies);
      console.log(
        `playground: click → updated board, as the page saw it: p50 ${p50} ms, p95 ${p95} ms over ${count} clicks`,
      );
    }
  });

  it('opens a lobby from the message box, and bob joins from his own tab', async () => {
    await alice.type('/crag start');
    const lobby = alice.messageTitled('Crag · a new game is open');
    await lobby.waitFor();
    await expect.poll(() => lobby.locator('.message-context').textContent()).toBe('alice used /crag start');
    await bob.messageTitled('Crag · a new game is open').waitFor();
    await saveScreenshot(alice.page, 'docs/lobby.png');

    await bob.clickAndWaitForBoard(bob.board().getByRole('button', { name: 'Join' }));
    expect((await alice.readBoard()).description).toMatch(/^bob$/m);
  });

  it("answers a wrong person's click with a message only they see", async () => {
    await bob.board().getByRole('button', { name: 'Start' }).click();
    const refusal = bob.page.locator('li.message.ephemeral', { hasText: 'Only the host' });
    await refusal.waitFor();
    await expect.poll(() => refusal.locator('.ephemeral-note').textContent()).toBe('Only you can see this · Dismiss');

    await alice.clickAndWaitForBoard(alice.board().getByRole('button', { name: 'Start' }));
    await bob.messageTitled('Crag · round 1/13').waitFor();
    // By now alice's tab has had every event bob's had, and never the refusal.
    expect(await alice.page.locator('li.message', { hasText: 'Only the host' }).count()).toBe(0);
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    expect(await bob.page.locator('li.message', { hasText: 'Only the host' }).count()).toBe(0);
  });

  it('plays all 26 turns by clicking, to the final standings', async () => {
    const tabs = new Map([
      ['alice', alice],
      ['bob', bob],
    ]);
    const totals = new Map([
      ['alice', 0],
      ['bob', 0],
    ]);
    for (let turn = 0; turn < 26; turn += 1) {
      const board = await alice.readBoard();
      expect(board.title).toBe(`Crag · round ${Math.floor(turn / 2) + 1}/13`);
      expect(board.currentPlayer).toBe(turn % 2 === 0 ? 'alice' : 'bob');
      if (turn === 2) {
        // The other player tries to move: told privately, and the board does not change.
        await bob
          .board()
          .getByRole('button', { name: /^Reroll/ })
          .click();
        await bob.page.locator('li.message.ephemeral', { hasText: 'not your turn' }).waitFor();
        expect((await alice.readBoard()).edited).toBe(board.edited);
        await saveScreenshot(alice.page, 'docs/board.png');
        await saveScreenshot(alice.page, 'docs/layout/components-v2-desktop.png');
        const phone = await session.open('carol', PHONE);
        await expectControlsFitAPhone(phone);
        await saveScreenshot(phone.page, 'docs/layout/components-v2-phone.png');
        await phone.close();
      }
      const played = await playTurn(tabs, alice);
      totals.set(played.player, (totals.get(played.player) ?? 0) + played.points);
      latencies.push(...played.latencies);
    }
    expect(await alice.page.locator('li.message', { hasText: 'not your turn' }).count()).toBe(0);

    const final = await alice.readBoard();
    expect(final.title).toBe('Crag · final standings');
    for (const [person, total] of totals)
      expect(final.description).toMatch(new RegExp(`^\\S+ ${person} ${total}`, 'm'));
    // The whole table's score card, from the emulator's CDN through the page's proxy, drawn.
    const card = alice.board().locator('.cv2-gallery img');
    await expect
      .poll(() => card.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(500);
    const bobsView = await bob.readBoard();
    expect(bobsView.description).toBe(final.description);
    await saveScreenshot(alice.page, 'docs/final-standings.png');
  });

  it('shows the leaderboard to anyone who asks', async () => {
    const carol = await session.open('carol');
    await carol.type('/crag leaderboard');
    const leaderboard = carol.messageTitled('Crag leaderboard');
    await leaderboard.waitFor();
    const text = (await leaderboard.locator('.cv2-text').allTextContents()).join('\n');
    // By the names they had at the table, not by mentions.
    expect(text).toMatch(/alice \d+ · 1 game/);
    expect(text).toMatch(/bob \d+ · 1 game/);
    expect(text).not.toContain('@');
    await carol.close();
  });
});
