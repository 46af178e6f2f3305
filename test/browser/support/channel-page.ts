import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

/** Records, inside the page, when a click happened and when each message was redrawn after an edit. */
const TIMING_SCRIPT = `
  window.__crag = { lastClick: 0, edits: [] };
  document.addEventListener('click', () => { window.__crag.lastClick = performance.now(); }, true);
  new MutationObserver((records) => {
    for (const record of records) {
      window.__crag.edits.push({ id: record.target.dataset.messageId, at: performance.now() });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-edited'] });
`;

/**
 * The page-side globals the functions below use. These tests are typed for Node, and playwright
 * runs those functions in the page (as functions: the page's CSP forbids evaluating strings).
 */
declare const window: { __crag: { lastClick: number; edits: { id: string; at: number }[] } };
declare const document: { querySelector(selector: string): { getAttribute(name: string): string | null } | null };

/** The little of the DOM that shownTexts uses, in the page. */
interface PageNode {
  replaceWith(node: PageNode): void;
}
interface PageElement extends PageNode {
  readonly innerText?: string;
  readonly textContent: string | null;
  readonly ownerDocument: { createTextNode(text: string): PageNode };
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
}

/**
 * The text of each element as a person reads it, with every emoji image read as its alt text (the
 * page draws unicode and custom emoji as images, as Discord's client does): its rendered lines
 * (`innerText`), or with `flat` all its text in one run (`textContent`).
 */
export function shownTexts(locator: Locator, flat = false): Promise<string[]> {
  return locator.evaluateAll(
    (nodes, asOneRun) =>
      (nodes as unknown as PageElement[]).map((element) => {
        const swapped = Array.from(element.querySelectorAll('img.emoji'), (image) => {
          const text = element.ownerDocument.createTextNode(image.getAttribute('alt') ?? '');
          image.replaceWith(text);
          return { image, text };
        });
        // biome-ignore lint/performance/useDomNodeTextContent: a board's lines are its rendered lines (its <br>s), as allInnerTexts reads them.
        const rendered = element.innerText;
        const shown = asOneRun || rendered === undefined ? (element.textContent ?? '') : rendered;
        for (const { image, text } of swapped) text.replaceWith(image);
        return shown;
      }),
    flat,
  );
}

/** One element's text in one run, emoji included (see shownTexts). */
export async function shownText(locator: Locator): Promise<string> {
  return (await shownTexts(locator.first(), true))[0] ?? '';
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 360, height: 740 } as const;

/** What the board shows, read from the page as a person reads it. */
export interface BoardView {
  readonly id: string;
  readonly edited: string;
  /** Its heading ("Crag · round 3/13"). */
  readonly title: string;
  /** Every other text of it, line by line. */
  readonly description: string;
  /** "alice" in "alice (@alice), your turn"; null on a computer's turn or when the game is over. */
  readonly currentPlayer: string | null;
  readonly dice: number[];
  readonly kept: boolean[];
  readonly rerollLabel: string;
  readonly rerollEnabled: boolean;
}

/** One person's tab on the playground: what they see and what they type and click. */
export class ChannelPage {
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly person: string,
  ) {}

  static async open(
    browser: Browser,
    baseUrl: string,
    person: string,
    viewport: { width: number; height: number } = DESKTOP,
  ): Promise<ChannelPage> {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' });
    await context.addInitScript(TIMING_SCRIPT);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}/?as=${person}`);
    const channel = new ChannelPage(context, page, person);
    await channel.waitUntilLive();
    if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
    return channel;
  }

  /** The message box accepts typing once the live channel is open. */
  async waitUntilLive(timeoutMs = 30_000): Promise<void> {
    await this.page.locator('.composer-input:not([disabled])').waitFor({ timeout: timeoutMs });
  }

  get composer(): Locator {
    return this.page.locator('.composer-input');
  }

  /**
   * Types a command as a person does: the text, Enter to take the picker's highlighted row (the
   * command itself, or a choice), Enter again to send; stops once the box is empty.
   */
  async type(text: string): Promise<void> {
    await this.composer.click();
    await this.page.keyboard.type(text);
    for (let press = 0; press < 3 && (await this.composer.inputValue()) !== ''; press += 1) {
      await this.page.keyboard.press('Enter');
    }
    if ((await this.composer.inputValue()) !== '') {
      const problem = await this.page.locator('.composer-problem').textContent();
      throw new Error(`"${text}" was not sent: ${problem ?? 'no reason shown'}`);
    }
  }

  /** Every message this person sees, newest last. */
  messages(): Locator {
    return this.page.locator('li.message');
  }

  /** A message's heading: the first text of its Components V2 container. */
  private heading(title: string | RegExp): Locator {
    return this.page.locator('.cv2-container > .cv2-text:first-child', { hasText: title });
  }

  /** The newest message whose heading starts with `title`. */
  messageTitled(title: string): Locator {
    return this.page
      .locator('li.message')
      .filter({ has: this.heading(title) })
      .last();
  }

  /** The game board (lobby, turn or final standings): the bot's newest "Crag · …" message with controls. */
  /** How a board's heading starts (a lobby, a round, the standings): English unless a test reads another language. */
  boardHeadings: RegExp = /^Crag · (a new game|round|final)/;

  board(): Locator {
    return this.page
      .locator('li.message')
      .filter({ has: this.heading(this.boardHeadings) })
      .last();
  }

  /** The die buttons: the board's first row of controls, each die a face (an emoji image, or a label). */
  dieButtons(): Locator {
    return this.board().locator('.action-row').first().locator('button');
  }

  async readBoard(): Promise<BoardView> {
    const board = this.board();
    const texts = await shownTexts(board.locator('.cv2-container > .cv2-text'));
    const [title = '', ...rest] = texts;
    const description = rest.join('\n');
    const dice = await this.dieButtons().evaluateAll((buttons) =>
      buttons.map((button) => {
        // A die emoji's alt text names its face (":crag_d5:"); without emojis the label does ("⚄ 5").
        const face = button.querySelector('img')?.getAttribute('alt') ?? button.textContent ?? '';
        return { face: Number(/(\d)/.exec(face)?.[1]), kept: button.classList.contains('btn-success') };
      }),
    );
    const reroll = board.locator('button', { hasText: /Reroll|No rerolls/ });
    const hasReroll = (await reroll.count()) > 0;
    const onTheBoard = dice.filter((die) => !Number.isNaN(die.face));
    return {
      id: (await board.getAttribute('data-message-id')) ?? '',
      edited: (await board.getAttribute('data-edited')) ?? '',
      title,
      description,
      currentPlayer: /\(@(\w+)\), your turn/.exec(description)?.[1] ?? null,
      dice: onTheBoard.map((die) => die.face),
      kept: onTheBoard.map((die) => die.kept),
      rerollLabel: hasReroll ? ((await reroll.textContent()) ?? '') : '',
      rerollEnabled: hasReroll && (await reroll.isEnabled()),
    };
  }

  /**
   * Clicks something that must redraw the board, and returns how long the page took from the click
   * to showing the new board (measured inside the page).
   */
  async clickAndWaitForBoard(target: Locator): Promise<number> {
    const board = this.board();
    const id = (await board.getAttribute('data-message-id')) ?? '';
    const before = (await board.getAttribute('data-edited')) ?? '';
    const editsBefore = await this.page.evaluate(() => window.__crag.edits.length);
    await target.click();
    await this.page.waitForFunction(
      ([messageId, previous]) =>
        document.querySelector(`li[data-message-id="${messageId}"]`)?.getAttribute('data-edited') !== previous,
      [id, before] as const,
      { timeout: 15_000 },
    );
    return this.page.evaluate(
      ([messageId, from]) => {
        const edit = window.__crag.edits.slice(from).find((entry) => entry.id === messageId);
        return edit ? edit.at - window.__crag.lastClick : Number.NaN;
      },
      [id, editsBefore] as const,
    );
  }

  /** Picks an option of the board's row menu; returns the click-to-board time. */
  async chooseRow(label: string): Promise<number> {
    const board = this.board();
    await board.locator('.select-box').click();
    return this.clickAndWaitForBoard(board.locator('.select-option-label').getByText(label, { exact: true }));
  }

  /** The row menu's offer: "Sixes · 12" → { label, points: 12 }. */
  async rowChoices(): Promise<{ label: string; points: number }[]> {
    const board = this.board();
    await board.locator('.select-box').click();
    const labels = await board.locator('.select-option-label').allTextContents();
    await board.locator('.select-box').click();
    return labels.map((label) => ({ label, points: Number(label.split(' · ')[1]) }));
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
