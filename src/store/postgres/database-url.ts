/** DATABASE_URL schemes that select PostgreSQL, as libpq spells them. */
const SCHEMES = ['postgres:', 'postgresql:'];

/** Whether `url` names a PostgreSQL database (whether or not it is otherwise well formed). */
export function isPostgresUrl(url: string): boolean {
  return SCHEMES.some((scheme) => url.toLowerCase().startsWith(`${scheme}//`));
}

/**
 * The URL as it may be shown in a log or an error line, any password replaced by ***: the one after
 * "user:" (up to the last "@", so a malformed URL, the kind an error line quotes, is masked too) and
 * a ?password= parameter. When unsure it masks more, never less.
 */
export function maskPassword(url: string): string {
  const masked = url.replace(/([?&]password=)[^&#]*/gi, '$1***');
  const start = masked.indexOf('://');
  const at = masked.lastIndexOf('@');
  if (start < 0 || at < start) return masked;
  const credentials = masked.slice(start + 3, at);
  const colon = credentials.indexOf(':');
  if (colon < 0) return masked;
  return `${masked.slice(0, start + 3)}${credentials.slice(0, colon)}:***${masked.slice(at)}`;
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
