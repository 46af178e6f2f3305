import type { GameWebhook } from '../store/index.js';

/** "Interaction tokens are valid for 15 minutes" (docs/interactions/receiving-and-responding.mdx). */
export const TOKEN_LIFETIME_MS = 15 * 60_000;
/**
 * How long before a token's end the bot stops using it. A request can wait in the request budget,
 * and a retried one goes again later; the clocks of the bot and of Discord may differ by a second or
 * two. A minute covers all of it: a request that could reach Discord after the end is never sent.
 */
export const TOKEN_MARGIN_MS = 60_000;
/**
 * "Apps are limited to 5 followup messages per interaction if it was initiated from a user-installed
 * app and isn't installed in the server" (receiving-and-responding.mdx, "Create Followup Message").
 * A game reached through webhooks is always in such a place.
 */
export const FOLLOW_UP_CAP = 5;

/**
 * What the bot may still do with a game's newest interaction token at `now` (epoch ms on the bot's
 * clock, which is the one the interaction's creation time was read on): edit the board while the
 * token has time left beyond the margin, and post a follow-up while it has one left too.
 */
export function tokenTimeLeft(webhook: Pick<GameWebhook, 'createdAt'>, now: number): number {
  return Math.max(0, webhook.createdAt + TOKEN_LIFETIME_MS - TOKEN_MARGIN_MS - now);
}

export function mayEditWith(webhook: Pick<GameWebhook, 'createdAt'>, now: number): boolean {
  return tokenTimeLeft(webhook, now) > 0;
}

export function mayFollowUpWith(webhook: GameWebhook, now: number): boolean {
  return mayEditWith(webhook, now) && webhook.followUpsUsed < FOLLOW_UP_CAP;
}
