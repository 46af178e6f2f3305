import { DiscordError } from './errors.js';
import type { Json } from './payloads.js';
import type { SnowflakeGenerator } from './snowflake.js';
import type { World } from './world.js';

/**
 * Activity instances (docs/resources/application.mdx, "Get Application Activity Instance";
 * docs/activities/development-guides/multiplayer-experience.mdx): one running copy of an app's
 * Activity in one channel, with the people connected to it. Whoever launches it in a channel where
 * one runs joins that one. Ids look like Discord's: `i-<launch id>-gc-<guild id>-<channel id>`.
 */

/** The application flag of apps with an Activity (docs/resources/application.mdx, "EMBEDDED"). */
export const APPLICATION_FLAG_EMBEDDED = 1 << 17;

export interface ActivityInstance {
  readonly appId: string;
  readonly instanceId: string;
  readonly launchId: string;
  readonly channelId: string;
  readonly guildId: string | null;
  /** People connected now, in the order they came. */
  readonly users: string[];
}

export class ActivityInstances {
  readonly #instances = new Map<string, ActivityInstance>();

  constructor(
    private readonly world: World,
    private readonly snowflakes: SnowflakeGenerator,
  ) {}

  /** The instance `userId` is in after launching the app in a channel (joining one already there). */
  launch(appId: string, channelId: string, userId: string): ActivityInstance {
    const app = this.world.requireApplication(appId);
    if ((app.flags & APPLICATION_FLAG_EMBEDDED) === 0) {
      throw new DiscordError(400, 50035, 'This application has no Activity');
    }
    const channel = this.world.requireChannel(channelId);
    this.world.requireUser(userId);
    let instance = this.inChannel(appId, channelId);
    if (!instance) {
      const launchId = this.snowflakes.next();
      const guildId = channel.guildId ?? null;
      const location = guildId ? `gc-${guildId}-${channelId}` : `pc-${channelId}`;
      instance = { appId, instanceId: `i-${launchId}-${location}`, launchId, channelId, guildId, users: [] };
      this.#instances.set(instance.instanceId, instance);
    }
    if (!instance.users.includes(userId)) instance.users.push(userId);
    return instance;
  }

  /** The person closes the Activity; the instance ends when its last participant leaves. */
  leave(instanceId: string, userId: string): void {
    const instance = this.#instances.get(instanceId);
    if (!instance) return;
    const at = instance.users.indexOf(userId);
    if (at >= 0) instance.users.splice(at, 1);
    if (instance.users.length === 0) this.#instances.delete(instanceId);
  }

  get(instanceId: string): ActivityInstance | undefined {
    return this.#instances.get(instanceId);
  }

  inChannel(appId: string, channelId: string): ActivityInstance | undefined {
    for (const instance of this.#instances.values()) {
      if (instance.appId === appId && instance.channelId === channelId) return instance;
    }
    return undefined;
  }
}

export function activityInstanceJson(instance: ActivityInstance): Json {
  const kind = instance.guildId ? 'gc' : 'pc';
  return {
    application_id: instance.appId,
    instance_id: instance.instanceId,
    launch_id: instance.launchId,
    location: {
      id: instance.guildId ? `gc-${instance.guildId}-${instance.channelId}` : `pc-${instance.channelId}`,
      kind,
      channel_id: instance.channelId,
      ...(instance.guildId ? { guild_id: instance.guildId } : {}),
    },
    users: [...instance.users],
  };
}
