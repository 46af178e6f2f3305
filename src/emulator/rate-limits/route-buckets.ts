/**
 * Discord's per-route rate limits, as far as they can be known. Discord's docs give no figures
 * ("rate limits should not be hard coded", docs/topics/rate-limits.mdx) and say only that a limit is
 * per route (sometimes shared by several routes, named by `X-RateLimit-Bucket`) and per top-level
 * resource: the channel, the guild, or the webhook with its token. The figures below are what
 * Discord's own headers were reported to announce in discord/discord-api-docs issues; each entry
 * says which. Routes not listed have no per-route limit here (only the global one).
 */
export interface BucketRule {
  /** `X-RateLimit-Bucket`: the same for every route sharing the limit, without the major parameter. */
  readonly hash: string;
  readonly limit: number;
  readonly windowMs: number;
}

/** Create and edit a channel message share one bucket of 5 per 5 s per channel (discord-api-docs#2761). */
const CHANNEL_MESSAGE_WRITE: BucketRule = { hash: 'c6b5e1a0d2f1e9b3a4c7d8e2f0a1b2c3', limit: 5, windowMs: 5000 };

/**
 * Deleting a message has its own bucket: 5 per 1 s per channel for messages younger than 10 s and
 * for unknown ones (discord-api-docs#8330, 2026). discord.js also expects it to differ from the
 * write bucket: its route data keys a bucket by method, and gives deletes of messages older than
 * two weeks a separate one ("/Delete Old Message", @discordjs/rest REST.generateRouteData).
 */
const CHANNEL_MESSAGE_DELETE: BucketRule = { hash: '9a4e05a217afd885787cb9f6f7d71853', limit: 5, windowMs: 1000 };

/**
 * Interaction webhooks "share the same rate limit properties as normal webhooks"
 * (docs/interactions/receiving-and-responding.mdx), keyed by webhook plus token, so one
 * interaction's follow-ups and edits. 5 per 2 s is the figure webhook libraries read in the
 * headers; the docs give none. A click needs one or two such requests, far below it.
 */
const INTERACTION_WEBHOOK: BucketRule = { hash: 'e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6', limit: 5, windowMs: 2000 };

/** Channel edits (thread archiving, renames): 10 per 15 s per channel (discord-api-docs#2761). */
const CHANNEL_EDIT: BucketRule = { hash: 'b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2', limit: 10, windowMs: 15_000 };

/** Keyed `METHOD template` (the emulator's route templates). */
export const ROUTE_BUCKETS: Readonly<Record<string, BucketRule>> = {
  'POST /channels/:channelId/messages': CHANNEL_MESSAGE_WRITE,
  'PATCH /channels/:channelId/messages/:messageId': CHANNEL_MESSAGE_WRITE,
  'DELETE /channels/:channelId/messages/:messageId': CHANNEL_MESSAGE_DELETE,
  'PATCH /channels/:channelId': CHANNEL_EDIT,
  'POST /webhooks/:appId/:token': INTERACTION_WEBHOOK,
  'GET /webhooks/:appId/:token/messages/@original': INTERACTION_WEBHOOK,
  'PATCH /webhooks/:appId/:token/messages/@original': INTERACTION_WEBHOOK,
  'DELETE /webhooks/:appId/:token/messages/@original': INTERACTION_WEBHOOK,
  'GET /webhooks/:appId/:token/messages/:messageId': INTERACTION_WEBHOOK,
  'PATCH /webhooks/:appId/:token/messages/:messageId': INTERACTION_WEBHOOK,
  'DELETE /webhooks/:appId/:token/messages/:messageId': INTERACTION_WEBHOOK,
};

/**
 * The top-level resource a route's limit is counted for (docs/topics/rate-limits.mdx): the channel,
 * the guild, or the webhook with its token; `global` for routes without one.
 */
export function majorParameter(params: Readonly<Record<string, string>>): string {
  if (params.channelId) return `channel:${params.channelId}`;
  if (params.guildId) return `guild:${params.guildId}`;
  if (params.appId && params.token) return `webhook:${params.appId}/${params.token}`;
  return 'global';
}
