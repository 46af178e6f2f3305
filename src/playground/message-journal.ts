import fs from 'node:fs';
import { type EmulatedMessage, type Emulator, MessageFlag } from '../emulator/index.js';
import { writeFileAtomically } from './atomic-write.js';

/** The newest messages kept across restarts; a board is always among the last few hundred. */
export const KEPT_MESSAGES = 500;
const SAVE_DELAY_MS = 300;

/**
 * Keeps the playground channel's public messages in a file: saved shortly after each change (many
 * changes in a burst make one write) and put back at start, with their ids, so the page shows the
 * same channel and the bot's stored board ids still point at real messages. Ephemeral messages and
 * "thinking" placeholders are not kept, as a Discord client forgets them on reload.
 */
export class MessageJournal {
  #timer: NodeJS.Timeout | null = null;
  readonly #onChange = (_message: EmulatedMessage, info: { channelId: string; visibleTo: string | null }) => {
    if (info.channelId === this.channelId && info.visibleTo === null) this.#schedule();
  };

  constructor(
    private readonly discord: Emulator,
    private readonly channelId: string,
    /** Someone who sees the whole channel; their own ephemeral messages are filtered out by flag. */
    private readonly observerId: string,
    private readonly file: string,
  ) {}

  /** Puts the saved messages back into the channel; returns how many came back and how many could not. */
  restore(): { restored: number; skipped: number } {
    let saved: unknown;
    try {
      saved = JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { restored: 0, skipped: 0 };
      // A torn or hand-edited file costs the history, never the start.
      return { restored: 0, skipped: 1 };
    }
    if (!Array.isArray(saved)) return { restored: 0, skipped: 1 };
    let restored = 0;
    let skipped = 0;
    for (const message of saved as EmulatedMessage[]) {
      try {
        this.discord.restoreMessages(this.channelId, [message]);
        restored += 1;
      } catch {
        skipped += 1;
      }
    }
    return { restored, skipped };
  }

  start(): void {
    this.discord.on('messageCreate', this.#onChange);
    this.discord.on('messageUpdate', this.#onChange);
    this.discord.on('messageDelete', this.#onChange);
  }

  /** Stops listening and writes any pending change now. */
  stop(): void {
    this.discord.off('messageCreate', this.#onChange);
    this.discord.off('messageUpdate', this.#onChange);
    this.discord.off('messageDelete', this.#onChange);
    if (this.#timer) this.save();
  }

  save(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const kept = this.discord
      .messagesSeenBy(this.observerId, this.channelId)
      .filter((message) => (message.flags & (MessageFlag.Ephemeral | MessageFlag.Loading)) === 0)
      .slice(-KEPT_MESSAGES);
    writeFileAtomically(this.file, JSON.stringify(kept));
  }

  #schedule(): void {
    if (this.#timer) return;
    this.#timer = setTimeout(() => this.save(), SAVE_DELAY_MS);
  }
}
