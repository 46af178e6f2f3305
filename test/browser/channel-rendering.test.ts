import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelPage, PHONE, shownText } from './support/channel-page.js';
import { launchChromium } from './support/chromium.js';
import { PlaygroundProcess } from './support/playground-process.js';
import { postAsBot, TINY_PNG, uploadEmojiAsBot } from './support/post-as-bot.js';
import { saveElementScreenshot } from './support/screenshots.js';

/** Components V2 as the bot will soon send it: flag 1<<15, the message is its components. */
function componentsV2Message(bobId: string, diceEmojiId: string) {
  return {
    flags: 1 << 15,
    attachments: [
      { id: 0, filename: 'dice.png' },
      { id: 1, filename: 'rules.txt' },
    ],
    components: [
      {
        type: 17,
        accent_color: 0x2b7a4b,
        components: [
          {
            type: 10,
            content: `## Crag · round 4/13\n<@${bobId}>, your turn · **1 reroll left**\n-# one reroll · game #7`,
          },
          {
            type: 9,
            components: [
              { type: 10, content: 'Dice: ⚅ ⚅ ⚂' },
              { type: 10, content: '- keep the pair\n- reroll the three' },
            ],
            accessory: { type: 2, style: 1, label: 'Hint', custom_id: 'cv2-hint', emoji: { name: '💡' } },
          },
          { type: 14, divider: true, spacing: 2 },
          {
            type: 9,
            components: [{ type: 10, content: 'Thumbnail beside the text' }],
            accessory: { type: 11, media: { url: 'attachment://dice.png' }, description: 'the dice' },
          },
          { type: 14, divider: false, spacing: 1 },
          {
            type: 12,
            items: [
              { media: { url: 'attachment://dice.png' }, description: 'first' },
              { media: { url: 'https://cdn.discordapp.com/attachments/1/2/other.png' }, spoiler: true },
              { media: { url: 'attachment://dice.png' } },
            ],
          },
          { type: 13, file: { url: 'attachment://rules.txt' } },
          {
            type: 1,
            components: [
              { type: 2, style: 1, label: 'Primary', custom_id: 'cv2-primary' },
              {
                type: 2,
                style: 2,
                label: 'Secondary',
                custom_id: 'cv2-secondary',
                emoji: { name: 'dice', id: diceEmojiId },
              },
              { type: 2, style: 3, label: 'Success', custom_id: 'cv2-success' },
              { type: 2, style: 4, label: 'Danger', custom_id: 'cv2-danger', disabled: true },
              { type: 2, style: 5, label: 'Rules', url: 'https://example.com/rules' },
            ],
          },
          {
            type: 1,
            components: [
              {
                type: 3,
                custom_id: 'cv2-row',
                placeholder: 'Score these dice in…',
                options: [
                  { label: 'Sixes · 12', value: 'sixes', description: 'Sum of the sixes', emoji: { name: '⚅' } },
                  { label: 'Thirteen · 0', value: 'thirteen', description: 'Any total of 13' },
                ],
              },
            ],
          },
        ],
      },
      { type: 10, content: 'Outside the container: <t:1796126400:D>' },
    ],
  };
}

describe('the page draws what the bot sends, like a Discord client', () => {
  let playground: PlaygroundProcess;
  let browser: Browser;
  let alice: ChannelPage;

  beforeAll(async () => {
    playground = await PlaygroundProcess.start({ env: { COMPUTER_PAUSE_MS: '50' } });
    browser = await launchChromium();
    alice = await ChannelPage.open(browser, playground.url, 'alice');
  });

  afterAll(async () => {
    await browser?.close();
    await playground?.stop();
    playground?.removeData();
  });

  const person = (name: string) => {
    const found = playground.world().people.find((candidate) => candidate.username === name);
    if (!found) throw new Error(`no ${name}`);
    return found;
  };

  it('draws a Components V2 message: container, sections, separators, gallery, file, buttons and a menu', async () => {
    const bob = person('bob');
    // Custom emoji come from the emulator's CDN, through the page's own /cdn; their name shows if it has none.
    const asked: string[] = [];
    alice.page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    // A button may only show an emoji the application owns: upload one first, as the bot would.
    const emojiId = await uploadEmojiAsBot(playground, 'dice', TINY_PNG);
    const { id } = await postAsBot(playground, componentsV2Message(bob.id, emojiId), [
      { name: 'dice.png', type: 'image/png', bytes: TINY_PNG },
      { name: 'rules.txt', type: 'text/plain', bytes: new TextEncoder().encode('Three dice, thirteen rows.') },
    ]);
    const message = alice.page.locator(`li[data-message-id="${id}"]`);
    await message.waitFor();
    const container = message.locator('.cv2-container');
    expect(
      await container.evaluate(
        (element) => element.ownerDocument.defaultView.getComputedStyle(element).borderLeftColor,
      ),
    ).toBe('rgb(43, 122, 75)');
    expect(await container.locator('.md-h2').textContent()).toBe('Crag · round 4/13');
    expect(await container.locator('.mention').first().textContent()).toBe('@bob');
    expect(await container.locator('.md-subtext').textContent()).toBe('one reroll · game #7');
    expect(await container.locator('.cv2-section').first().locator('.md-list li').allTextContents()).toEqual([
      'keep the pair',
      'reroll the three',
    ]);
    expect(await shownText(container.locator('.cv2-accessory button.btn-primary'))).toBe('💡Hint');
    // Media load from the page's own /cdn (the emulator's CDN behind it); a placeholder stands in if it has none.
    await expect
      .poll(() => asked.filter((pathname) => /^\/cdn\/attachments\/\d+\/\d+\/dice\.png$/.test(pathname)))
      .not.toEqual([]);
    await expect.poll(() => asked).toContain('/cdn/attachments/1/2/other.png');
    await expect.poll(() => asked).toContain(`/cdn/emojis/${emojiId}.png`);
    const thumbnail = container.locator(
      '.cv2-thumbnail img[alt="the dice"], .cv2-thumbnail .media-missing[title="the dice"]',
    );
    expect(await thumbnail.count()).toBe(1);
    expect(await container.locator('.cv2-separator.large.divider').count()).toBe(1);
    expect(await container.locator('.cv2-separator.small:not(.divider)').count()).toBe(1);
    const gallery = container.locator('.cv2-gallery.count-3 .cv2-gallery-item');
    expect(await gallery.count()).toBe(3);
    expect(await gallery.nth(1).locator('button.spoiler-tag').textContent()).toBe('SPOILER');
    expect(await container.locator('.file-box .file-name').textContent()).toBe('rules.txt');
    expect(await container.locator('.file-box .file-size').textContent()).toBe('26 bytes');
    const buttons = container.locator('.action-row').first().locator('.btn');
    expect(await buttons.evaluateAll((all) => all.map((button) => button.className))).toEqual([
      'btn btn-primary',
      'btn btn-secondary',
      'btn btn-success',
      'btn btn-danger',
      'btn btn-secondary',
    ]);
    expect(await buttons.nth(1).locator('img.emoji[alt=":dice:"], .emoji-fallback').count()).toBe(1);
    expect(await buttons.nth(3).isDisabled()).toBe(true);
    expect(await buttons.nth(4).getAttribute('href')).toBe('https://example.com/rules');
    await container.locator('.select-box').click();
    expect(await container.locator('.select-option-description').allTextContents()).toEqual([
      'Sum of the sixes',
      'Any total of 13',
    ]);
    expect(await container.locator('.select-option').first().locator('.emoji-unicode').textContent()).toBe('⚅');
    await container.locator('.select-box').click();
    expect(await message.locator('.cv2 > .cv2-text').textContent()).toBe('Outside the container: December 1, 2026');
    await saveElementScreenshot(message, 'docs/components-v2.png');

    // Its buttons are real: the click reaches the bot, whose answer only alice sees.
    await container.locator('.cv2-accessory button').click();
    await alice.page.locator('li.message.ephemeral', { hasText: 'not one I recognise' }).waitFor();
  });

  it('draws markdown, embeds with fields, images and files in plain messages', async () => {
    const { id } = await postAsBot(
      playground,
      {
        content: `# Heading\n**bold** *italics* \`code\`\n- one\n- two\n-# small print\n<@${person('carol').id}> <:dice:123456789012345678> <t:${Math.floor(Date.now() / 1000) + 600}:R>\n\`\`\`\nblock\n\`\`\``,
        embeds: [
          {
            title: 'Embed title',
            description: 'Embed **text**',
            color: 0xf0b232,
            fields: [
              { name: 'A', value: '1', inline: true },
              { name: 'B', value: '2', inline: true },
              { name: 'Wide', value: 'full width' },
            ],
            footer: { text: 'footer text' },
            thumbnail: { url: 'attachment://dice.png' },
          },
        ],
        attachments: [{ id: 0, filename: 'dice.png' }],
      },
      [{ name: 'dice.png', type: 'image/png', bytes: TINY_PNG }],
    );
    const message = alice.page.locator(`li[data-message-id="${id}"]`);
    await message.waitFor();
    const content = message.locator('.message-content');
    expect(await content.locator('.md-h1').textContent()).toBe('Heading');
    expect(await content.locator('strong').first().textContent()).toBe('bold');
    expect(await content.locator('em').textContent()).toBe('italics');
    expect(await content.locator('.md-inline-code').textContent()).toBe('code');
    expect(await content.locator('.md-list li').allTextContents()).toEqual(['one', 'two']);
    expect(await content.locator('.md-subtext').textContent()).toBe('small print');
    expect(await content.locator('.mention').textContent()).toBe('@carol');
    expect(await content.locator('img.emoji[alt=":dice:"], .emoji-fallback').count()).toBe(1);
    expect(await content.locator('.md-timestamp').textContent()).toBe('in 10 minutes');
    expect(await content.locator('.md-code-block').textContent()).toBe('block');
    const embed = message.locator('.embed');
    expect(
      await embed.evaluate((element) => element.ownerDocument.defaultView.getComputedStyle(element).borderLeftColor),
    ).toBe('rgb(240, 178, 50)');
    expect(await embed.locator('.embed-field-name').allTextContents()).toEqual(['A', 'B', 'Wide']);
    expect(await embed.locator('.embed-footer').textContent()).toBe('footer text');
    expect(await embed.locator('.embed-thumbnail').getAttribute('src')).toMatch(
      /^\/cdn\/attachments\/\d+\/\d+\/dice\.png$/,
    );
    // The image an embed already shows is not shown twice.
    expect(await message.locator('.attachments').count()).toBe(0);
  });

  it('offers commands, options and choices as one types, and explains a wrong value', async () => {
    await alice.composer.click();
    await alice.page.keyboard.type('/');
    const picker = alice.page.locator('.picker');
    expect(await picker.locator('.picker-label').first().textContent()).toBe('/crag start');
    await alice.page.keyboard.type('crag sheet player:');
    expect(await picker.locator('.picker-label').allTextContents()).toEqual(['@alice', '@bob', '@carol', '@dave']);
    await alice.composer.fill('');
    await alice.page.keyboard.type('/crag start turn-timer:');
    expect(await picker.locator('.picker-hint').textContent()).toBe('A whole number from 1 to 60');
    await alice.page.keyboard.type('99');
    await alice.page.keyboard.press('Enter');
    expect(await alice.page.locator('.composer-problem').textContent()).toBe('turn-timer must be at most 60.');
    expect(await alice.composer.inputValue()).toBe('/crag start turn-timer:99');
    await alice.composer.fill('');
  });

  it('seats computer players, who move by themselves', async () => {
    const carol = await ChannelPage.open(browser, playground.url, 'carol');
    await carol.type('/crag start computers:2 level:easy');
    await carol.messageTitled('Crag · a new game is open').waitFor();
    await carol.clickAndWaitForBoard(carol.board().getByRole('button', { name: 'Start' }));
    expect((await carol.readBoard()).currentPlayer).toBe('carol');
    const choices = await carol.rowChoices();
    await carol.chooseRow(choices[0]?.label ?? '');
    // Both computers play their turn; then it is carol's again, in round 2.
    await carol.messageTitled('Crag · round 2/13').waitFor({ timeout: 30_000 });
    await carol.board().filter({ hasText: '(@carol), your turn' }).waitFor({ timeout: 30_000 });
    expect((await carol.readBoard()).description).toMatch(/🤖 Easy 1 \d+/);
    await carol.type('/crag end');
    await carol.messageTitled('Crag · game ended').waitFor();
    await carol.close();
  });

  it('fits a phone: an action row wraps, and nothing is wider than the screen', async () => {
    const dave = await ChannelPage.open(browser, playground.url, 'dave', PHONE);
    await dave.type('/crag start');
    const lobby = dave.messageTitled('Crag · a new game is open');
    await lobby.waitFor();
    // The five buttons of the Components V2 message's row take two lines, all on screen.
    const row = dave.page.locator('.cv2 .action-row').first().locator('.btn');
    const boxes = await row.evaluateAll((all) =>
      all.map((button) => {
        const box = button.getBoundingClientRect();
        return { top: box.top, right: box.right };
      }),
    );
    expect(boxes).toHaveLength(5);
    expect(new Set(boxes.map((box) => box.top)).size).toBeGreaterThan(1);
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(PHONE.width);
    expect(await dave.page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await dave.type('/crag end');
    await dave.close();
  });

  it('switches who you are in one click, and remembers it in the address', async () => {
    await alice.page.locator('.person-switch', { hasText: 'bob' }).click();
    await alice.page.locator('.person.you', { hasText: 'bob' }).waitFor();
    await alice.waitUntilLive();
    expect(new URL(alice.page.url()).searchParams.get('as')).toBe('bob');
    // Now the ephemeral answers are bob's: alice's earlier one is not shown to him.
    expect(await alice.page.locator('li.message.ephemeral', { hasText: 'not one I recognise' }).count()).toBe(0);
    await alice.page.locator('.person-switch', { hasText: 'alice' }).click();
    await alice.page.locator('.person.you', { hasText: 'alice' }).waitFor();
    await alice.page.locator('li.message.ephemeral', { hasText: 'not one I recognise' }).waitFor();
  });
});
