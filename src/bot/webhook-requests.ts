import { type Client, Routes } from 'discord.js';
import type { GameWebhook } from '../store/index.js';
import { drawing, priority } from './budgeted-rest.js';
import { type OutgoingMessage, toRestRequest } from './rest-message.js';

/**
 * The requests about a game's board where the bot is not a member, through an interaction's webhook
 * (its token stands for the bot's, so no Authorization is sent). Only the token of an interaction on
 * the board itself (the /crag start that posted it, a click on it) may edit the board: a webhook edits
 * its interaction's own message and its own follow-ups, nothing else. What may be sent, when, is the
 * publisher's to decide (webhook-allowance.ts); Discord's refusals are thrown as they come.
 */
export class WebhookRequests {
  constructor(private readonly client: Client) {}

  /** Edits the board; first in the request budget, as the bot-token edits. */
  async edit(
    game: { id: number; state: { version: number } },
    webhook: GameWebhook,
    messageId: string,
    message: OutgoingMessage,
  ): Promise<void> {
    await this.client.rest.patch(Routes.webhookMessage(webhook.applicationId, webhook.token, messageId), {
      ...toRestRequest(message),
      auth: false,
      headers: { ...priority('waited-for'), ...drawing(game.id, game.state.version) },
    });
  }

  /** Posts a follow-up that pings only `userId`; its message id. */
  async followUp(webhook: GameWebhook, content: string, userId: string): Promise<string> {
    const posted = (await this.client.rest.post(Routes.webhook(webhook.applicationId, webhook.token), {
      body: { content, allowed_mentions: { parse: [], users: [userId] } },
      query: new URLSearchParams({ wait: 'true' }),
      auth: false,
      headers: priority('ping'),
    })) as { id: string };
    return posted.id;
  }
}
