import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeBringBackId, encodeBringBackId } from '../../src/bot/bring-back-id.js';
import { soonWithoutToken, untilWaitingNotice, WAITING_NOTICE_MS, WaitingBoards } from '../../src/bot/waiting-board.js';
import { TOKEN_LIFETIME_MS, TOKEN_MARGIN_MS } from '../../src/bot/webhook-allowance.js';

const MINUTE = 60_000;
/** The last moment the bot may still draw through a token created at 0. */
const USABLE_UNTIL = TOKEN_LIFETIME_MS - TOKEN_MARGIN_MS;

describe('when a board drawn through a token shows "Bring the game back"', () => {
  it("only in the token's last two usable minutes", () => {
    const token = { createdAt: 0 };
    expect(soonWithoutToken(token, 0)).toBe(false);
    expect(soonWithoutToken(token, USABLE_UNTIL - WAITING_NOTICE_MS)).toBe(false);
    expect(soonWithoutToken(token, USABLE_UNTIL - WAITING_NOTICE_MS + 1)).toBe(true);
    expect(soonWithoutToken(token, 13.5 * MINUTE)).toBe(true);
    expect(untilWaitingNotice(token, 2 * MINUTE)).toBe(10 * MINUTE);
    expect(untilWaitingNotice(token, 12 * MINUTE)).toBeUndefined();
  });
});

describe('WaitingBoards', () => {
  let now = 0;
  const redrawn: number[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    now = 0;
    redrawn.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const boards = () =>
    new WaitingBoards(
      () => now,
      (gameId) => redrawn.push(gameId),
    );

  it('redraws once when the newest token enters its last two minutes, and follows a newer token', () => {
    const waiting = boards();
    waiting.watch(7, { token: 'a', createdAt: 0 });
    // The same token again (every redraw through it says so) arms nothing more.
    waiting.watch(7, { token: 'a', createdAt: 0 });
    vi.advanceTimersByTime(12 * MINUTE - 1);
    expect(redrawn).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(redrawn).toEqual([7]);

    now = 13 * MINUTE;
    waiting.watch(7, { token: 'b', createdAt: now });
    vi.advanceTimersByTime(11 * MINUTE);
    // Token a's notice is not repeated; token b's falls 12 minutes after its press.
    expect(redrawn).toEqual([7]);
    vi.advanceTimersByTime(MINUTE);
    expect(redrawn).toEqual([7, 7]);
  });

  it('arms nothing for a token already in its last minutes, and nothing after forget', () => {
    const waiting = boards();
    now = 13 * MINUTE;
    waiting.watch(1, { token: 'late', createdAt: 0 });
    now = 0;
    waiting.watch(2, { token: 'fresh', createdAt: 0 });
    waiting.forget(2);
    vi.advanceTimersByTime(TOKEN_LIFETIME_MS);
    expect(redrawn).toEqual([]);
  });

  it('tells the next token to draw a change no token could draw', () => {
    const waiting = boards();
    expect(waiting.tokenCame(3, { token: 'a', createdAt: 0 })).toBe(false);
    waiting.missed(3);
    expect(waiting.tokenCame(3, { token: 'b', createdAt: 0 })).toBe(true);
    expect(waiting.tokenCame(3, { token: 'c', createdAt: 0 })).toBe(false);
  });
});

describe('the custom_id of "Bring the game back"', () => {
  it('reads back what it writes, and nothing else', () => {
    expect(encodeBringBackId(42)).toBe('crag-back:1:42');
    expect(decodeBringBackId('crag-back:1:42')).toEqual({ gameId: 42 });
    for (const forged of ['crag-back:2:42', 'crag-back:1:0', 'crag-back:1:42:x', 'crag:42:1:reroll', 'crag-back:1:'])
      expect(decodeBringBackId(forged), forged).toBeUndefined();
  });
});
