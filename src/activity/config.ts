import { ConfigError } from '../config-error.js';

export interface ActivityConfig {
  /** Where the Activity's page, token exchange and table sockets listen (0: any free port). */
  readonly port: number;
  /** The address to bind: 127.0.0.1 unless ACTIVITY_HOST says otherwise (the container's 0.0.0.0). */
  readonly host: string;
  /** Who may frame the page (CSP frame-ancestors): Discord's origins unless ACTIVITY_FRAME_ANCESTORS names others. */
  readonly frameAncestors: readonly string[] | undefined;
  /** The OAuth2 client secret (Developer Portal → OAuth2), for the code exchange. */
  readonly clientSecret: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** ACTIVITY_PORT unset: no Activity. Set: a port and the client secret the code exchange needs. */
export function readActivityConfig(env: Env): ActivityConfig | undefined {
  const portText = env.ACTIVITY_PORT?.trim();
  if (!portText) return undefined;
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535) {
    throw new ConfigError(`ACTIVITY_PORT must be a port number (0-65535), got "${portText}".`);
  }
  const clientSecret = env.DISCORD_CLIENT_SECRET?.trim();
  if (!clientSecret) {
    throw new ConfigError(
      'ACTIVITY_PORT is set but DISCORD_CLIENT_SECRET is not: copy it from the Developer Portal (OAuth2 → Client Secret) into .env, or unset ACTIVITY_PORT.',
    );
  }
  const host = env.ACTIVITY_HOST?.trim() || '127.0.0.1';
  const ancestors = env.ACTIVITY_FRAME_ANCESTORS?.trim();
  const frameAncestors = ancestors ? ancestors.split(/\s+/) : undefined;
  for (const origin of frameAncestors ?? []) {
    if (!/^https?:\/\/[^\s/;,']+$/.test(origin)) {
      throw new ConfigError(
        `ACTIVITY_FRAME_ANCESTORS must be origins separated by spaces (https://example.com), got "${origin}".`,
      );
    }
  }
  return { port, host, clientSecret, frameAncestors };
}
