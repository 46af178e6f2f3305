import type { ActivityInstances } from '../activity-instances.js';
import type { CommandPermissionStore } from '../command-permissions.js';
import type { CommandStore } from '../commands.js';
import type { EmojiStore } from '../emojis.js';
import { DiscordError } from '../errors.js';
import type { GatewayServer } from '../gateway/server.js';
import type { RestRequest } from '../http/router.js';
import type { InteractionRegistry } from '../interactions/registry.js';
import type { MessageStore } from '../messages.js';
import { hasAll, Permission } from '../permissions.js';
import type { Problem } from '../problems.js';
import type { ApplicationRecord, ChannelRecord, World } from '../world.js';

/** What REST handlers share. */
export interface RestContext {
  world: World;
  messages: MessageStore;
  commands: CommandStore;
  commandPermissions: CommandPermissionStore;
  emojis: EmojiStore;
  interactions: InteractionRegistry;
  /** Running Activities, which a LAUNCH_ACTIVITY response starts or joins. */
  activities: ActivityInstances;
  gateway: GatewayServer;
  report: (problem: Omit<Problem, 'at'>) => void;
  /** `ws://127.0.0.1:PORT/gateway` */
  gatewayUrl: () => string;
  /** `session_start_limit.max_concurrency` in GET /gateway/bot. */
  maxConcurrency: number;
}

/** The authorizing app of an authenticated route (the router guarantees one). */
export function appOf(request: RestRequest): ApplicationRecord {
  if (!request.app) throw DiscordError.unauthorized();
  return request.app;
}

export function param(request: RestRequest, name: string): string {
  return request.params[name] ?? '';
}

/** The `:channelId` channel if the bot can see it at all (Missing Access otherwise, as Discord answers). */
export function channelVisibleToBot(
  world: World,
  request: RestRequest,
): { app: ApplicationRecord; channel: ChannelRecord; permissions: bigint } {
  const app = appOf(request);
  const channel = world.channels.get(param(request, 'channelId'));
  if (!channel) throw DiscordError.unknownChannel();
  const permissions = world.permissionsIn(channel, app.botUserId);
  if (!hasAll(permissions, Permission.ViewChannel)) throw DiscordError.missingAccess();
  return { app, channel, permissions };
}
