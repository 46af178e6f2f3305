import { expect } from 'vitest';
import { type ChannelPage, PHONE } from './channel-page.js';

interface Box {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
  readonly text: string;
}

/**
 * The board's controls as a phone shows them, measured in the page: Discord's phone client wraps the
 * buttons of a row that does not fit, so each row must fit on its own line, in its order. The dice
 * sit side by side on one line, Reroll on the next, then the menu of rows, then Hint and My sheet;
 * nothing is wider than the screen.
 */
export async function expectControlsFitAPhone(phone: ChannelPage): Promise<void> {
  const rows = await phone
    .board()
    .locator('.action-row')
    .evaluateAll((elements) =>
      elements.map((row) =>
        [...row.children].map((control) => {
          const box = control.getBoundingClientRect();
          return {
            top: box.top,
            bottom: box.bottom,
            left: box.left,
            right: box.right,
            text: control.textContent ?? '',
          };
        }),
      ),
    );
  const [dice = [], reroll = [], menu = [], extras = [], ...more] = rows as Box[][];
  expect(more).toEqual([]);
  expect(dice).toHaveLength(3);
  expect(new Set(dice.map((die) => die.top)).size).toBe(1);
  expect(reroll.map((button) => button.text)).toEqual([expect.stringMatching(/^Reroll|^No rerolls/)]);
  expect(menu).toHaveLength(1);
  expect(extras.map((button) => button.text)).toEqual(['Hint', 'My sheet']);
  expect(new Set(extras.map((button) => button.top)).size).toBe(1);
  const lowest = (boxes: readonly Box[]) => Math.max(...boxes.map((box) => box.bottom));
  const highest = (boxes: readonly Box[]) => Math.min(...boxes.map((box) => box.top));
  expect(highest(reroll)).toBeGreaterThanOrEqual(lowest(dice));
  expect(highest(menu)).toBeGreaterThanOrEqual(lowest(reroll));
  expect(highest(extras)).toBeGreaterThanOrEqual(lowest(menu));
  for (const box of [...dice, ...reroll, ...menu, ...extras]) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await phone.page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}
