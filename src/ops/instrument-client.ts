import { type Client, Events, RESTEvents } from 'discord.js';
import { metrics } from './metrics.js';
import { callbackInteractionId, restRouteTemplate } from './rest-route.js';

/** Interactions waiting for their callback; more than this (lost answers) and the oldest are forgotten. */
const MAX_WAITING = 5_000;

/**
 * Counts what the client sends Discord, from discord.js's REST events (every response, with 429s
 * apart, and every rate-limit wait), and times each interaction from its arrival to the answer to
 * its callback.
 */
export function instrumentClient(client: Client): void {
  const received = new Map<string, number>();
  client.on(Events.InteractionCreate, (interaction) => {
    received.set(interaction.id, performance.now());
    if (received.size > MAX_WAITING) received.delete(received.keys().next().value ?? '');
  });
  client.rest.on(RESTEvents.Response, (request, response) => {
    const route = restRouteTemplate(request.path);
    metrics.restRequests.inc({ method: request.method, route, status: String(response.status) });
    if (response.status === 429) {
      // By its scope: the budget takes X-RateLimit-Global off before discord.js sees the answer.
      const global = response.headers.get('x-ratelimit-scope') === 'global';
      metrics.rest429.inc({ route, global: String(global) });
    }
    const interactionId = callbackInteractionId(request.path);
    const at = interactionId === undefined ? undefined : received.get(interactionId);
    if (interactionId !== undefined && at !== undefined) {
      received.delete(interactionId);
      metrics.interactionCallback.observe((performance.now() - at) / 1000);
    }
  });
  client.rest.on(RESTEvents.RateLimited, (info) => metrics.restRateLimitWaits.inc({ global: String(info.global) }));
}
