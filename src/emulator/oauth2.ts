import { randomBytes } from 'node:crypto';
import type { Clock } from './clock.js';
import { DiscordError } from './errors.js';
import { json, type RestResponse, type Router } from './http/router.js';
import type { BearerLookup } from './oauth2-grant.js';
import { applicationJson, currentUserJson } from './payloads.js';
import type { World } from './world.js';

/**
 * Discord's OAuth2 as an Activity uses it (docs/topics/oauth2.mdx, docs/activities/*): the Discord
 * client's `authorize` hands the page a one-time code; the app's server exchanges it at
 * POST /oauth2/token with its client id and secret (form-encoded only) for a Bearer access token,
 * which then opens GET /users/@me as that person until it expires (`expires_in`, 604800 s).
 */

/** Seconds an access token lives, as Discord answers in `expires_in`. */
export const ACCESS_TOKEN_SECONDS = 604_800;
/** Discord's codes are short-lived; ten minutes, as RFC 6749 §4.1.2 recommends at most. */
const CODE_LIFETIME_MS = 10 * 60 * 1000;

interface Grant {
  appId: string;
  userId: string;
  scopes: readonly string[];
}

interface AccessToken extends Grant {
  expiresAt: number;
}

/** OAuth2's error answer (RFC 6749 §5.2), which Discord gives in this shape rather than its usual one. */
function oauthError(status: number, error: string, description: string): RestResponse {
  return { status, body: { error, error_description: description } };
}

export class OAuth2Grants {
  readonly #secrets = new Map<string, string>();
  readonly #codes = new Map<string, Grant & { issuedAt: number }>();
  readonly #tokens = new Map<string, AccessToken>();

  constructor(
    private readonly world: World,
    private readonly clock: Clock,
  ) {}

  /** The application's client secret (made on first ask, as the Developer Portal shows it). */
  clientSecret(appId: string): string {
    this.world.requireApplication(appId);
    let secret = this.#secrets.get(appId);
    if (!secret) {
      secret = randomBytes(24).toString('base64url');
      this.#secrets.set(appId, secret);
    }
    return secret;
  }

  /** A person approves the app's `authorize` request: the code the Discord client gives the page. */
  issueCode(appId: string, userId: string, scopes: readonly string[]): string {
    this.world.requireApplication(appId);
    this.world.requireUser(userId);
    const code = randomBytes(20).toString('base64url');
    this.#codes.set(code, { appId, userId, scopes, issuedAt: this.clock.now() });
    return code;
  }

  /** An access token for the person, as an exchange would give (for tests that skip the page). */
  issueToken(appId: string, userId: string, scopes: readonly string[] = ['identify']): string {
    const token = randomBytes(24).toString('base64url');
    this.#tokens.set(token, { appId, userId, scopes, expiresAt: this.clock.now() + ACCESS_TOKEN_SECONDS * 1000 });
    return token;
  }

  bearer(token: string): BearerLookup {
    const found = this.#tokens.get(token);
    if (!found) return undefined;
    if (this.clock.now() >= found.expiresAt) return 'expired';
    return found;
  }

  /** POST /oauth2/token, grant_type authorization_code: the client authenticates, the code is spent. */
  exchange(form: Record<string, string> | null, authorization: string | null): RestResponse {
    if (!form) return oauthError(400, 'invalid_request', 'The token endpoint takes application/x-www-form-urlencoded.');
    const client = this.#client(form, authorization);
    if (!client) return oauthError(401, 'invalid_client', 'Invalid client');
    if (form.grant_type !== 'authorization_code') {
      return oauthError(400, 'unsupported_grant_type', `Unsupported grant type: ${form.grant_type ?? ''}`);
    }
    const code = form.code ?? '';
    const grant = this.#codes.get(code);
    // A code is good once: spent or unknown alike is refused, and so is another app's.
    this.#codes.delete(code);
    if (!grant || grant.appId !== client || this.clock.now() - grant.issuedAt > CODE_LIFETIME_MS) {
      return oauthError(400, 'invalid_grant', 'Invalid "code" in request.');
    }
    const accessToken = this.issueToken(grant.appId, grant.userId, grant.scopes);
    return json({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: randomBytes(24).toString('base64url'),
      scope: grant.scopes.join(' '),
    });
  }

  /** The app id the request authenticates as: HTTP Basic, or client_id + client_secret in the form. */
  #client(form: Record<string, string>, authorization: string | null): string | undefined {
    let id = form.client_id;
    let secret = form.client_secret;
    const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (basic) {
      const decoded = Buffer.from(basic, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      id = decoded.slice(0, colon);
      secret = decoded.slice(colon + 1);
    }
    if (!id || !secret || !this.world.applications.has(id)) return undefined;
    return this.#secrets.get(id) === secret ? id : undefined;
  }
}

export function addOAuth2Routes(router: Router, grants: OAuth2Grants, world: World): void {
  router.add('POST', '/oauth2/token', (request) => grants.exchange(request.form, request.authorization), {
    auth: false,
  });
  // GET /oauth2/@me (docs/topics/oauth2.mdx, "Get Current Authorization Information"): Bearer only.
  // It names the application the token was minted for, which /users/@me does not.
  router.add('GET', '/oauth2/@me', (request) => {
    const grant = request.bearer;
    if (!grant) throw DiscordError.unauthorized();
    return json({
      application: applicationJson(world, world.requireApplication(grant.appId)),
      scopes: grant.scopes,
      expires: new Date(grant.expiresAt).toISOString(),
      ...(grant.scopes.includes('identify') ? { user: currentUserJson(world.requireUser(grant.userId)) } : {}),
    });
  });
}
