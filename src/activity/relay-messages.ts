import type { TablePerson } from './intents.js';
import type { Intent, ServerMessage } from './protocol.js';

/**
 * What the process serving ACTIVITY_PORT and the process of a table's guild say to each other
 * (docs/activity.md, "Sharded bots"). The serving process keeps the WebSocket and its edge; the
 * owner runs the table. `conn` names one socket, made up by the serving process.
 */
export type ToOwner =
  /** A socket signed in for a table of this owner's guild: seat it (again, after a restart). */
  | {
      readonly kind: 'sit';
      readonly conn: string;
      readonly shard: number;
      readonly guildId: string;
      readonly channelId: string;
      readonly person: TablePerson;
      readonly locale: string | null;
    }
  | { readonly kind: 'intent'; readonly conn: string; readonly intent: Intent; readonly version: number }
  /** The socket closed. */
  | { readonly kind: 'leave'; readonly conn: string }
  /** Are you there? `server`: the serving process's incarnation, new at each of its starts. */
  | { readonly kind: 'ping'; readonly shard: number; readonly server: string };

export type ToServer =
  | { readonly kind: 'send'; readonly conn: string; readonly message: ServerMessage }
  /** The owner is done with the socket (after a denial). */
  | { readonly kind: 'close'; readonly conn: string }
  /**
   * `incarnation` is new at each start of the owner's process: a new one has forgotten every seat.
   * Sent for each ping, and for each sit (with its `conn`), so that a seat knows who holds it.
   */
  | { readonly kind: 'pong'; readonly shard: number; readonly incarnation: string; readonly conn?: string };

const OWNER_KINDS = new Set(['sit', 'intent', 'leave', 'ping']);
const SERVER_KINDS = new Set(['send', 'close', 'pong']);

/**
 * Relayed bodies come from the bot's own processes (over IPC, or NOTIFY on its own database), so
 * only their kind is checked: a body of another version of the bot is dropped, not guessed at.
 */
export function asToOwner(body: unknown): ToOwner | undefined {
  return kindIn(body, OWNER_KINDS) ? (body as ToOwner) : undefined;
}

export function asToServer(body: unknown): ToServer | undefined {
  return kindIn(body, SERVER_KINDS) ? (body as ToServer) : undefined;
}

function kindIn(body: unknown, kinds: ReadonlySet<string>): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const kind = (body as { kind?: unknown }).kind;
  return typeof kind === 'string' && kinds.has(kind);
}
