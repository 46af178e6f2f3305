import { beforeAll, describe, expect, it } from 'vitest';
import type { ChannelPage } from './support/channel-page.js';
import { playgroundSession } from './support/playground-session.js';

describe('house rules in the playground', () => {
  const session = playgroundSession();
  let alice: ChannelPage;
  let bob: ChannelPage;

  beforeAll(async () => {
    alice = await session.open('alice');
    bob = await session.open('bob');
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
