import type { TableOffer } from '../activity/table-offer.js';
import type { Config } from '../config.js';
import type { Languages } from '../i18n/index.js';
import type { Logger } from '../log.js';
import type { GameStore } from '../store/index.js';
import type { TournamentStore } from '../store/tournaments/index.js';
import type { BoardPublisher } from './board-publisher.js';
import type { ChannelPosts } from './channel-posts.js';
import type { Cooldowns } from './cooldowns.js';
import type { DailyDeals } from './daily-deals.js';
import type { Deadlines } from './deadlines.js';
import type { DiceInUse } from './dice-emojis.js';
import type { GameFlow } from './game-flow.js';
import type { GuildDirectory } from './guild-directory.js';
import type { HouseRules } from './house-rules.js';
import type { TurnPings } from './turn-pings.js';

/** What every handler works with; built once at start-up. */
export interface BotContext {
  readonly config: Config;
  readonly store: GameStore;
  readonly log: Logger;
  readonly now: () => number;
  /** The one path of every state change. */
  readonly flow: GameFlow;
  readonly boards: BoardPublisher;
  /** Tells the player whose turn begins, with a ping. */
  readonly pings: TurnPings;
  /** The die faces every drawing takes: the application's emojis once they are in place. */
  readonly dice: DiceInUse;
  /** Per-person limits on what posts new messages. */
  readonly cooldowns: Cooldowns;
  /** Servers' settings (/crag-settings) and what each game froze of them. */
  readonly houseRules: HouseRules;
  /** Every catalogue; handlers pick the person's or the server's language from the interaction. */
  readonly languages: Languages;
  /** The daily deal: its store, its keyed dice and the optimum's games. */
  readonly daily: DailyDeals;
  /** Tournaments: their sign-ups, round games and points. */
  readonly tournaments: TournamentStore;
  /** Features' own deadlines (a tournament round's close), re-armed from the store at start-up. */
  readonly deadlines: Deadlines;
  /** Messages posted with the bot's token when no interaction is at hand. */
  readonly channels: ChannelPosts;
  /** Which roles and channels each guild has (discord.js's role and channel caches are cut). */
  readonly guilds: GuildDirectory;
  /** Where lobbies offer Play at the table (the Activity); absent when this process serves none. */
  readonly tables?: TableOffer;
}
