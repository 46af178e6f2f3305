import { periodLabelOfKey } from './render/index.js';

/**
 * The Share button under a person's statistics: `crag-share:<user id>:<period key>`. It names who
 * asked (only they may press it) and the period as it was when they asked, so a month that turns
 * over before they press does not change what is shared.
 */
export interface ShareId {
  readonly userId: string;
  readonly period: string;
}

const PREFIX = 'crag-share';

export function encodeShareId({ userId, period }: ShareId): string {
  return `${PREFIX}:${userId}:${period}`;
}

/** Reads a Share button's custom_id; anything else (a board's controls, forgeries) is undefined. */
export function decodeShareId(customId: string): ShareId | undefined {
  const match = /^crag-share:(\d{17,20}):(.+)$/.exec(customId);
  if (!match?.[1] || !match[2] || !periodLabelOfKey(match[2])) return undefined;
  return { userId: match[1], period: match[2] };
}
