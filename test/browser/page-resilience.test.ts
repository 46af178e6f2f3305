import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChannelPage } from './support/channel-page.js';
import { playgroundSession } from './support/playground-session.js';

/** Puts `text` in the message box at once (typing 70,000 keys would take minutes) and presses Enter. */
async function paste(tab: ChannelPage, text: string): Promise<void> {
  await tab.composer.fill(text);
  await tab.composer.press('Enter');
}

describe('one message cannot blank the page, and a long one is not lost', () => {
  const session = playgroundSession();
  let alice: ChannelPage;

  beforeAll(async () => {
    alice = await session.open('alice');
  });

  it('draws a timestamp no date can hold as its text, in every open tab and in new ones', async () => {
    const bob = await session.open('bob');
    const typed = ['time <t:9999999999999:R>', 'and <t:-9999999999999:F> or <t:99999999999999999999:d>'];
    for (const text of typed) await alice.type(text);
    for (const tab of [alice, bob]) {
      for (const text of typed) await tab.messages().filter({ hasText: text }).waitFor();
      await tab.composer.waitFor();
    }
    // A tab opened afterwards draws the whole channel from the history, these messages included.
    const carol = await session.open('carol');
    for (const text of typed) await carol.messages().filter({ hasText: text }).waitFor();
    await bob.close();
    await carol.close();
  });

  it('a message too long for Discord stays in the box, with "Your message is too long", and the page stays live', async () => {
    const before = await alice.messages().count();
    for (const length of [2_001, 4_001, 70_000]) {
      const text = 'x'.repeat(length);
      await paste(alice, text);
      await alice.page.locator('.composer-problem', { hasText: 'Your message is too long' }).waitFor();
      expect(await alice.composer.inputValue()).toBe(text);
    }
    await alice.composer.fill('');
    // Still connected: the next message goes out.
    await alice.type('still here');
    await alice.messages().filter({ hasText: 'still here' }).waitFor();
    expect(await alice.messages().count()).toBe(before + 1);
    expect(await alice.page.getByRole('status').count()).toBe(0);
  });

  it('says so when messages come too fast, and posts none beyond the pace', async () => {
    for (let n = 0; n < 7; n++) await alice.type(`burst ${n}`);
    await alice.page.locator('.local-notice', { hasText: 'You are sending messages too quickly' }).first().waitFor();
    const posted = await alice
      .messages()
      .filter({ hasText: /^burst \d$/ })
      .count();
    expect(posted).toBeLessThanOrEqual(5);
  });

  it('one message that cannot be drawn shows a placeholder; the rest of the channel is drawn', async () => {
    await session.stop();
    // A saved message no renderer expects (its time is no time): the page must still draw the channel.
    const file = path.join(session.playground.dataDir, 'playground-messages.json');
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { id: string; timestamp: string; content: string }[];
    const last = saved.at(-1);
    if (!last) throw new Error('no saved messages');
    const broken = { ...last, id: (BigInt(last.id) + 1n).toString(), timestamp: 'not a time', content: 'broken' };
    fs.writeFileSync(file, JSON.stringify([...saved, broken]));
    await session.startAgain();

    const tab = await session.open('dave');
    await tab.page.locator('li.unrenderable', { hasText: 'This message could not be shown.' }).waitFor();
    await tab.messages().filter({ hasText: 'still here' }).waitFor();
    expect(await tab.messages().filter({ hasText: 'time <t:9999999999999:R>' }).count()).toBe(1);
    await tab.close();
  });
});
