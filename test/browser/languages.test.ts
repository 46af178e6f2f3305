import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChannelPage } from './support/channel-page.js';
import { playgroundSession } from './support/playground-session.js';

/**
 * Each person picks their own language, and the server's: the page's words, the command names in
 * the picker and the bot's private answers follow the person's; the bot's boards follow the server's.
 */
describe('the playground speaks each person’s language', () => {
  const session = playgroundSession();
  let alice: ChannelPage;
  let bob: ChannelPage;

  beforeAll(async () => {
    alice = await session.open('alice');
    bob = await session.open('bob');
  });

  const worldFile = () =>
    JSON.parse(fs.readFileSync(path.join(session.playground.dataDir, 'playground-world.json'), 'utf8')) as {
      guild: { locale?: string };
      people: { username: string; locale?: string }[];
    };

  it('switches one person to Russian: their page, their command names and their private answers', async () => {
    expect(await alice.composer.getAttribute('placeholder')).toBe('Message #crag');
    await alice.page.locator('.language-picker.me select').selectOption('ru');
    await expect.poll(() => alice.composer.getAttribute('placeholder')).toBe('Написать в #crag');
    // Bob's page is untouched.
    expect(await bob.composer.getAttribute('placeholder')).toBe('Message #crag');
    // The picker offers the Russian names Discord would show her.
    await alice.composer.click();
    await alice.page.keyboard.type('/кр');
    await expect.poll(() => alice.page.locator('.picker').textContent()).toContain('крэг');
    await alice.page.keyboard.press('Escape');
    await alice.composer.fill('');
    await alice.type('/crag rules');
    const rules = alice.page.locator('li.message', { hasText: 'Как играть в Крэг' }).last();
    await rules.waitFor();
    expect(await rules.textContent()).toContain('Это видите только вы');
    expect(worldFile().people.find((person) => person.username === 'alice')?.locale).toBe('ru');
  });

  it("switches the server to Russian: the bot's boards speak it, each person's page stays theirs", async () => {
    await bob.page.locator('.language-picker.server select').selectOption('ru');
    await expect.poll(() => worldFile().guild.locale).toBe('ru');
    await bob.type('/crag start');
    const lobby = bob.page.locator('li.message', { hasText: 'Крэг · открыта новая игра' }).last();
    await lobby.waitFor();
    expect(await bob.composer.getAttribute('placeholder')).toBe('Message #crag');
    await alice.page.locator('li.message', { hasText: 'Крэг · открыта новая игра' }).last().waitFor();
    await bob.type('/crag end');
  });

  it('keeps the languages across a restart of the playground', async () => {
    await session.stop();
    await session.startAgain();
    const again = await session.open('alice');
    await expect.poll(() => again.composer.getAttribute('placeholder')).toBe('Написать в #crag');
    expect(await again.page.locator('.language-picker.server select').inputValue()).toBe('ru');
    await again.close();
  });
});
