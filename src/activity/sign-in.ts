import { AnswerMemory } from '../net/answer-memory.js';
import { type BucketRule, TokenBuckets } from '../net/token-buckets.js';
import type { DiscordApi, DiscordPerson, ExchangedToken, InstanceLocation } from './discord-api.js';

/**
 * How often strangers may make the table server ask Discord about them. Each bogus access token
 * costs one 401 from Discord, and 10,000 of those in 10 minutes ban the bot's address from every
 * server (issue 40, finding 2). Discord's Activity proxy hides the players' addresses (its
 * networking guide): behind it, "an address" is one of Discord's, shared by many players. So the
 * buckets that matter count refusals, which the page never causes: an address, or everyone, that
 * Discord refused too often gets no more questions asked for new tokens until the bucket refills.
 * Asking at all is bucketed too, generously, so that a crowd opening the Activity at once waits a
 * little rather than being refused.
 */
export interface SignInLimits {
  /** Questions about new tokens and codes, per address and for everyone. */
  readonly asksPerAddress: BucketRule;
  readonly asksOfEveryone: BucketRule;
  /** Refusals by Discord, per address and for everyone: at the latter's rate, at most ~700 in 10 minutes. */
  readonly refusalsPerAddress: BucketRule;
  readonly refusalsOfEveryone: BucketRule;
  /** Instance look-ups (bot-token requests) per person: a page that reconnects needs one each time. */
  readonly lookupsPerPerson: BucketRule;
  /** How long a hello may wait for the bucket for everyone before it is told to try again. */
  readonly maxWaitMs: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  asksPerAddress: { capacity: 120, perSecond: 4 },
  asksOfEveryone: { capacity: 200, perSecond: 20 },
  refusalsPerAddress: { capacity: 20, perSecond: 1 / 30 },
  refusalsOfEveryone: { capacity: 100, perSecond: 1 },
  lookupsPerPerson: { capacity: 10, perSecond: 0.2 },
  maxWaitMs: 3_000,
};

/** Refused tokens are remembered this long, accepted ones a little longer than a table session needs. */
const REMEMBERED = { refusedForMs: 5 * 60_000, acceptedForMs: 15 * 60_000, maxEntries: 10_000 };
const EVERYONE = 'everyone';

export type SignInAnswer =
  | { readonly kind: 'person'; readonly person: DiscordPerson; readonly instance: InstanceLocation | undefined }
  /** Not a token of this application. */
  | { readonly kind: 'refused' }
  /** Over a bucket, or Discord could not answer: the page tries again later. */
  | { readonly kind: 'busy' };

export class SignIn {
  readonly #people: AnswerMemory<DiscordPerson>;
  readonly #asks: TokenBuckets;
  readonly #asksOfEveryone: TokenBuckets;
  readonly #refusals: TokenBuckets;
  readonly #refusalsOfEveryone: TokenBuckets;
  readonly #lookups: TokenBuckets;

  constructor(
    private readonly api: DiscordApi,
    private readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
    now: () => number = Date.now,
  ) {
    this.#people = new AnswerMemory(REMEMBERED, now);
    this.#asks = new TokenBuckets(limits.asksPerAddress, 10_000, now);
    this.#asksOfEveryone = new TokenBuckets(limits.asksOfEveryone, 1, now);
    this.#refusals = new TokenBuckets(limits.refusalsPerAddress, 10_000, now);
    this.#refusalsOfEveryone = new TokenBuckets(limits.refusalsOfEveryone, 1, now);
    this.#lookups = new TokenBuckets(limits.lookupsPerPerson, 10_000, now);
  }

  /** Who the token names and where the instance is, with Discord asked only within the buckets. */
  async check(accessToken: string, instanceId: string, address: string): Promise<SignInAnswer> {
    let person = this.#people.recall(accessToken);
    if (person === 'unknown') {
      const ask = await this.#mayAsk(address);
      if (!ask) return { kind: 'busy' };
      try {
        person = await this.#people.answer(accessToken, async () => {
          const found = await this.api.authorizedPerson(accessToken);
          // Thrown, so that it is not remembered as a refusal.
          if (found === 'unavailable') throw new Error('Discord did not answer');
          return found === 'refused' ? undefined : found;
        });
      } catch {
        ask.notRefused();
        return { kind: 'busy' };
      }
      if (person) ask.notRefused();
    }
    if (!person) return { kind: 'refused' };
    if (!this.#lookups.take(person.id)) return { kind: 'busy' };
    return { kind: 'person', person, instance: await this.api.instance(instanceId) };
  }

  /** The page's OAuth2 code exchanged for an access token: a Discord call, so within the same buckets. */
  async exchange(code: string, address: string): Promise<ExchangedToken | 'refused' | 'busy'> {
    const ask = await this.#mayAsk(address);
    if (!ask) return 'busy';
    const token = await this.api.exchangeCode(code);
    if (token) ask.notRefused();
    return token ?? 'refused';
  }

  /**
   * Whether Discord may be asked now, and if so the ask's reservation. Every ask in flight may come
   * back refused, so each holds a refusal from the address's bucket and everyone's until Discord
   * has answered, and gives it back unless it was a refusal: a hundred hellos at once can then
   * cost no more refusals than the buckets hold (counted after the answers, all hundred would pass).
   */
  async #mayAsk(address: string): Promise<{ notRefused(): void } | undefined> {
    if (!this.#refusals.take(address)) return undefined;
    if (!this.#refusalsOfEveryone.take(EVERYONE)) {
      this.#refusals.giveBack(address);
      return undefined;
    }
    const notRefused = () => {
      this.#refusals.giveBack(address);
      this.#refusalsOfEveryone.giveBack(EVERYONE);
    };
    if (!this.#asks.take(address)) return void notRefused();
    const wait = this.#asksOfEveryone.waitFor(EVERYONE);
    if (wait > this.limits.maxWaitMs) return void notRefused();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (!this.#asksOfEveryone.take(EVERYONE)) return void notRefused();
    return { notRefused };
  }
}
