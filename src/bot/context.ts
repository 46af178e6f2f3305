import type { Config } from '../config.js';
import type { Languages } from '../i18n/index.js';
import type { Logger } from '../log.js';
import type { GameStore } from '../store/index.js';
import type { BoardPublisher } from './board-publisher.js';
import type { Cooldowns } from './cooldowns.js';
import type { GameFlow } from './game-flow.js';

/** What every handler works with; built once at start-up. */
export interface BotContext {
  readonly config: Config;
  readonly store: GameStore;
  readonly log: Logger;
  readonly now: () => number;
  /** The one path of every state change. */
  readonly flow: GameFlow;
  readonly boards: BoardPublisher;
  /** Per-person limits on what posts new messages. */
  readonly cooldowns: Cooldowns;
  /** Every catalogue; handlers pick the person's or the server's language from the interaction. */
  readonly languages: Languages;
}
