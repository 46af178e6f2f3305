import type { GameWebhook } from '../store/index.js';
import { tokenTimeLeft } from './webhook-allowance.js';

/**
 * How long before a game's newest token stops being usable (webhook-allowance.ts) its board starts
 * to show "Bring the game back": every drawing through that token from then on is likely its last,
 * because nothing the bot does on its own (a time-out, a computer's move) can be drawn once the
 * token is out. Two minutes leaves the last drawing a minute of margin inside the token's own.
 */
export const WAITING_NOTICE_MS = 2 * 60_000;

/** Whether a drawing through `webhook` at `now` should carry the control that brings the game back. */
export function soonWithoutToken(webhook: Pick<GameWebhook, 'createdAt'>, now: number): boolean {
  return tokenTimeLeft(webhook, now) < WAITING_NOTICE_MS;
}

/**
 * How long from `now` until a board drawn through `webhook` should carry the control, or undefined
 * when it should already: the publisher redraws the board then, so that one drawing with the control
 * lands while the token can still edit, even when no time-out or computer falls in those minutes.
 */
export function untilWaitingNotice(webhook: Pick<GameWebhook, 'createdAt'>, now: number): number | undefined {
  const left = tokenTimeLeft(webhook, now) - WAITING_NOTICE_MS;
  return left > 0 ? left : undefined;
}

/**
 * The board publisher's memory of games reached through webhooks whose board waits or soon will.
 * One timer per game, for its newest token: when the token enters its last minutes
 * (WAITING_NOTICE_MS), the board is redrawn once, so that it shows "Bring the game back" before it
 * must wait. And the games that changed while no token could draw them, drawn by the next token.
 * Kept in memory only: after a restart, the game's next redraw through its token arms the timer
 * again (a time-out, a computer's move and a press all redraw).
 */
export class WaitingBoards {
  private readonly timers = new Map<number, { readonly token: string; readonly timer: NodeJS.Timeout }>();
  private readonly undrawn = new Set<number>();

  constructor(
    private readonly now: () => number,
    private readonly redraw: (gameId: number) => void,
  ) {}

  /** `webhook` is the game's newest token: the notice follows it, in place of an older token's. */
  watch(gameId: number, webhook: Pick<GameWebhook, 'createdAt' | 'token'>): void {
    if (this.timers.get(gameId)?.token === webhook.token) return;
    this.disarm(gameId);
    const delay = untilWaitingNotice(webhook, this.now());
    if (delay === undefined) return;
    const timer = setTimeout(() => {
      this.timers.delete(gameId);
      this.redraw(gameId);
    }, delay);
    // A notice is no reason to keep a process alive that is otherwise done.
    timer.unref();
    this.timers.set(gameId, { token: webhook.token, timer });
  }

  /** The game changed while no token could draw it. */
  missed(gameId: number): void {
    this.undrawn.add(gameId);
  }

  /** A newer token was kept for the game: true when it should draw a change it missed. */
  tokenCame(gameId: number, given: Pick<GameWebhook, 'createdAt' | 'token'>): boolean {
    this.watch(gameId, given);
    return this.undrawn.delete(gameId);
  }

  forget(gameId: number): void {
    this.undrawn.delete(gameId);
    this.disarm(gameId);
  }

  private disarm(gameId: number): void {
    const armed = this.timers.get(gameId);
    if (armed) clearTimeout(armed.timer);
    this.timers.delete(gameId);
  }
}
