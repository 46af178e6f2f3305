import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ROOT } from '../../e2e/support/bot-process.js';

/** Screenshots are written only when asked (UPDATE_SCREENSHOTS=1): dice and clocks differ on every run. */
export const UPDATING_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';

/**
 * Saves what the page shows at its fixed viewport into the repository (e.g. `docs/board.png`),
 * with the mouse parked on the header (no hover), animations stopped and no caret.
 */
export async function saveScreenshot(page: Page, file: string): Promise<void> {
  if (!UPDATING_SCREENSHOTS) return;
  const target = path.join(ROOT, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.mouse.move(width / 2, 8);
  await page.screenshot({ path: target, animations: 'disabled', caret: 'hide' });
}

/** Saves one element (a single message) the same way, in a window tall enough to show all of it. */
export async function saveElementScreenshot(element: Locator, file: string): Promise<void> {
  if (!UPDATING_SCREENSHOTS) return;
  const target = path.join(ROOT, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const page = element.page();
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: viewport.width, height: 1600 });
  await page.mouse.move(viewport.width / 2, 8);
  await element.screenshot({ path: target, animations: 'disabled', caret: 'hide' });
  await page.setViewportSize(viewport);
}
