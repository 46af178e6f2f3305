import {
  ChannelType,
  type Client,
  DiscordAPIError,
  RESTJSONErrorCodes,
  Routes,
  ThreadAutoArchiveDuration,
} from 'discord.js';
import type { StoredGame } from '../store/index.js';
import { drawing, priority } from './budgeted-rest.js';
import type { MessagePayload } from './render/index.js';
import { type OutgoingMessage, toRestRequest } from './rest-message.js';

/**
 * Discord's answers that mean the bot can no longer reach a board: the channel or message is
 * gone, the bot lost its access or permissions there, or the thread is archived or locked.
 * Trying again would only fail again, and every failure counts towards the 10,000 invalid requests
 * in 10 minutes after which Discord bans the bot's address for a while, in every server at once.
 */
const LOST_ACCESS: ReadonlySet<number> = new Set([
  RESTJSONErrorCodes.UnknownChannel,
  RESTJSONErrorCodes.UnknownGuild,
  RESTJSONErrorCodes.UnknownMessage,
  RESTJSONErrorCodes.MissingAccess,
  RESTJSONErrorCodes.MissingPermissions,
  RESTJSONErrorCodes.InvalidActionOnArchivedThread,
  RESTJSONErrorCodes.ThreadLocked,
]);

export function isLostAccess(error: unknown): boolean {
  return error instanceof DiscordAPIError && typeof error.code === 'number' && LOST_ACCESS.has(error.code);
}

/**
 * The bot's own requests about games' boards and turn pings, with its token and their place in the
 * request budget. Discord's refusals are thrown as they come: what they mean is the publisher's.
 */
export class BoardRequests {
  constructor(private readonly client: Client) {}

  /**
   * Edits a board. First in the request budget: these are the redraws nobody's click answers (a
   * timer ran out, a computer moved), and the players are looking at the board for them. Throws
   * SupersededDrawing when a newer drawing landed first.
   */
  async edit(game: StoredGame, messageId: string, message: OutgoingMessage): Promise<void> {
    await this.client.rest.patch(Routes.channelMessage(game.channelId, messageId), {
      ...toRestRequest(message),
      headers: { ...priority('waited-for'), ...drawing(game.id, game.state.version) },
    });
  }

  /** Replaces an old board's drawing (no budget priority: nobody waits for it). */
  async replace(game: StoredGame, messageId: string, message: OutgoingMessage): Promise<void> {
    await this.client.rest.patch(Routes.channelMessage(game.channelId, messageId), toRestRequest(message));
  }

  /** Posts a board where no interaction can answer (a new thread); the new message's id. */
  async post(game: StoredGame, board: MessagePayload): Promise<string> {
    const posted = (await this.client.rest.post(Routes.channelMessages(game.channelId), {
      ...toRestRequest(board),
      headers: priority('waited-for'),
    })) as { id: string };
    return posted.id;
  }

  /** Posts a turn ping that pings only `userId`; its message id. */
  async postPing(game: StoredGame, content: string, userId: string): Promise<string> {
    const posted = (await this.client.rest.post(Routes.channelMessages(game.channelId), {
      body: { content, allowed_mentions: { parse: [], users: [userId] } },
      headers: priority('ping'),
    })) as { id: string };
    return posted.id;
  }

  /** Deletes a turn ping; one that someone already deleted is gone all the same. */
  async deletePing(game: StoredGame, messageId: string): Promise<void> {
    try {
      await this.client.rest.delete(Routes.channelMessage(game.channelId, messageId), { headers: priority('ping') });
    } catch (error) {
      if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMessage) return;
      throw error;
    }
  }

  /** Opens a public thread of a channel for a new game, and gives its id. */
  async openThread(channelId: string, name: string): Promise<string> {
    const thread = (await this.client.rest.post(Routes.threads(channelId), {
      headers: priority('waited-for'),
      body: {
        name: name.slice(0, 100),
        type: ChannelType.PublicThread,
        // Only new messages keep a thread open; a day covers an evening's series with room to spare.
        auto_archive_duration: ThreadAutoArchiveDuration.OneDay,
      },
    })) as { id: string };
    return thread.id;
  }
}
