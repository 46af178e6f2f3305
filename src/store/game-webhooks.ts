import type { StoreBackend } from './backend.js';

/**
 * The newest interaction token a game played through webhooks was given (see
 * migrations/sqlite/0009_game_webhooks.sql): what the board publisher needs to reach its board and
 * post follow-ups there, after a restart too.
 */
export interface GameWebhook {
  readonly applicationId: string;
  readonly token: string;
  /** When the interaction that brought the token was created (epoch ms): it works for 15 minutes from then. */
  readonly createdAt: number;
  /** Follow-ups this token has made. */
  readonly followUpsUsed: number;
}

/** A token as an interaction brings it. */
export interface WebhookToken {
  readonly applicationId: string;
  readonly token: string;
  readonly createdAt: number;
}

/**
 * The store's side of the games reached through interaction webhooks. A game has a webhook from the
 * moment it is opened that way; a game without one is reached with the bot's token.
 */
export class GameWebhooks {
  constructor(private readonly backend: StoreBackend) {}

  /** The game's newest token; undefined for a game reached with the bot's token. */
  async of(gameId: number): Promise<GameWebhook | undefined> {
    const [row] = await this.backend.read('webhookOf', { gameId });
    if (!row) return undefined;
    return {
      applicationId: row.application_id,
      token: row.token,
      // PostgreSQL hands a bigint back as a string.
      createdAt: Number(row.token_created_at),
      followUpsUsed: row.follow_ups_used,
    };
  }

  /**
   * Records `given` as the game's newest token, unless a newer one is stored already (interactions
   * can be handled out of order); true when it was recorded. A new token has made `followUpsUsed`
   * follow-ups (none, unless its interaction's answer was one: the next game's board of Play again).
   */
  async take(gameId: number, given: WebhookToken, followUpsUsed = 0): Promise<boolean> {
    return (await this.backend.write('takeWebhookToken', { gameId, ...given, followUpsUsed })) > 0;
  }

  /**
   * Counts one follow-up of `token` before it is sent: true when there was room for it under `cap`,
   * false (nothing counted) when the token made `cap` already or is no longer the game's newest.
   * Counting first means a follow-up that then fails is counted all the same: the count can only
   * overstate what Discord counted, never understate it.
   */
  async reserveFollowUp(gameId: number, token: string, cap: number): Promise<boolean> {
    return (await this.backend.write('reserveFollowUp', { gameId, token, cap })) > 0;
  }
}
