/**
 * The one codec for component custom_ids: `crag:<game id>:<state version>:<action>[:<die>]`.
 * Every button and select names the game and the version of the state it was drawn from, so a
 * click on a board that has moved on is recognised, and buttons keep working after a restart.
 */
export type ComponentAction =
  | { readonly kind: 'join' }
  | { readonly kind: 'leave' }
  | { readonly kind: 'start' }
  | { readonly kind: 'cancel' }
  | { readonly kind: 'keep'; readonly die: 0 | 1 | 2 }
  | { readonly kind: 'reroll' }
  | { readonly kind: 'score' }
  | { readonly kind: 'sheet' }
  | { readonly kind: 'hint' }
  | { readonly kind: 'again' }
  | { readonly kind: 'analysis' }
  /** A finished daily deal's Share: posts its one line in the channel. */
  | { readonly kind: 'share' }
  /** A lobby's Play at the table: opens the Activity in the voice channel (docs/activity.md). */
  | { readonly kind: 'table' };

export type ComponentKind = ComponentAction['kind'];

export interface ComponentId {
  readonly gameId: number;
  readonly version: number;
  readonly action: ComponentAction;
}

const PREFIX = 'crag';
const MAX_LENGTH = 100;
const SIMPLE_KINDS: ReadonlySet<string> = new Set([
  'join',
  'leave',
  'start',
  'cancel',
  'reroll',
  'score',
  'sheet',
  'hint',
  'again',
  'analysis',
  'share',
  'table',
]);

export function encodeComponentId({ gameId, version, action }: ComponentId): string {
  const tail = action.kind === 'keep' ? `keep:${action.die}` : action.kind;
  const id = `${PREFIX}:${gameId}:${version}:${tail}`;
  if (id.length > MAX_LENGTH) throw new RangeError(`custom_id longer than ${MAX_LENGTH}: ${id}`);
  return id;
}

function positiveInteger(text: string | undefined): number | undefined {
  if (text === undefined || !/^[1-9]\d{0,15}$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** Reads a custom_id; anything this bot did not write (forged, truncated, foreign) is undefined. */
export function decodeComponentId(customId: string): ComponentId | undefined {
  if (customId.length > MAX_LENGTH) return undefined;
  const [prefix, gameText, versionText, kind, arg, ...rest] = customId.split(':');
  if (prefix !== PREFIX || rest.length > 0 || kind === undefined) return undefined;
  const gameId = positiveInteger(gameText);
  const version = positiveInteger(versionText);
  if (gameId === undefined || version === undefined) return undefined;
  if (kind === 'keep') {
    if (arg !== '0' && arg !== '1' && arg !== '2') return undefined;
    return { gameId, version, action: { kind, die: Number(arg) as 0 | 1 | 2 } };
  }
  if (arg !== undefined || !SIMPLE_KINDS.has(kind)) return undefined;
  return { gameId, version, action: { kind } as ComponentAction };
}
