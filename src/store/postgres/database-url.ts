/** DATABASE_URL schemes that select PostgreSQL, as libpq spells them. */
const SCHEMES = ['postgres:', 'postgresql:'];

/** Whether `url` names a PostgreSQL database (whether or not it is otherwise well formed). */
export function isPostgresUrl(url: string): boolean {
  return SCHEMES.some((scheme) => url.toLowerCase().startsWith(`${scheme}//`));
}

/** `?password=` / `&password=` in a URL's query: up to the next parameter or the fragment. */
const QUERY_PASSWORD = /([?&][a-z_]*password=)[^&#]*/gi;
/**
 * libpq's key/value form (`host=db password=secret`, `password = 'it''s'`): any key ending in
 * "password" (sslpassword too), its value up to the next space, or the whole quoted value.
 */
const KEYWORD_PASSWORD = /(^|[\s;])([a-z_]*password\s*=\s*)(?:'(?:[^'\\]|\\.)*'?\S*|\S*)/gi;

/**
 * A database URL as it may be shown in a log or an error line, any password replaced by ***, in
 * every form a person might type: `postgres://user:secret@host/db`, the same without a scheme
 * (`user:secret@host/db`), a `?password=` parameter, and libpq's `host=… password=…` form. The
 * password after "user:" runs up to the last "@", so a malformed URL (the kind an error line
 * quotes) is masked too; a scheme with "user:word" and no "@" is masked unless the word is a port.
 * When unsure it masks more, never less.
 */
export function maskPassword(url: string): string {
  const masked = url.replace(QUERY_PASSWORD, '$1***').replace(KEYWORD_PASSWORD, '$1$2***');
  const scheme = masked.indexOf('://');
  const start = scheme < 0 ? 0 : scheme + 3;
  const at = masked.lastIndexOf('@');
  if (at < start) return maskWithoutAt(masked, start);
  const credentials = masked.slice(start, at);
  const colon = credentials.indexOf(':');
  if (colon < 0) return masked;
  return `${masked.slice(0, start)}${credentials.slice(0, colon)}:***${masked.slice(at)}`;
}

/** `postgres://name:word/db` (or `name:word`) with no "@": "word" is a port only when it is all digits. */
function maskWithoutAt(masked: string, start: number): string {
  const authorityEnd = masked.slice(start).search(/[/?#]|$/) + start;
  const authority = masked.slice(start, authorityEnd);
  const colon = authority.indexOf(':');
  if (colon < 0 || /^\d*$/.test(authority.slice(colon + 1))) return masked;
  return `${masked.slice(0, start + colon)}:***${masked.slice(authorityEnd)}`;
}

/** What is wrong with a PostgreSQL URL, or undefined when it is usable. */
export function postgresUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a URL';
  }
  // No host is fine: pg then connects to localhost, as libpq does.
  return SCHEMES.includes(parsed.protocol) ? undefined : 'must start with postgres:// or postgresql://';
}

/** "host:port/database" for messages: where the bot tried to connect, with no user or password. */
export function serverOf(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost';
    return `${host}:${parsed.port || '5432'}${decodeURIComponent(parsed.pathname) || '/'}`;
  } catch {
    return maskPassword(url);
  }
}
