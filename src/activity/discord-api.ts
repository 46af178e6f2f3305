import type { RequestBudget } from '../bot/request-budget.js';

/**
 * The three Discord routes the table server calls itself, outside discord.js: the OAuth2 code
 * exchange, who an access token belongs to, and who is in an Activity instance. Each answers
 * a value or undefined (refused); nothing the page claims is taken on trust.
 */

/** What the page may keep: the access token `authenticate` takes. The refresh token stays here. */
export interface ExchangedToken {
  readonly access_token: string;
  readonly token_type: string;
  readonly expires_in: number;
  readonly scope: string;
}

export interface DiscordPerson {
  readonly id: string;
  readonly username: string;
  readonly global_name: string | null;
  readonly locale?: string;
}

export interface InstanceLocation {
  readonly channelId: string;
  readonly guildId: string | null;
  readonly users: readonly string[];
}

/** A request may hang on a sick network; the page waits for this at most. */
const REQUEST_TIMEOUT_MS = 5_000;

export class DiscordApi {
  readonly #base: string;

  constructor(
    /** DISCORD_API_URL (no version), or Discord's own. */
    apiUrl: string | undefined,
    private readonly appId: string,
    private readonly clientSecret: string,
    private readonly botToken: string,
    /** The bot's request budget: the bot-token request counts against Discord's global limit too. */
    private readonly budget: RequestBudget,
  ) {
    this.#base = `${apiUrl ?? 'https://discord.com/api'}/v10`;
  }

  /** POST /oauth2/token (form-encoded, as OAuth2 requires): the code the page got from `authorize`. */
  async exchangeCode(code: string): Promise<ExchangedToken | undefined> {
    const response = await this.#fetch('/oauth2/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: this.appId,
        client_secret: this.clientSecret,
        grant_type: 'authorization_code',
        code,
      }).toString(),
    });
    if (!response?.ok) return undefined;
    const body = (await response.json()) as ExchangedToken;
    return {
      access_token: body.access_token,
      token_type: body.token_type,
      expires_in: body.expires_in,
      scope: body.scope,
    };
  }

  /**
   * GET /oauth2/@me with the person's Bearer token: who it names, and for which application. A
   * token minted for another app names a person just as well (GET /users/@me would answer it), so
   * only a token of this application, with the identify scope, is taken. `'unavailable'`: Discord
   * could not say (a network fault, a 5xx, a 429), which is not remembered as a refusal.
   */
  async authorizedPerson(accessToken: string): Promise<DiscordPerson | 'refused' | 'unavailable'> {
    const response = await this.#fetch('/oauth2/@me', { headers: { Authorization: `Bearer ${accessToken}` } });
    if (!response || response.status === 429 || response.status >= 500) return 'unavailable';
    if (!response.ok) return 'refused';
    const body = (await response.json()) as { application?: { id?: string }; user?: DiscordPerson };
    if (body.application?.id !== this.appId || !body.user) return 'refused';
    return body.user;
  }

  /** GET /applications/{app}/activity-instances/{instance} with the bot token: where it runs, with whom. */
  async instance(instanceId: string): Promise<InstanceLocation | undefined> {
    // The person's table waits on it to open.
    await this.budget.take('waited-for');
    const response = await this.#fetch(
      `/applications/${this.appId}/activity-instances/${encodeURIComponent(instanceId)}`,
      { headers: { Authorization: `Bot ${this.botToken}` } },
    );
    if (!response?.ok) return undefined;
    const body = (await response.json()) as {
      application_id: string;
      location: { channel_id: string; guild_id?: string | null };
      users: string[];
    };
    if (body.application_id !== this.appId) return undefined;
    return { channelId: body.location.channel_id, guildId: body.location.guild_id ?? null, users: body.users };
  }

  async #fetch(path: string, init: RequestInit): Promise<Response | undefined> {
    try {
      return await fetch(`${this.#base}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch {
      return undefined;
    }
  }
}
