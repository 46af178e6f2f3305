import type { Client } from 'discord.js';
import type { Config } from '../config.js';
import type { RandomInt } from '../game/index.js';
import type { Logger } from '../log.js';
import type { Store } from '../store/index.js';
import type { BoardPublisher } from './board-publisher.js';
import type { TurnScheduler } from './scheduler.js';

/** What every handler works with; built once at start-up. */
export interface BotContext {
  readonly config: Config;
  readonly client: Client;
  readonly store: Store;
  readonly log: Logger;
  readonly random: RandomInt;
  readonly now: () => number;
  readonly boards: BoardPublisher;
  readonly scheduler: TurnScheduler;
}
