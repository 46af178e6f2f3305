import { type Client, Routes } from 'discord.js';
import type { Languages, Translator } from '../i18n/index.js';
import { guildWide } from './audience.js';
import { type OutgoingMessage, toRestRequest } from './rest-message.js';

/**
 * What a feature posts with the bot's token when no interaction is at hand (a deadline passed):
 * a message in a channel, and an edit of one it posted. Both go through the bot's REST client, so
 * through its request budget like every board redraw. Discord's refusals are thrown as they come.
 */
export class ChannelPosts {
  constructor(
    private readonly client: Client,
    private readonly languages: Languages,
  ) {}

  /** Posts a message; its id. */
  async post(channelId: string, message: OutgoingMessage): Promise<string> {
    const posted = (await this.client.rest.post(Routes.channelMessages(channelId), toRestRequest(message))) as {
      id: string;
    };
    return posted.id;
  }

  async edit(channelId: string, messageId: string, message: OutgoingMessage): Promise<void> {
    await this.client.rest.patch(Routes.channelMessage(channelId, messageId), toRestRequest(message));
  }

  /** The server's language, for what a deadline posts there. */
  speaks(guildId: string): Translator {
    return guildWide(this.languages, this.client, guildId);
  }
}
