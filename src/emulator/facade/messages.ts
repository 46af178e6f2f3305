import type { EventEmitter } from 'node:events';
import type { EmulatorCore } from '../core.js';
import { ImpossibleActionError } from '../errors.js';
import type { EmulatorEvents, MessageInfo } from '../events.js';
import type { EmulatedMessage, StoredMessage } from '../messages.js';
import { hasAll, Permission } from '../permissions.js';
import { prepareNewMessage, sendPermission } from '../threads.js';
import { CONTENT_LIMIT } from '../validation/message-body.js';

/** One notification a user got from a message mentioning them. */
export interface Ping {
  messageId: string;
  channelId: string;
  /** Emulator clock, ms. */
  at: number;
}

/** Messages as people post, delete and see them, and the pings their mentions deliver. */
export class MessagesPart {
  readonly #pings = new Map<string, Ping[]>();

  constructor(
    private readonly core: EmulatorCore,
    events: EventEmitter<EmulatorEvents>,
  ) {
    const changed = () => core.waiters.notify();
    core.messages.on('create', (stored) => {
      this.#recordPings(stored);
      events.emit('messageCreate', stored.json, infoOf(stored));
      changed();
    });
    core.messages.on('update', (stored, previous) => {
      if (stored.mentionsDelivered !== previous.mentionsDelivered) this.#recordPings(stored);
      events.emit('messageUpdate', stored.json, infoOf(stored));
      changed();
    });
    core.messages.on('delete', (stored) => {
      events.emit('messageDelete', stored.json, infoOf(stored));
      changed();
    });
  }

  /**
   * A user posts a plain message (bots see it only with the GuildMessages intent). In a thread it
   * takes Send Messages in Threads, unarchives an archived thread and makes the user a member; a
   * locked thread takes messages from Manage Threads only.
   */
  postMessage(options: { user: string; channel: string; content: string }): EmulatedMessage {
    const channel = this.core.world.requireChannel(options.channel);
    const permissions = this.core.world.permissionsIn(channel, options.user);
    if (!hasAll(permissions, Permission.ViewChannel | sendPermission(channel))) {
      throw new ImpossibleActionError(`user ${options.user} cannot send messages in channel ${channel.id}`);
    }
    try {
      prepareNewMessage(this.core.world, channel, options.user);
    } catch (error) {
      throw new ImpossibleActionError(`user ${options.user} cannot post in channel ${channel.id}: ${String(error)}`);
    }
    // Discord's client refuses to send more ("Your message is too long"); the API would answer 50035.
    if (options.content.length > CONTENT_LIMIT) {
      throw new ImpossibleActionError(`a message holds at most ${CONTENT_LIMIT} characters`);
    }
    const stored = this.core.messages.create({
      channel,
      author: this.core.world.requireUser(options.user),
      fields: { content: options.content },
      type: 0,
    });
    return stored.json;
  }

  /** A user deletes a message: their own, or any with Manage Messages. */
  deleteMessage(options: { user: string; message: string }): void {
    const stored = this.core.messages.get(options.message);
    if (!stored || (stored.visibleTo !== null && stored.visibleTo !== options.user)) {
      throw new ImpossibleActionError(`user ${options.user} sees no message ${options.message}`);
    }
    const permissions = this.core.world.permissionsIn(this.core.world.requireChannel(stored.channelId), options.user);
    if (
      stored.authorId !== options.user &&
      stored.visibleTo === null &&
      !hasAll(permissions, Permission.ManageMessages)
    ) {
      throw new ImpossibleActionError(`user ${options.user} may not delete message ${options.message}`);
    }
    this.core.messages.delete(stored.json.id);
  }

  /** A message's current state (ephemeral ones included); undefined once deleted. */
  message(id: string): EmulatedMessage | undefined {
    return this.core.messages.get(id)?.json;
  }

  messageInfo(id: string): MessageInfo | undefined {
    const stored = this.core.messages.get(id);
    return stored ? infoOf(stored) : undefined;
  }

  /** Every notification this user got from mentions, oldest first (edits never add any). */
  pingsOf(userId: string): readonly Ping[] {
    return [...(this.#pings.get(userId) ?? [])];
  }

  /** The channel's history as this user sees it (nothing without View Channel; ephemerals only their own); oldest first. */
  messagesSeenBy(userId: string, channelId: string): EmulatedMessage[] {
    const channel = this.core.world.requireChannel(channelId);
    if (!hasAll(this.core.world.permissionsIn(channel, userId), Permission.ViewChannel)) return [];
    return this.core.messages.seenBy(channel, userId);
  }

  /**
   * Puts back public messages saved from an earlier run (ids, timestamps and edits unchanged), so a
   * rebuilt world keeps its history and a bot's stored message ids stay valid. Sends no events.
   */
  restoreMessages(channelId: string, messages: readonly EmulatedMessage[]): void {
    const channel = this.core.world.requireChannel(channelId);
    for (const message of messages) this.core.messages.restore(channel, message);
  }

  #recordPings(stored: StoredMessage): void {
    for (const userId of stored.mentionsDelivered) {
      const list = this.#pings.get(userId) ?? [];
      list.push({ messageId: stored.json.id, channelId: stored.channelId, at: this.core.clock.now() });
      this.#pings.set(userId, list);
    }
  }
}

function infoOf(stored: StoredMessage): MessageInfo {
  return {
    channelId: stored.channelId,
    guildId: stored.guildId,
    visibleTo: stored.visibleTo,
    interactionId: stored.interactionId,
    mentionsDelivered: stored.mentionsDelivered,
  };
}
