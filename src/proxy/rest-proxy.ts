import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { populateErrorResponse, populateSuccessfulResponse } from '@discordjs/proxy';
// The same module instance as @discordjs/proxy's (its error helpers test `instanceof`), not
// discord.js's CommonJS copy.
import { DefaultRestOptions, REST, type RequestMethod, type RouteLike } from '@discordjs/rest';
import { RequestBudget } from '../bot/request-budget.js';
import type { Logger } from '../log.js';

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

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

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
export function createRestProxy(options: RestProxyOptions): Server {
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

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://proxy');
    const fullRoute = url.pathname.replace(/^\/api(\/v\d+)?/, '') as RouteLike;
    const headers: Record<string, string> = {};
    if (request.headers['content-type']) headers['Content-Type'] = request.headers['content-type'];
    if (request.headers.authorization) headers.authorization = request.headers.authorization;
    const reason = request.headers['x-audit-log-reason'];
    if (typeof reason === 'string') headers['x-audit-log-reason'] = reason;
    const body = await readBody(request);
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

  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log.error('the proxy failed to answer a request', { error });
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    });
  });
}
