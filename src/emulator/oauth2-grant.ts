// What a Bearer token grants, apart from oauth2.ts (which mints and checks tokens) because the
// HTTP front (http/router.ts, http/server.ts) carries a grant on every request, and oauth2.ts adds
// its routes through that router: one shared file keeps the two from importing each other.

/** Who a live Bearer token names, for which application, until when. */
export interface BearerGrant {
  readonly appId: string;
  readonly userId: string;
  readonly scopes: readonly string[];
  readonly expiresAt: number;
}

/** What a Bearer token resolves to: a person, a token past its time, or nothing known. */
export type BearerLookup = BearerGrant | 'expired' | undefined;
