import type { EventEmitter } from 'node:events';
import { ActivityInstances } from './activity-instances.js';
import { CdnStore } from './cdn.js';
import { type Clock, EmulatorClock } from './clock.js';
import { CommandPermissionStore } from './command-permissions.js';
import { CommandStore } from './commands.js';
import { EmojiStore } from './emojis.js';
import type { EmulatorEvents } from './events.js';
import { FaultInjector } from './faults.js';
import { wireGatewayFanout } from './gateway/fanout.js';
import { GatewayServer } from './gateway/server.js';
import { RequestHolds } from './holds.js';
import { Router } from './http/router.js';
import { CDN_PATH, GATEWAY_PATH, HttpFrontend } from './http/server.js';
import { InteractionRegistry } from './interactions/registry.js';
import { InteractionResponder } from './interactions/responses.js';
import { VirtualUsers } from './interactions/virtual-users.js';
import { INVALID_REQUEST_BAN_MS, INVALID_REQUEST_BAN_THRESHOLD, InvalidRequestLog } from './invalid-requests.js';
import { MessageStore } from './messages.js';
import { addOAuth2Routes, OAuth2Grants } from './oauth2.js';
import type { Problem } from './problems.js';
import { RateLimiter, type RateLimitOptions } from './rate-limits/limiter.js';
import { addActivityInstanceRoutes } from './rest/activity-routes.js';
import { addChannelRoutes } from './rest/channel-routes.js';
import { addCommandRoutes } from './rest/command-routes.js';
import type { RestContext } from './rest/context.js';
import { addEmojiRoutes } from './rest/emoji-routes.js';
import { addInteractionRoutes } from './rest/interaction-routes.js';
import { addSessionRoutes } from './rest/session-routes.js';
import { addThreadRoutes } from './rest/thread-routes.js';
import { SnowflakeGenerator } from './snowflake.js';
import { wireThreadActivity } from './threads.js';
import { Waiters } from './wait.js';
import { World } from './world.js';

export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Where time comes from (default: the system clock); `advanceClock` moves it forward. */
  clock?: Clock;
  /** Sent in HELLO; Discord uses 41250. */
  heartbeatIntervalMs?: number;
  /** `session_start_limit.max_concurrency` in GET /gateway/bot (default 16). */
  maxConcurrency?: number;
  /**
   * Enforce the identify rate limit: an IDENTIFY less than 5 s (real clock) after another in its
   * `shard_id % max_concurrency` bucket gets op 9 and a `gateway` problem. Off by default: test
   * suites restart bot processes within 5 s, which Discord would slow down the same way.
   */
  enforceIdentifyConcurrency?: boolean;
  /**
   * The most messages a channel keeps (default: all, as Discord does); older ones are forgotten.
   * The playground sets it so that a flood of posts cannot grow its memory without bound.
   */
  historyLimit?: number;
  /**
   * Discord's REST limits (see src/emulator/README.md, "Rate limits"): the global 50 requests a second per bot
   * token, the route buckets with their `X-RateLimit-*` headers, and the ban of an address after
   * 10,000 invalid requests in 10 minutes. `true` for Discord's figures, or figures of a test's own.
   * Off by default: the older suites drive games faster than people play.
   */
  rateLimits?: boolean | RateLimitOptions;
  /**
   * The address the HTTP server binds (default `127.0.0.1`) and the host its URLs name (API,
   * gateway, CDN; default `127.0.0.1`). A bot in a container on a bridge network reaches the host
   * as `host.containers.internal`, so the compose test binds `0.0.0.0` and names that host.
   */
  bindHost?: string;
  publicHost?: string;
}

/**
 * The emulator's insides wired together: the world and each resource's store, REST with its routes,
 * the gateway, and the virtual users. The facade's parts (parts/) act on these; the REST routes and
 * the gateway serve the bot from the same ones.
 */
export class EmulatorCore {
  readonly clock: EmulatorClock;
  readonly world: World;
  readonly messages: MessageStore;
  readonly commands: CommandStore;
  readonly commandPermissions = new CommandPermissionStore();
  readonly interactions: InteractionRegistry;
  readonly gateway: GatewayServer;
  readonly http: HttpFrontend;
  readonly faults = new FaultInjector();
  readonly holds = new RequestHolds();
  readonly users: VirtualUsers;
  readonly waiters = new Waiters();
  readonly problems: Problem[] = [];
  readonly restCounts = new Map<string, number>();
  readonly invalidRequests: InvalidRequestLog;
  readonly limiter: RateLimiter | null;
  readonly cdn: CdnStore;
  readonly emojis: EmojiStore;
  readonly oauth2: OAuth2Grants;
  readonly activities: ActivityInstances;
  port = 0;
  readonly bindHost: string;
  readonly publicHost: string;

  constructor(
    options: EmulatorOptions,
    private readonly events: EventEmitter<EmulatorEvents>,
  ) {
    this.clock = new EmulatorClock(options.clock);
    const maxConcurrency = options.maxConcurrency ?? 16;
    if (!Number.isInteger(maxConcurrency) || maxConcurrency < 1) throw new RangeError('maxConcurrency must be >= 1');
    const limits = options.rateLimits === true ? {} : options.rateLimits || null;
    this.limiter = limits ? new RateLimiter(limits) : null;
    this.invalidRequests = new InvalidRequestLog(
      this.clock,
      limits
        ? {
            threshold: limits.invalidRequestLimit ?? INVALID_REQUEST_BAN_THRESHOLD,
            durationMs: limits.banMs ?? INVALID_REQUEST_BAN_MS,
          }
        : null,
    );
    const snowflakes = new SnowflakeGenerator(this.clock);
    this.world = new World(snowflakes, this.clock);
    this.bindHost = options.bindHost ?? '127.0.0.1';
    this.publicHost = options.publicHost ?? '127.0.0.1';
    this.cdn = new CdnStore(() => `http://${this.publicHost}:${this.port}${CDN_PATH}`);
    this.messages = new MessageStore(this.world, this.cdn, options.historyLimit);
    this.emojis = new EmojiStore(this.world, this.cdn);
    this.commands = new CommandStore(snowflakes);
    this.oauth2 = new OAuth2Grants(this.world, this.clock);
    this.activities = new ActivityInstances(this.world, snowflakes);
    this.interactions = new InteractionRegistry(
      this.clock,
      () => snowflakes.next(),
      (id) => (id ? (this.messages.get(id)?.json ?? null) : null),
    );
    const report = (problem: Omit<Problem, 'at'>) => this.report(problem);
    this.gateway = new GatewayServer(this.world, {
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
      maxConcurrency,
      enforceIdentifyConcurrency: options.enforceIdentifyConcurrency ?? false,
      url: () => this.gatewayUrl,
      report,
    });
    const context: RestContext = {
      world: this.world,
      messages: this.messages,
      commands: this.commands,
      commandPermissions: this.commandPermissions,
      emojis: this.emojis,
      interactions: this.interactions,
      activities: this.activities,
      gateway: this.gateway,
      report,
      gatewayUrl: () => this.gatewayUrl,
      maxConcurrency,
    };
    const router = new Router();
    addSessionRoutes(router, context);
    addCommandRoutes(router, context);
    addChannelRoutes(router, context);
    addEmojiRoutes(router, this.emojis);
    addThreadRoutes(router, context);
    addInteractionRoutes(router, new InteractionResponder(context));
    addOAuth2Routes(router, this.oauth2, this.world);
    addActivityInstanceRoutes(router, this.activities);
    this.http = new HttpFrontend({
      world: this.world,
      router,
      gateway: this.gateway,
      faults: this.faults,
      holds: this.holds,
      cdn: this.cdn,
      count: (key) => this.restCounts.set(key, (this.restCounts.get(key) ?? 0) + 1),
      report,
      afterRequest: () => this.waiters.notify(),
      answered: (status, appId, ip) => this.invalidRequests.record(status, appId, ip),
      limiter: this.limiter,
      bannedFor: (ip) => (this.limiter ? this.invalidRequests.bannedFor(ip) : 0),
      appOfRoute: (params) =>
        params.appId ?? (params.interactionId ? (this.interactions.get(params.interactionId)?.appId ?? null) : null),
      served: (request) => this.events.emit('restRequest', { ...request, guildId: this.#guildOfRoute(request.params) }),
      bearer: (token) => this.oauth2.bearer(token),
    });
    this.users = new VirtualUsers({
      world: this.world,
      commands: this.commands,
      commandPermissions: this.commandPermissions,
      messages: this.messages,
      interactions: this.interactions,
      activities: this.activities,
      deliver: (appId, payload, guildId) => this.gateway.dispatchToOne(appId, 'INTERACTION_CREATE', payload, guildId),
    });
    wireGatewayFanout(this.world, this.messages, this.gateway);
    wireThreadActivity(this.world, this.messages);
  }

  get gatewayUrl(): string {
    return `ws://${this.publicHost}:${this.port}${GATEWAY_PATH}`;
  }

  /** Files a protocol violation: in `problems`, as a `problem` event, and to whoever waits. */
  report(problem: Omit<Problem, 'at'>): void {
    const full: Problem = { ...problem, at: this.clock.now() };
    this.problems.push(full);
    this.events.emit('problem', full);
    this.waiters.notify();
  }

  #guildOfRoute(params: Record<string, string>): string | null {
    if (params.guildId) return params.guildId;
    if (params.channelId) return this.world.channels.get(params.channelId)?.guildId ?? null;
    const interaction = params.interactionId
      ? this.interactions.get(params.interactionId)
      : params.token
        ? this.interactions.byToken(params.token)
        : undefined;
    return interaction?.guildId ?? null;
  }
}
