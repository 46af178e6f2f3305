import { describe, expect, it } from 'vitest';
import {
  FOLLOW_UP_CAP,
  mayEditWith,
  mayFollowUpWith,
  TOKEN_LIFETIME_MS,
  TOKEN_MARGIN_MS,
  tokenTimeLeft,
} from '../../src/bot/webhook-allowance.js';

const T0 = 1_700_000_000_000;
const token = (followUpsUsed: number) => ({ applicationId: '8001', token: 't', createdAt: T0, followUpsUsed });

describe('what a game may still do with its newest interaction token', () => {
  it('edits until a minute before the 15 minutes end, never at or after it', () => {
    const lastMoment = T0 + TOKEN_LIFETIME_MS - TOKEN_MARGIN_MS;
    expect(TOKEN_LIFETIME_MS).toBe(900_000);
    expect(mayEditWith(token(0), T0)).toBe(true);
    expect(mayEditWith(token(0), lastMoment - 1)).toBe(true);
    expect(mayEditWith(token(0), lastMoment)).toBe(false);
    expect(mayEditWith(token(0), T0 + TOKEN_LIFETIME_MS)).toBe(false);
    expect(tokenTimeLeft(token(0), T0 + 16 * 60_000)).toBe(0);
    expect(tokenTimeLeft(token(0), T0 + 60_000)).toBe(13 * 60_000);
  });

  it('posts at most five follow-ups, and none once the token has no time left', () => {
    expect(FOLLOW_UP_CAP).toBe(5);
    expect([0, 1, 2, 3, 4, 5, 6].map((used) => mayFollowUpWith(token(used), T0))).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(mayFollowUpWith(token(0), T0 + 14 * 60_000)).toBe(false);
  });
});
