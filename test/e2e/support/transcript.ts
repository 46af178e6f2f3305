import type { EmulatedMessage, Emulator, MessageInfo } from '../../../src/emulator/index.js';

interface Drawn {
  readonly message: EmulatedMessage;
  readonly info: MessageInfo;
}

/**
 * Every message the bot posted and every edit of it, as drawn at that moment: a board is edited
 * many times in a game, and each drawing is something people saw.
 */
export class Transcript {
  private readonly drawn: Drawn[] = [];

  constructor(discord: Emulator) {
    const record = (message: EmulatedMessage, info: MessageInfo) =>
      this.drawn.push({ message: structuredClone(message), info });
    discord.on('messageCreate', record);
    discord.on('messageUpdate', record);
  }

  /** Every drawing this person could see in the channel: public messages and their own ephemeral answers. */
  seenBy(userId: string, channelId: string): EmulatedMessage[] {
    return this.drawn
      .filter(({ info }) => info.channelId === channelId && (info.visibleTo === null || info.visibleTo === userId))
      .map(({ message }) => message);
  }

  /** The answers only this person saw in the channel. */
  privateTo(userId: string, channelId: string): EmulatedMessage[] {
    return this.drawn
      .filter(({ info }) => info.channelId === channelId && info.visibleTo === userId)
      .map(({ message }) => message);
  }

  /** Everything the whole channel saw. */
  publicIn(channelId: string): EmulatedMessage[] {
    return this.drawn
      .filter(({ info }) => info.channelId === channelId && info.visibleTo === null)
      .map(({ message }) => message);
  }
}
