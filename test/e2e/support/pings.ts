import type { EmulatedMessage } from '../../../src/emulator/index.js';
import type { Table } from './table.js';
import type { TestWorld } from './world.js';

/** A message of the bot's besides the board, as posted: whom it notified when it appeared. */
export interface PostedExtra {
  readonly id: string;
  readonly content: string;
  readonly delivered: readonly string[];
  /** How many of the bot's messages besides the board the channel showed once this one appeared. */
  readonly visibleThen: number;
}

/**
 * Watches one table's channel for the bot's messages besides its boards (turn pings are the only
 * ones a game makes by itself): every one posted, and what the channel shows now.
 */
export class ExtraMessages {
  readonly posted: PostedExtra[] = [];

  constructor(
    private readonly world: TestWorld,
    private readonly table: Table,
  ) {
    world.discord.on('messageCreate', (message, info) => {
      if (info.channelId !== table.channelId || info.visibleTo !== null || !this.isExtra(message)) return;
      this.posted.push({
        id: message.id,
        content: message.content,
        delivered: info.mentionsDelivered,
        visibleThen: this.visible().length,
      });
    });
  }

  /** The bot's public messages in the channel now, besides the table's board, oldest first. */
  visible(): EmulatedMessage[] {
    const someone = this.world.person(0).id;
    return this.world.discord
      .messagesSeenBy(someone, this.table.channelId)
      .filter((message) => this.world.discord.messageInfo(message.id)?.visibleTo === null && this.isExtra(message));
  }

  /** Waits until the channel shows exactly one extra message, a ping that notified `userId` alone. */
  async pingFor(userId: string): Promise<EmulatedMessage> {
    return this.world.discord.waitFor(
      () => {
        const [only, ...more] = this.visible();
        const delivered = only && this.world.discord.messageInfo(only.id)?.mentionsDelivered;
        return more.length === 0 && delivered?.length === 1 && delivered[0] === userId ? only : undefined;
      },
      { description: `a ping for ${userId} alone` },
    );
  }

  /** Every message that was the table's board while watched: one replaced by /crag board stays a board. */
  private readonly boards = new Set<string>();

  private isExtra(message: EmulatedMessage): boolean {
    this.boards.add(this.table.boardId);
    return String(message.author.id) === this.world.app.botUser.id && !this.boards.has(message.id);
  }
}
