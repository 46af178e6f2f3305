import { type Client, Routes } from 'discord.js';
import type { Languages } from '../i18n/index.js';
import type { Logger } from '../log.js';
import type { GameStore } from '../store/index.js';
import { guildWide } from './audience.js';
import { type MessagePayload, renderGame } from './render/index.js';
import { gameView } from './view.js';

/** The REST body for a message edit made with the bot's own token. */
export function toRestBody(message: Partial<MessagePayload>): Record<string, unknown> {
  const { allowedMentions, ...rest } = message;
  return allowedMentions ? { ...rest, allowed_mentions: allowedMentions } : rest;
}

/**
 * Redraws boards that change without an interaction to answer (turn timers, computer moves, a
 * stale click, /crag leave), in the server's language. Edits go through the bot's token, which
 * unlike an interaction token never expires mid-game. Edits of one board run one after another and always draw the latest
 * stored state, so a slow edit can never paint over a newer one.
 */
export class BoardPublisher {
  private readonly chains = new Map<number, Promise<void>>();
  private readonly waiting = new Set<number>();
  /** The newest state version whose drawing has landed on each game's board. */
  private readonly newestLanded = new Map<number, number>();

  constructor(
    private readonly client: Client,
    private readonly store: GameStore,
    private readonly languages: Languages,
    private readonly log: Logger,
  ) {}

  refresh(gameId: number): Promise<void> {
    const chained = this.chains.get(gameId);
    // A redraw that has not started yet will read the newest state anyway.
    if (chained && this.waiting.has(gameId)) return chained;
    this.waiting.add(gameId);
    const next = (chained ?? Promise.resolve())
      .then(async () => {
        this.waiting.delete(gameId);
        const game = await this.store.gameById(gameId);
        if (!game?.boardMessageId) return;
        const tr = guildWide(this.languages, this.client, game.guildId);
        await this.edit(game.channelId, game.boardMessageId, renderGame(await gameView(this.store, game), tr));
        this.landed(gameId, game.state.version);
      })
      .catch((error: unknown) => this.log.warn('board redraw failed', { gameId, error }));
    this.chains.set(gameId, next);
    void next.finally(() => {
      if (this.chains.get(gameId) === next) this.chains.delete(gameId);
    });
    return next;
  }

  /**
   * Call once an edit drawing state version `drawn` has landed. Edits travel concurrently (interaction
   * responses beside REST edits), so an older drawing can land after a newer one and hide it: when a
   * newer drawing landed first, the board is drawn again from the store.
   */
  landed(gameId: number, drawn: number): void {
    if ((this.newestLanded.get(gameId) ?? 0) > drawn) void this.refresh(gameId);
    else this.newestLanded.set(gameId, drawn);
  }

  /**
   * Call once a newly posted board (showing state `drawn`) has its message id recorded: a click
   * handled while it was being posted may have moved the game on, and only a redraw shows that.
   */
  async posted(gameId: number, drawn: number): Promise<void> {
    if ((await this.store.gameById(gameId))?.state.version !== drawn) void this.refresh(gameId);
  }

  /** Removes the controls from a board that has been replaced by a newer message. */
  async retire(channelId: string, messageId: string): Promise<void> {
    try {
      await this.edit(channelId, messageId, { components: [] });
    } catch (error) {
      this.log.warn('could not remove the controls of an old board', { channelId, messageId, error });
    }
  }

  /** Resolves when every redraw under way has finished; used on shutdown. */
  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.allSettled([...this.chains.values()]);
  }

  private async edit(channelId: string, messageId: string, message: Partial<MessagePayload>): Promise<void> {
    await this.client.rest.patch(Routes.channelMessage(channelId, messageId), { body: toRestBody(message) });
  }
}
