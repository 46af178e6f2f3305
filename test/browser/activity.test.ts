import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ChannelPage } from './support/channel-page.js';
import { playgroundSession } from './support/playground-session.js';

/**
 * Crag at the table in the playground: the voice channel "Crag table", the real Activity page in an
 * iframe, the real Embedded App SDK in it talking postMessage to the playground as to Discord.
 */
describe('the Activity in the playground voice channel', () => {
  const session = playgroundSession();
  const { pages } = session;

  /** A person's tab in the voice channel "Crag table", its chat shown (the page opens on #crag). */
  async function inVoiceChannel(person: string): Promise<ChannelPage> {
    const page = await session.open(person);
    await page.page
      .getByRole('navigation', { name: 'Channels' })
      .getByRole('button', { name: /Crag table/ })
      .click();
    await page.page.locator('h1.channel-name', { hasText: 'Crag table' }).waitFor();
    await page.waitUntilLive();
    return page;
  }

  /** The Activity's frame, once its page is signed in and drawing the table. */
  async function tableIn(page: ChannelPage): Promise<FrameLocator> {
    const table = page.page.frameLocator('iframe.voice-table-frame');
    await table.locator('main.table').waitFor({ timeout: 30_000 });
    return table;
  }

  /** A person's tab, at the table: Crag launched as from the App Launcher, the Activity signed in. */
  async function atTable(person: string): Promise<{ page: ChannelPage; table: FrameLocator }> {
    const page = await inVoiceChannel(person);
    await page.page.getByRole('button', { name: 'Launch Crag' }).click();
    return { page, table: await tableIn(page) };
  }

  const status = (table: FrameLocator) => table.getByTestId('status');

  it('two people play a whole game at the table while a third watches; a reload comes back to it', async () => {
    const alice = await atTable('alice');
    const bob = await atTable('bob');
    const carol = await atTable('carol');
    await expect.poll(() => status(alice.table).textContent()).toBe('No game at this table yet.');

    await alice.table.getByRole('button', { name: 'New game' }).click();
    await bob.table.getByRole('button', { name: 'Take a seat' }).click();
    await expect.poll(() => alice.table.locator('.seats li').count()).toBe(2);
    await alice.table.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => status(carol.table).textContent()).toMatch(/is playing · You are watching\./);

    const players = new Map([
      ['alice', alice],
      ['bob', bob],
    ]);
    for (let turn = 0; turn < 26; turn += 1) {
      const text = (await status(carol.table).textContent()) ?? '';
      const name = /^(\w+) is playing/.exec(text)?.[1];
      if (!name) break;
      const player = players.get(name);
      if (!player) throw new Error(`nobody called ${name} plays here`);
      await expect.poll(() => status(player.table).textContent()).toBe('Your turn');
      if (turn === 0) {
        // Tap a die to keep it: everyone sees it kept, then the roll.
        await player.table.locator('.die[data-die="0"]').click();
        await expect.poll(() => carol.table.locator('.die[data-die="0"]').getAttribute('aria-pressed')).toBe('true');
        await player.table.getByRole('button', { name: /^Roll/ }).click();
        await expect.poll(() => player.table.getByRole('button', { name: /^Roll/ }).isDisabled()).toBe(true);
      }
      if (turn === 6) {
        // Bob reloads mid-game: the same table comes back.
        const reloaded = bob.page.page.reload();
        await reloaded;
        await bob.page.waitUntilLive();
        // The tab comes back to the voice channel it showed (?channel=voice).
        await bob.page.page.getByRole('button', { name: 'Launch Crag' }).click();
        await bob.table.locator('main.table[data-status="playing"]').waitFor({ timeout: 30_000 });
      }
      const open = player.table.locator('button.row:not([disabled])').first();
      await expect(open.textContent()).resolves.toMatch(/would score \d+/);
      const before = await carol.table.locator('.row.used').count();
      await open.click();
      await expect
        .poll(
          async () =>
            (await status(carol.table).textContent()) !== text ||
            (await carol.table.locator('.row.used').count()) !== before,
        )
        .toBe(true);
    }
    await carol.table.locator('main.table[data-status="finished"]').waitFor();
    const standings = await carol.table.locator('.standings li').allTextContents();
    expect(standings).toHaveLength(2);

    // The standings are the board in the voice channel's text chat, which the page shows under the table.
    await expect
      .poll(async () => (await alice.page.page.locator('.message').last().textContent()) ?? '')
      .toMatch(/final standings/);
    // The leaderboard has the game.
    await alice.page.type('/crag leaderboard scope:server');
    await expect
      .poll(async () => (await alice.page.page.locator('.message').last().textContent()) ?? '')
      .toMatch(/alice/);
    await expect
      .poll(async () => (await alice.page.page.locator('.message').last().textContent()) ?? '')
      .toMatch(/bob/);
  });

  it('refuses the socket of someone who is not in the Activity, even with their own valid token', async () => {
    const alice = pages[0] ?? (await atTable('alice')).page;
    const src = (await alice.page.locator('iframe.voice-table-frame').getAttribute('src')) ?? '';
    const instanceId = new URL(src, session.playground.url).searchParams.get('instance_id');
    const dave = await session.open('dave');
    const answer = await dave.page.evaluate(
      async ({ instance, host }) => {
        const authorized = await fetch('/api/table/authorize?as=dave', { method: 'POST' });
        const { code } = (await authorized.json()) as { code: string };
        const exchanged = await fetch('/activity/api/token', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ code }),
        });
        const { access_token: accessToken } = (await exchanged.json()) as { access_token: string };
        const ws = new WebSocket(`ws://${host}/activity/ws`);
        return new Promise<{ messages: string[]; code: number }>((resolve) => {
          const messages: string[] = [];
          ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', accessToken, instanceId: instance }));
          ws.onmessage = (event) => messages.push(String(event.data));
          ws.onclose = (event) => resolve({ messages, code: event.code });
        });
      },
      { instance: instanceId, host: new URL(session.playground.url).host },
    );
    expect(answer.code).toBe(4403);
    expect(answer.messages.map((message) => (JSON.parse(message) as { type: string }).type)).toEqual(['denied']);
  });

  it("opens the table from a lobby's Play at the table, on that lobby's game", async () => {
    const dave = await inVoiceChannel('dave');
    await dave.type('/crag start');
    const lobby = dave.page.locator('.message', { hasText: 'a new game is open' }).last();
    await lobby.waitFor();
    const game = /game #(\d+)/.exec((await lobby.textContent()) ?? '')?.[1];
    expect(game).toMatch(/^\d+$/);
    await lobby.getByRole('button', { name: 'Play at the table' }).click();
    const table = await tableIn(dave);
    await table.locator(`main.table[data-status="lobby"][data-game="${game}"]`).waitFor();
    await expect.poll(() => table.locator('.seats li').allTextContents()).toEqual([expect.stringMatching(/dave/)]);
  });
});
