/**
 * What the Activity page and the bot's table server say over their WebSocket. The page sends its
 * access token once, then only intents; the server answers with the whole table as it is stored,
 * already in the viewer's language, after every change. Plain types only: the page imports this.
 */

/** What a person at the table wants. Never who they are: the server knows that from their token. */
export type Intent =
  | { readonly kind: 'join' }
  | { readonly kind: 'leave' }
  | { readonly kind: 'start' }
  | { readonly kind: 'keep'; readonly die: number }
  | { readonly kind: 'roll' }
  | { readonly kind: 'choose'; readonly row: string }
  | { readonly kind: 'again' }
  /** No game at this table (or the last one is over and nobody plays again): open a lobby. */
  | { readonly kind: 'new-game' };

export type ClientMessage =
  | { readonly type: 'hello'; readonly accessToken: string; readonly instanceId: string }
  /** `version`: the state the page drew when the person acted (turn intents must match it). */
  | { readonly type: 'intent'; readonly intent: Intent; readonly version: number };

export interface TableSeat {
  readonly playerId: string;
  readonly name: string;
  readonly total: number;
  readonly isComputer: boolean;
  readonly left: boolean;
  readonly current: boolean;
}

export interface TableRow {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** Points already written in this row on the sheet shown, or null while open. */
  readonly points: number | null;
  /** What the dice on the table would score here: only on the current player's open rows. */
  readonly preview: number | null;
}

/** The page's whole picture; it draws nothing it was not sent. */
export interface TableView {
  readonly gameId: number | null;
  readonly version: number;
  readonly status: 'none' | 'lobby' | 'playing' | 'finished' | 'cancelled';
  /** The viewer: a player with a seat, or a spectator. */
  readonly you: { readonly id: string; readonly seated: boolean; readonly host: boolean; readonly yourTurn: boolean };
  readonly seats: readonly TableSeat[];
  readonly round: number;
  readonly rounds: number;
  readonly dice: readonly number[];
  readonly kept: readonly boolean[];
  readonly rerollsLeft: number;
  /** The sheet shown: the current player's while playing, the viewer's own otherwise. */
  readonly sheetOf: string | null;
  readonly rows: readonly TableRow[];
  /** Final places, best first, once the game is over. */
  readonly standings: readonly { readonly place: number; readonly name: string; readonly total: number }[];
  /** Every label the page shows, in the viewer's language (keys without the `activity.` prefix). */
  readonly text: Readonly<Record<string, string>>;
}

export type ServerMessage =
  | { readonly type: 'table'; readonly table: TableView }
  /** An intent refused (not your turn, moved on…): shown briefly; the table that follows is the truth. */
  | { readonly type: 'refused'; readonly text: string }
  /** The socket is refused for good (bad token, not in this Activity): the page says so and stops. */
  | { readonly type: 'denied'; readonly text: string }
  /**
   * The process that runs this table (its guild's shard) is gone for now: the page says so until
   * the next table, which comes once that process is back.
   */
  | { readonly type: 'reconnecting'; readonly text: string };

/** WebSocket close code for a denied socket (the 4000–4999 range is the application's). */
export const DENIED_CLOSE_CODE = 4403;
