import { DefaultRestOptions, type RESTOptions } from 'discord.js';
import { metrics } from '../ops/metrics.js';
import type { RequestBudget, RequestPriority } from './request-budget.js';

type MakeRequest = RESTOptions['makeRequest'];
type Answer = Awaited<ReturnType<MakeRequest>>;

/**
 * How a call tells the budget its priority: a header on the discord.js request
 * (`rest.patch(route, { body, headers: priority('waited-for') })`), taken off again before the
 * request leaves. (An AsyncLocalStorage would spare the header but, on Node 20, taxes every promise
 * of the process.) Requests without it are `normal`.
 */
const PRIORITY_HEADER = 'X-Crag-Priority';

const PRIORITIES: ReadonlySet<string> = new Set<RequestPriority>(['waited-for', 'normal', 'ping']);

export function priority(of: RequestPriority): Record<string, string> {
  return { [PRIORITY_HEADER]: of };
}

/** Names the game and state version a board edit draws, so that it can be dropped once outdated. */
const DRAWING_HEADER = 'X-Crag-Drawing';

export function drawing(gameId: number, version: number): Record<string, string> {
  return { [DRAWING_HEADER]: `${gameId}:${version}` };
}

/**
 * A board edit dropped when its turn in the budget came: a newer drawing of its game (an
 * interaction's own update, which never waits) had landed meanwhile, and this one would paint the
 * board back to an older state.
 */
export class SupersededDrawing extends Error {
  override readonly name = 'SupersededDrawing';
}

export interface BudgetedRest {
  readonly budget: RequestBudget;
  /** Whether a drawing of this game at this version is older than one already on its board. */
  readonly superseded: (gameId: number, version: number) => boolean;
  /**
   * Told of each attempt of a board edit as it leaves the budget, settling when Discord has
   * answered it: what an interaction's update of that board waits for (BoardPublisher.respond),
   * rather than for the time the edit spends queued.
   */
  readonly drawingSent?: (gameId: number, attempt: Promise<unknown>) => void;
}

/** The game and version a board edit's tag names, or undefined for a request that draws no board. */
function drawnBy(tag: string | undefined): { gameId: number; version: number } | undefined {
  if (tag === undefined) return undefined;
  const [gameId, version] = tag.split(':').map(Number);
  return gameId !== undefined && version !== undefined ? { gameId, version } : undefined;
}

/**
 * discord.js's `makeRequest`, each bot-token request first waiting its turn in the budget by its
 * priority. discord.js calls it once per attempt, after its own per-route queue (which keeps to the
 * X-RateLimit headers), so a retry is counted as the request it is, and the wait ends just before
 * the request leaves: a board edit found outdated then is dropped (SupersededDrawing). Requests
 * without a bot token (interaction callbacks and webhooks, exempt from the global limit) go at once.
 */
export function budgetedRequests(rest: BudgetedRest, send: MakeRequest = DefaultRestOptions.makeRequest): MakeRequest {
  return async (url, init) => {
    // discord.js builds the headers as a plain object (REST.resolveRequest).
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    const asked = headers[PRIORITY_HEADER];
    const drawn = headers[DRAWING_HEADER];
    delete headers[PRIORITY_HEADER];
    delete headers[DRAWING_HEADER];
    if (headers.Authorization?.startsWith('Bot ')) {
      await rest.budget.take(asked !== undefined && PRIORITIES.has(asked) ? (asked as RequestPriority) : 'normal');
    }
    const board = drawnBy(drawn);
    if (board && rest.superseded(board.gameId, board.version)) {
      throw new SupersededDrawing(`drawing ${drawn} is outdated`);
    }
    const attempt = send(url, { ...init, headers });
    if (board) rest.drawingSent?.(board.gameId, attempt);
    const answer = await attempt;
    return answer.status === 429 && answer.headers.has(GLOBAL_HEADER) ? heldInTheBudget(rest, answer) : answer;
  };
}

const GLOBAL_HEADER = 'X-RateLimit-Global';

/**
 * A global 429, held in the budget rather than by discord.js. Told of it by X-RateLimit-Global,
 * discord.js holds every request of the process that goes through its queues until Retry-After
 * has passed: interaction callbacks skip them (its BurstHandler), but interaction webhooks do not,
 * and Discord's global limit binds neither. So Play again's next board, the answer to a deferred
 * command and every other follow-up waited out the whole Retry-After (test/e2e/pings.test.ts saw
 * the next board 4 s late). Instead the budget starts no bot-token request until then, and
 * discord.js, handed the answer without that header (its `X-RateLimit-Scope: global` still says
 * what it was), sees a 429 of the one route, which it retries when that route allows, through the
 * budget again. A hold past discord.js's request timeout (15 s) aborts the requests waiting in it,
 * which discord.js then retries (3 times); a 429 of Discord's limit of 50 a second asks for less
 * than a second.
 */
function heldInTheBudget(rest: BudgetedRest, answer: Answer): Answer {
  const retryAfterSeconds = Number(answer.headers.get('Retry-After'));
  rest.budget.holdFor(Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0 ? retryAfterSeconds * 1000 : 1000);
  metrics.restRateLimitWaits.inc({ global: 'true' });
  const headers = new Headers(answer.headers);
  headers.delete(GLOBAL_HEADER);
  // The same answer, body unread, with other headers (a fetch Response's own cannot be changed).
  return {
    body: answer.body,
    arrayBuffer: () => answer.arrayBuffer(),
    json: () => answer.json(),
    text: () => answer.text(),
    get bodyUsed() {
      return answer.bodyUsed;
    },
    headers,
    status: answer.status,
    statusText: answer.statusText,
    ok: answer.ok,
  };
}

/**
 * The REST options that put the budget in charge of the global limit. discord.js's own count of it
 * (50 a second, `globalRequestsPerSecond`) covers interaction webhooks too, which Discord exempts,
 * so under load a person's follow-up would queue there behind pings: it is lifted, the budget
 * counting only what Discord counts. A global 429 holds the budget, not discord.js (see
 * `heldInTheBudget`).
 */
export function budgetedRestOptions(rest: BudgetedRest): Partial<RESTOptions> {
  return { makeRequest: budgetedRequests(rest), globalRequestsPerSecond: Number.POSITIVE_INFINITY };
}
