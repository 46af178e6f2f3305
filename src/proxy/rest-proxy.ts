import type { IncomingMessage, ServerResponse } from 'node:http';
import { populateErrorResponse, populateSuccessfulResponse } from '@discordjs/proxy';
// The same module instance as @discordjs/proxy's (its error helpers test `instanceof`), not
// discord.js's CommonJS copy.
import { DefaultRestOptions, REST, type RequestMethod, type RouteLike } from '@discordjs/rest';
import { RequestBudget } from '../bot/request-budget.js';
import type { Logger } from '../log.js';
import { BodyTooLargeError, readBody, refuseBody } from '../net/body.js';
import { type Edge, openEdge } from '../net/edge.js';
import { API_HEADERS } from '../net/security-headers.js';

export interface RestProxyOptions {
  /** Discord's REST base without version: https://discord.com/api, or an emulator's. */
  readonly upstream: string;
  /** Requests a second let through for all the bot's processes: under Discord's global limit. */
  readonly globalPerSecond: number;
  readonly log: Logger;
}

/**
 * Interaction callbacks and interaction webhooks, which carry their own token in the path and no
 * Authorization (docs/interactions/receiving-and-responding.mdx, "Endpoints"): not bound by the
 * global limit.
 */
function isInteractionRoute(route: string, request: IncomingMessage): boolean {
  return !request.headers.authorization && /^\/(interactions|webhooks)\//.test(route);
}

/**
 * Discord's own cap on a request (25 MiB, answered 413 / 40005 "Request entity too large") holds
 * on the routes that carry files: messages, webhooks and interaction callbacks, and threads with
 * a first message. Every other route takes JSON far smaller; its largest here, a bulk overwrite of
 * the commands in every catalogue, is a few hundred kilobytes, and an application emoji (256 KiB
 * as a data URI) about 350: 1 MiB leaves room and keeps a stranger's body small.
 */
export const FILE_ROUTE_MAX_BYTES = 25 * 1024 * 1024;
export const JSON_ROUTE_MAX_BYTES = 1024 * 1024;
/** Bodies held at once across every request: past it a request is told to come back (503). */
export const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

function bodyLimitOf(route: string): number {
  return /\/(messages|webhooks|interactions|threads)(\/|$)/.test(route) ? FILE_ROUTE_MAX_BYTES : JSON_ROUTE_MAX_BYTES;
}

/** Discord's answer to a body over its cap, in its own shape. */
function tooLarge(request: IncomingMessage, response: ServerResponse): void {
  refuseBody(request, response, 413, JSON_TYPE, JSON.stringify({ message: 'Request entity too large', code: 40005 }));
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

/**
 * The REST proxy every process of the bot sends its requests to, so that one place holds Discord's
 * limits for all of them: @discordjs/proxy 2.1.1 with two changes, for the reasons given.
 *
 * - Its `proxyRequests` hands the request stream itself to @discordjs/rest (`passThroughBody`), and
 *   @discordjs/rest retries a request that met a 429 or a 5xx with the same body: a stream already
 *   read. Here the body is read first, so a retry sends it whole.
 * - @discordjs/rest counts the global limit in fixed 1 s windows, each opened by its first request:
 *   a window that ends with a burst and a next one that starts with one let twice the limit through
 *   within a few hundred milliseconds, which a Discord counting any other second refuses (the
 *   strict emulator did, at saturation). The bot's own budget (a sliding second, see
 *   RequestBudget) counts them here instead, as each request leaves.
 * - One REST instance counts Discord's global limit (50 a second by default) for every request it
 *   sends, interaction webhooks included, which Discord exempts: behind a saturated proxy a
 *   person's follow-up would wait for the bots' board edits and pings. Interaction routes go
 *   through a second instance without a global count (their route buckets, per interaction token,
 *   still hold). Callbacks never waited (@discordjs/rest sends them through its BurstHandler).
 *
 * Successful answers lose their X-RateLimit headers (populateSuccessfulResponse): the bots behind
 * the proxy then never wait for a bucket themselves; the proxy does it for all of them.
 */
export function createRestProxy(options: RestProxyOptions): Edge {
  const budget = new RequestBudget(options.globalPerSecond);
  const botRequests = new REST({
    api: options.upstream,
    globalRequestsPerSecond: Number.POSITIVE_INFINITY,
    makeRequest: async (url, init) => {
      await budget.take('normal');
      return DefaultRestOptions.makeRequest(url, init);
    },
  });
  const interactionRequests = new REST({ api: options.upstream, globalRequestsPerSecond: Number.POSITIVE_INFINITY });
  for (const rest of [botRequests, interactionRequests]) {
    rest.on('rateLimited', (limit) =>
      options.log.debug('waiting for a rate limit', {
        route: limit.route,
        global: limit.global,
        retryAfterMs: limit.retryAfter,
      }),
    );
  }

  /** What the requests under way have declared they send (Content-Length); chunked bodies count in their cap. */
  let buffered = 0;
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://proxy');
    const fullRoute = url.pathname.replace(/^\/api(\/v\d+)?/, '') as RouteLike;
    const headers: Record<string, string> = {};
    if (request.headers['content-type']) headers['Content-Type'] = request.headers['content-type'];
    if (request.headers.authorization) headers.authorization = request.headers.authorization;
    const reason = request.headers['x-audit-log-reason'];
    if (typeof reason === 'string') headers['x-audit-log-reason'] = reason;
    const limit = bodyLimitOf(fullRoute);
    const declared = Number(request.headers['content-length']) || 0;
    if (declared > limit) return tooLarge(request, response);
    if (buffered + Math.max(declared, 0) > MAX_BUFFERED_BYTES) {
      const body = JSON.stringify({ message: 'The proxy is holding too many bodies', code: 0 });
      return refuseBody(request, response, 503, { ...JSON_TYPE, 'Retry-After': '1' }, body);
    }
    let body: Buffer;
    buffered += declared;
    try {
      body = await readBody(request, limit);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return tooLarge(request, response);
      throw error;
    } finally {
      buffered -= declared;
    }
    const rest = isInteractionRoute(fullRoute, request) ? interactionRequests : botRequests;
    try {
      const answer = await rest.queueRequest({
        fullRoute,
        // Discord answers an unknown method itself (405).
        method: (request.method ?? 'GET') as RequestMethod,
        // The caller's Authorization header is forwarded as it came.
        auth: false,
        passThroughBody: true,
        ...(body.length > 0 ? { body } : {}),
        query: url.searchParams,
        headers,
      });
      await populateSuccessfulResponse(response, answer);
    } catch (error) {
      if (!populateErrorResponse(response, error)) {
        options.log.warn('a proxied request failed', { route: fullRoute, error });
        response.statusCode = 502;
      }
    } finally {
      response.end();
    }
  };

  return openEdge({
    name: 'the REST proxy',
    log: options.log,
    headers: API_HEADERS,
    // Every process of the bot, on every host, sends through here: a few hundred connections.
    limits: { maxConnectionsPerIp: 512, maxConnections: 2_048, requestTimeoutMs: 120_000 },
    handle,
  });
}
