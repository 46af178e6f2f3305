import type { BearerGrant } from '../oauth2-grant.js';
import type { UploadedFile } from '../validation/message-body.js';
import type { ApplicationRecord } from '../world.js';

export interface RestRequest {
  method: string;
  /** Path after `/api/v10`, without the query. */
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  body: unknown;
  files: UploadedFile[];
  /** The application whose bot token authorized the request; null on unauthenticated routes. */
  app: ApplicationRecord | null;
  /** The person whose OAuth2 Bearer token authorized it instead (see oauth2.ts); null otherwise. */
  bearer: BearerGrant | null;
  /** A form-encoded body (OAuth2's token endpoint takes nothing else); null for any other. */
  form: Record<string, string> | null;
  /** The Authorization header as sent (OAuth2 clients may authenticate with Basic). */
  authorization: string | null;
}

export interface RestResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type RouteHandler = (request: RestRequest) => RestResponse;

export interface Route {
  method: string;
  /** e.g. `/channels/:channelId/messages/:messageId`; also the key of the REST counters. */
  template: string;
  /** Needs `Authorization: Bot <token>`. Interaction callbacks and webhooks do not. */
  auth: boolean;
  handle: RouteHandler;
}

interface CompiledRoute extends Route {
  pattern: RegExp;
  names: string[];
}

export type RouteMatch = { route: Route; params: Record<string, string> } | { route: null; methodNotAllowed: boolean };

export function json(body: unknown, status = 200): RestResponse {
  return { status, body };
}

export const NO_CONTENT: RestResponse = { status: 204 };

/** Maps method + path to a handler. Literal segments (`@me`, `@original`) win over parameters. */
export class Router {
  readonly #routes: CompiledRoute[] = [];

  add(method: string, template: string, handle: RouteHandler, options: { auth?: boolean } = {}): this {
    const names: string[] = [];
    const source = template
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.#routes.push({
      method,
      template,
      auth: options.auth ?? true,
      handle,
      pattern: new RegExp(`^${source}/?$`),
      names,
    });
    // Literal routes first, so `/users/@me` is not taken for `/users/:userId`.
    this.#routes.sort((a, b) => a.names.length - b.names.length);
    return this;
  }

  /** `path` must be already percent-decoded, segment by segment. */
  match(method: string, path: string): RouteMatch {
    let pathKnown = false;
    for (const route of this.#routes) {
      const found = route.pattern.exec(path);
      if (!found) continue;
      if (route.method !== method) {
        pathKnown = true;
        continue;
      }
      const params: Record<string, string> = {};
      route.names.forEach((name, index) => {
        params[name] = found[index + 1] ?? '';
      });
      return { route, params };
    }
    return { route: null, methodNotAllowed: pathKnown };
  }
}
