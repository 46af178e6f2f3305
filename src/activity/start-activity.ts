import type { Client } from 'discord.js';
import type { BotContext } from '../bot/context.js';
import type { RequestBudget } from '../bot/request-budget.js';
import type { Config } from '../config.js';
import type { Languages, Translator } from '../i18n/index.js';
import type { Logger } from '../log.js';
import { projectPath } from '../project-path.js';
import type { ActivityConfig } from './config.js';
import { DiscordApi } from './discord-api.js';
import { TableHub } from './table-hub.js';
import { TableServer } from './table-server.js';

/** The Activity's part of a running bot: the hub hears the flow from the start; the server opens once logged in. */
export interface ActivityPart {
  readonly hub: TableHub;
  /** Opens the server: the application's id is known only after login. Resolves with the port. */
  open(ctx: BotContext, client: Client<true>, serves: (guildId: string) => boolean): Promise<number>;
  /** Whether the server is open and runs the tables of this guild (one of this process's). */
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
  let server: TableServer | undefined;
  let serving: ((guildId: string) => boolean) | undefined;
  return {
    hub,
    serves: (guildId) => serving?.(guildId) ?? false,
    async open(ctx, client, serves) {
      hub.attach(ctx, client);
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
        serves,
        ...(config.activity.frameAncestors ? { frameAncestors: config.activity.frameAncestors } : {}),
      });
      const port = await server.listen(config.activity.port, config.activity.host);
      serving = serves;
      return port;
    },
    async close() {
      await server?.close();
    },
  };
}
