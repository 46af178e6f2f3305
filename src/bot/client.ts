import {
  BaseChannel,
  Client,
  type ClientOptions,
  GatewayIntentBits,
  LimitedCollection,
  Options,
  Partials,
} from 'discord.js';
import { type CacheProfile, restOptions } from '../config.js';
import { type ProcessShards, partOfTheShards } from '../sharding/guild-ownership.js';
import { type BudgetedRest, budgetedRestOptions } from './budgeted-rest.js';
import { silenceCutCacheWarnings } from './cache-warnings.js';

/** The shards to connect: Discord's recommended count, or these ids of that total. */
function shardOptions(shards: ProcessShards): Pick<ClientOptions, 'shards' | 'shardCount'> {
  return shards === 'recommended' ? { shards: 'auto' } : { shards: [...shards.ids], shardCount: shards.total };
}

/**
 * A process holding part of the shards names them in its REST User-Agent (after discord.js's own),
 * so that whoever sees the requests (a shared REST proxy, the tests' emulator) can tell them apart.
 */
function restWithShards(apiUrl: string | undefined, shards: ProcessShards): ClientOptions['rest'] {
  const rest = restOptions(apiUrl);
  const part = partOfTheShards(shards);
  if (part === undefined) return rest;
  return { ...rest, userAgentAppendix: `crag-bot shards ${part.ids.join(',')} of ${part.total}` };
}

/**
 * The discord.js client, with caches cut to what the bot uses. Everything the bot needs arrives
 * in the interaction itself (user, member roles and permissions, the app's permissions, channel,
 * thread state), games live in the store, and posts go through REST by channel id, so messages,
 * members, users, presences, roles and channels other than threads are never kept: which roles and
 * channels a guild has, the one thing asked of them, is kept as ids (src/bot/guild-directory.ts).
 * Threads are kept: the Guilds intent keeps them current, and whether one is archived or locked
 * decides where a game can run. Partial channels let an interaction's own channel data (a private
 * thread the cache never saw, say) be read. docs/scaling.md says what this saves.
 *
 * Its bot-token requests wait their turn in the request budget (src/bot/budgeted-rest.ts).
 *
 * Which shards it connects is the configuration's (src/sharding/shard-settings.ts): one by default,
 * Discord's recommended count with SHARD_COUNT=auto, or the ids ShardingManager hands each process.
 */
export function createClient(
  apiUrl: string | undefined,
  shards: ProcessShards,
  budgeted: BudgetedRest,
  caches: CacheProfile = 'cut',
): Client {
  const rest = { ...restWithShards(apiUrl, shards), ...budgetedRestOptions(budgeted) };
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    partials: [Partials.Channel],
    ...shardOptions(shards),
    rest,
    // discordjs-defaults: only for measuring what the cut saves (bench/full-shard.ts).
    ...(caches === 'cut' ? cutCaches() : {}),
    // The renderers already produce Discord's JSON (snake_case); discord.js's default transformer
    // would re-key every component and embed through lodash on every click for nothing.
    jsonTransformer: (value) => value,
  });
}

function cutCaches(): Pick<ClientOptions, 'makeCache' | 'sweepers'> {
  silenceCutCacheWarnings();
  const limited = Options.cacheWithLimits({
    ...Options.DefaultMakeCacheSettings,
    MessageManager: 0,
    GuildMessageManager: 0,
    DMMessageManager: 0,
    GuildMemberManager: { maxSize: 0, keepOverLimit: (member) => member.id === member.client.user.id },
    UserManager: { maxSize: 0, keepOverLimit: (user) => user.id === user.client.user.id },
    PresenceManager: 0,
    ReactionManager: 0,
    ReactionUserManager: 0,
    GuildEmojiManager: 0,
    GuildStickerManager: 0,
    GuildScheduledEventManager: 0,
    GuildInviteManager: 0,
    GuildBanManager: 0,
    StageInstanceManager: 0,
    ThreadMemberManager: 0,
    VoiceStateManager: 0,
    AutoModerationRuleManager: 0,
    ApplicationCommandManager: 0,
    BaseGuildEmojiManager: 0,
  });
  return {
    // discord.js calls cutting these four unsupported: what it then cannot do (compute a member's
    // or its own permissions, emit an event of an uncached channel) the bot never asks of it. It
    // reads permissions off the interaction, role and channel ids off src/bot/guild-directory.ts,
    // and channel deletions off the gateway's packet (src/bot/places-going.ts).
    makeCache: (managerType, holds, manager) => {
      // Its typings leave these four out of the names it lists (they are "unsupported").
      const name: string = manager.name;
      switch (name) {
        case 'RoleManager':
        case 'PermissionOverwriteManager':
          return new LimitedCollection({ maxSize: 0 });
        // Threads stay: whether one is archived or locked decides where a game runs, and its
        // update or deletion (emitted only for a cached thread) shows or ends its game.
        case 'ChannelManager':
        case 'GuildChannelManager':
          return new LimitedCollection({ maxSize: 0, keepOverLimit: (channel) => isThread(channel) });
        default:
          return limited(managerType, holds, manager);
      }
    },
    sweepers: Options.DefaultSweeperSettings,
  };
}

function isThread(channel: unknown): boolean {
  return channel instanceof BaseChannel && channel.isThread();
}
