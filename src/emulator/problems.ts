export type ProblemKind =
  /** A REST route the emulator (and Discord, as far as the emulator knows) does not serve. */
  | 'unknown-route'
  /** Any other 4xx Discord would answer: invalid body, missing permission, unknown message… */
  | 'rest-error'
  /** A first interaction response after the 3 s window (answered 10062). */
  | 'late-ack'
  /** A second acknowledgement of one interaction (answered 40060). */
  | 'double-ack'
  /** The bot never acknowledged an interaction: the user saw "This interaction failed". */
  | 'interaction-failed'
  /**
   * A request Discord accepts but whose fields it ignores, named in Discord's OpenAPI description
   * nowhere (so far: `attachments` entries); the bot meant something it did not say.
   */
  | 'ignored-field'
  /** LAUNCH_ACTIVITY (type 12) from an app without Activities enabled (refused 50035). */
  | 'launch-without-activity'
  /** A 429 of Discord's global or route limits (only with `rateLimits` on). */
  | 'rate-limited'
  /** The emulator itself failed (a bug here, answered 500). */
  | 'emulator-error'
  /** Something a real gateway would reject (close codes 4001–4014, unsupported opcodes). */
  | 'gateway';

export interface Problem {
  kind: ProblemKind;
  /** What went wrong, in words. */
  detail: string;
  method?: string;
  /** The request path (no query), e.g. `/channels/123/messages`. */
  path?: string;
  /** The route template, e.g. `/channels/:channelId/messages`. */
  route?: string;
  status?: number;
  /** Discord's JSON error code. */
  code?: number;
  /** The JSON error tree of a 50035. */
  errors?: unknown;
  /** The start of the request body, to see what was sent. */
  bodySummary?: string;
  at: number;
}

const SUMMARY_LENGTH = 300;

export function summarizeBody(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH)}…` : text;
}
