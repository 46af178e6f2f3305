import type { Client } from 'discord.js';
import type { BotContext } from '../bot/context.js';
import type { RequestBudget } from '../bot/request-budget.js';
import type { Config } from '../config.js';
import type { Languages, Translator } from '../i18n/index.js';
import type { Logger } from '../log.js';
import { projectPath } from '../project-path.js';
import { partOfTheShards, type ShardSet } from '../sharding/guild-ownership.js';
import { readHostShardList } from '../sharding/shard-settings.js';
import type { ActivityConfig } from './config.js';
import { DiscordApi } from './discord-api.js';
import { asToOwner, asToServer } from './relay-messages.js';
import { RelayedSitters } from './relayed-sitters.js';
import { RemoteTables } from './remote-tables.js';
import { servesTheActivity } from './serving-process.js';
import { TableHub } from './table-hub.js';
import { openTableRelay, type TableRelay } from './table-relay.js';
import { TableServer } from './table-server.js';

/** The Activity's part of a running bot: the hub hears the flow from the start; the rest opens once logged in. */
export interface ActivityPart {
  readonly hub: TableHub;
  /** Opens the server (in the process serving ACTIVITY_PORT) and the relay (in a sharded bot). */
  open(ctx: BotContext, client: Client<true>, owned: (guildId: string) => boolean): Promise<void>;
  /** Whether this guild's tables run here and can be reached (one of this process's guilds). */
  serves(guildId: string): boolean;
  close(): Promise<void>;
}

export function activityPart(
  config: Config & { activity: ActivityConfig },
  languages: Languages,
  log: Logger,
  channelLanguage: (guildId: string) => Translator,
  budget: RequestBudget,
): ActivityPart {
  const hub = new TableHub(log, channelLanguage);
  const servingHere = servesTheActivity(config.shards);
  let server: TableServer | undefined;
  let relay: TableRelay | undefined;
  let remote: RemoteTables | undefined;
  let relayed: RelayedSitters | undefined;
  let serving: ((guildId: string) => boolean) | undefined;

  /** The relay between this process and the others (docs/activity.md, "Sharded bots"). */
  const openRelay = async (part: ShardSet, client: Client<true>) => {
    const opened = await openTableRelay({
      total: part.total,
      hostShards: readHostShardList(process.env),
      postgresUrl: config.database.kind === 'postgres' ? config.database.url : undefined,
      listensTo: servingHere ? ['activity'] : part.ids,
      receive: (to, body) => {
        const toServer = to === 'activity' ? asToServer(body) : undefined;
        const toOwner = to === 'activity' ? undefined : asToOwner(body);
        if (toServer) remote?.receive(toServer);
        if (toOwner) relayed?.receive(toOwner);
      },
      log,
    });
    if (servingHere) {
      remote = new RemoteTables(
        part.total,
        (shard) => opened.reaches(shard),
        (shard, body) => opened.send(shard, body),
        log,
      );
    } else {
      relayed = new RelayedSitters(
        hub,
        (body) => opened.send('activity', body),
        languages,
        (guildId) => client.guilds.cache.has(guildId),
        log,
      );
    }
    return opened;
  };

  return {
    hub,
    serves: (guildId) => serving?.(guildId) ?? false,
    async open(ctx, client, owned) {
      hub.attach(ctx, client);
      const part = partOfTheShards(config.shards);
      if (part) relay = await openRelay(part, client);
      if (!servingHere) {
        const reached = relay?.reaches('activity') ?? false;
        serving = (guildId) => reached && owned(guildId);
        return;
      }
      const api = new DiscordApi(
        config.apiUrl,
        client.application.id,
        config.activity.clientSecret,
        config.token,
        budget,
      );
      server = new TableServer({
        api,
        clientId: client.application.id,
        hub,
        languages,
        log,
        webRoot: projectPath('dist', 'activity-web'),
        isMember: (guildId) => client.guilds.cache.has(guildId),
        local: owned,
        ...(remote ? { remote } : {}),
        ...(config.activity.frameAncestors ? { frameAncestors: config.activity.frameAncestors } : {}),
      });
      await server.listen(config.activity.port, config.activity.host);
      serving = owned;
    },
    async close() {
      remote?.close();
      relayed?.close();
      await server?.close();
      await relay?.close();
    },
  };
}
