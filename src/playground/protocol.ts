/**
 * What the page and the playground say to each other over the live channel (a WebSocket at
 * /live?as=NAME). Types only: the page imports them too. Messages and commands are Discord's own
 * JSON shapes, as the emulator holds them.
 */
import type { APIApplicationCommand, APIMessage } from 'discord-api-types/v10';

export const LIVE_PATH = '/live';

export interface Person {
  readonly id: string;
  readonly username: string;
  /** Discord locale, e.g. `en-US` or `ru`: commands and the page's labels follow it. */
  readonly locale: string;
}

export type BotStatus = 'starting' | 'online' | 'reconnecting';

export type OptionValue = string | number | boolean;

/**
 * A channel the page can show: #crag, the voice channel "Crag table" (its text chat, and the
 * Activity), or the group DM "friends", where Crag is installed to alice's account only (#42).
 */
export type ChannelKind = 'text' | 'voice' | 'group-dm';

export interface PageChannel {
  readonly id: string;
  readonly name: string;
  readonly kind: ChannelKind;
  /** A group DM's people (their ids), whom the page names in its header as Discord's client does. */
  readonly recipients?: readonly string[];
}

/** Everything the page needs to draw the channel, sent on every (re)connection. */
export interface Hello {
  readonly type: 'hello';
  readonly you: Person;
  /** The `?as=` name that matched nobody (then `you` is the first person). */
  readonly unknownPerson: string | null;
  readonly people: readonly Person[];
  readonly bot: { readonly id: string; readonly username: string };
  /** `locale`: the server's language (Discord's `preferred_locale`), which the bot's boards speak. */
  readonly guild: { readonly id: string; readonly name: string; readonly locale: string };
  /** The channel this socket shows (`?channel=voice` or `group-dm`, else #crag), and every channel the page lists. */
  readonly channel: PageChannel;
  readonly channels: readonly PageChannel[];
  /** The slash commands registered where the channel is (the guild's, then global ones). */
  readonly commands: readonly APIApplicationCommand[];
  /** The newest messages `you` can see, oldest first (ephemeral ones: only yours). */
  readonly messages: readonly APIMessage[];
  readonly botStatus: BotStatus;
  /** The longest message Discord takes, in characters: the page says so before sending a longer one. */
  readonly messageLimit: number;
}

/** How the bot answered an action; `refused` when nobody could have done it in Discord. */
export type ActionResult =
  | {
      readonly kind: 'acknowledged';
      readonly ack: string;
      readonly ephemeral: boolean;
      /** LAUNCH_ACTIVITY: the Activity instance the person was put in, which the page opens as Discord's client does. */
      readonly activityInstanceId?: string;
    }
  | { readonly kind: 'failed' }
  | { readonly kind: 'refused'; readonly reason: string }
  /** A message longer than Discord takes (`max` characters): nothing was posted, the page says so. */
  | { readonly kind: 'too-long'; readonly max: number }
  /** Too many messages too fast (see message-pace.ts): nothing was posted; the next may go after this long. */
  | { readonly kind: 'slowed'; readonly retryAfterMs: number };

export type ServerEvent =
  | Hello
  | { readonly type: 'message'; readonly message: APIMessage }
  | { readonly type: 'message-delete'; readonly id: string }
  | { readonly type: 'bot-status'; readonly status: BotStatus }
  | { readonly type: 'commands'; readonly commands: readonly APIApplicationCommand[] }
  /** Somebody changed their language, or the server's: everyone's, and the server's, as they are now. */
  | { readonly type: 'languages'; readonly people: readonly Person[]; readonly guildLocale: string }
  | { readonly type: 'result'; readonly requestId: number; readonly result: ActionResult };

export type ClientAction =
  | {
      readonly type: 'command';
      readonly requestId: number;
      readonly name: string;
      readonly subcommandGroup?: string;
      readonly subcommand?: string;
      readonly options: Readonly<Record<string, OptionValue>>;
    }
  | {
      readonly type: 'click';
      readonly requestId: number;
      readonly messageId: string;
      readonly customId: string;
    }
  | {
      readonly type: 'select';
      readonly requestId: number;
      readonly messageId: string;
      readonly customId: string;
      readonly values: readonly string[];
    }
  | { readonly type: 'say'; readonly requestId: number; readonly content: string }
  /** Changes the Discord locale of the person acting (`me`) or of the server. */
  | {
      readonly type: 'set-locale';
      readonly requestId: number;
      readonly scope: 'me' | 'server';
      readonly locale: string;
    };
