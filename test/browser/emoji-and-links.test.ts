import { describe, expect, it } from 'vitest';
import { playgroundSession } from './support/playground-session.js';

/** The page-side globals the function below uses (it runs in the page). */
declare const document: {
  querySelectorAll(selector: string): ArrayLike<{
    alt: string;
    src: string;
    complete: boolean;
    naturalWidth: number;
  }>;
};
declare const location: { origin: string };

/**
 * The playground draws emoji as Discord does, with Twemoji images it serves itself, and follows a
 * link to a message of its own channel in the page, as Discord's client does.
 */
describe('emoji and message links in the playground', () => {
  const session = playgroundSession();
  const open = (person: string) => session.open(person);

  it('draws 🎲 ⏱️ 🤖 🥇 as Twemoji images from its own origin, and no request leaves 127.0.0.1', async () => {
    const alice = await open('alice');
    const requested: string[] = [];
    alice.context.on('request', (request) => requested.push(request.url()));
    await alice.page.reload();
    await alice.waitUntilLive();
    await alice.type('🎲 ⏱️ 🤖 🥇 ready');
    const message = alice.messages().filter({ hasText: 'ready' }).last();
    await message.locator('img.emoji').nth(3).waitFor();
    await expect
      .poll(() =>
        alice.page.evaluate(() =>
          Array.from(document.querySelectorAll('li.message:last-child img.emoji'), (image) => ({
            alt: image.alt,
            loaded: image.complete && image.naturalWidth > 0,
            sameOrigin: new URL(image.src).origin === location.origin,
          })),
        ),
      )
      .toEqual(['🎲', '⏱️', '🤖', '🥇'].map((alt) => ({ alt, loaded: true, sameOrigin: true })));
    const hosts = new Set(requested.map((url) => new URL(url).hostname));
    expect([...hosts]).toEqual(['127.0.0.1']);
  });

  it('scrolls to and highlights a message of its channel that a discord.com link names; other links stay links', async () => {
    const bob = await open('bob');
    const alice = session.pages[0] ?? (await open('alice'));
    await alice.type('/crag start');
    const lobby = bob.board();
    await lobby.waitFor();
    // Enough talk after the lobby that it scrolls out of sight.
    const filler = 'The evening goes on, with more dice talk than a lobby can stand beside. '.repeat(4);
    for (const [index, person] of [alice, bob, alice, bob, alice, bob, alice, bob].entries()) {
      await person.type(`Note ${index + 1}: ${filler}`);
    }
    await expect
      .poll(() =>
        bob
          .messages()
          .filter({ hasText: `Note 8: ${filler.slice(0, 20)}` })
          .count(),
      )
      .toBe(1);
    await bob.page.locator('li.message').last().scrollIntoViewIfNeeded();
    const inView = async () => {
      const box = await lobby.boundingBox();
      const height = bob.page.viewportSize()?.height ?? 0;
      return box !== null && box.y + box.height > 0 && box.y < height;
    };
    expect(await inView()).toBe(false);

    // The bot answers a second /crag start with a link to the open lobby.
    await bob.type('/crag start');
    const refusal = bob.messages().filter({ hasText: 'A game is already open in this channel' }).last();
    const link = refusal.locator('a.message-link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^https:\/\/discord\.com\/channels\/\d+\/\d+\/\d+$/);
    const address = bob.page.url();
    const popups: string[] = [];
    bob.context.on('page', (page) => popups.push(page.url()));
    await link.click();
    await expect.poll(() => lobby.getAttribute('class')).toContain('highlighted');
    await expect.poll(inView).toBe(true);
    expect(bob.page.url()).toBe(address);
    expect(popups).toEqual([]);
    // The highlight fades, as in Discord.
    await expect.poll(() => lobby.getAttribute('class'), { timeout: 5_000 }).not.toContain('highlighted');

    // A link anywhere else is still a link: it opens in a new tab (answered here, not by the web).
    await bob.context.route('https://example.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>elsewhere</title>' }),
    );
    await bob.type('see https://example.com/rules');
    const outside = bob.messages().filter({ hasText: 'see https://example.com/rules' }).last().locator('a.md-link');
    expect(await outside.getAttribute('class')).toBe('md-link');
    const opened = bob.context.waitForEvent('page');
    await outside.click();
    expect((await opened).url()).toBe('https://example.com/rules');
  });
});
