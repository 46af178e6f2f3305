import type { EmulatorCore } from '../core.js';
import type { InjectedFault, RestFault } from '../faults.js';
import type { HeldRequest, RestHoldMatch } from '../holds.js';

/** The bots' REST traffic: counted, refused by the rate limits, failed or held on purpose. */
export class RestTrafficPart {
  constructor(private readonly core: EmulatorCore) {}

  /** The next matching REST request(s) get this failure instead of an answer. */
  failNextRest(fault: RestFault): InjectedFault {
    return this.core.faults.add(fault);
  }

  /**
   * The next matching REST request waits, unhandled, until released: it reaches Discord after
   * whatever is sent meanwhile, as a request slowed down on its way may.
   */
  holdNextRest(match: RestHoldMatch): HeldRequest {
    return this.core.holds.add(match);
  }

  /** Requests served for a route, e.g. `restCount('PATCH', '/channels/:channelId/messages/:messageId')`. */
  restCount(method: string, template: string): number {
    return this.core.restCounts.get(`${method.toUpperCase()} ${template}`) ?? 0;
  }

  /** Every counter, keyed `METHOD /template`. */
  restCounts(): Record<string, number> {
    return Object.fromEntries(this.core.restCounts);
  }

  resetRestCounts(): void {
    this.core.restCounts.clear();
  }

  /**
   * Responses of 401, 403 or 429 sent in the last `windowMs` (default and at most 10 minutes, on the
   * emulator clock), for one application (its token, or its interaction webhooks) or in all.
   * Injected faults count; 429s of a shared scope do not, as on Discord.
   */
  invalidRequests(options: { appId?: string; windowMs?: number } = {}): number {
    return this.core.invalidRequests.count(options);
  }

  /** The most invalid responses any 10-minute window held so far (Discord bans the IP at 10,000). */
  maxInvalidRequestsPerWindow(): number {
    return this.core.invalidRequests.peak;
  }

  /** Invalid responses sent to one address (`127.0.0.1` for a local bot) in the last 10 minutes. */
  invalidRequestsFromIp(ip: string): number {
    return this.core.invalidRequests.countFromIp(ip);
  }

  /** How long (ms, emulator clock) an address stays banned for its invalid requests; 0 if it is not. */
  bannedFor(ip: string): number {
    return this.core.invalidRequests.bannedFor(ip);
  }

  /** 429s the rate limits answered so far: of the global limit, and of route buckets (0 when off). */
  rateLimitRefusals(): { global: number; route: number } {
    return this.core.limiter?.refusals ?? { global: 0, route: 0 };
  }
}
