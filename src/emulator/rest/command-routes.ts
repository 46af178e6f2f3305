import { DiscordError } from '../errors.js';
import { json, NO_CONTENT, type RestRequest, type Router } from '../http/router.js';
import { appOf, param, type RestContext } from './context.js';

/** Global and guild application commands: what a deploy script registers. */
export function addCommandRoutes(router: Router, context: RestContext): void {
  const { commands, world } = context;

  /** The app in the path must be the caller; a guild scope needs the bot in that guild. */
  const scope = (request: RestRequest, withGuild: boolean): { appId: string; guildId: string | null } => {
    const app = appOf(request);
    if (param(request, 'appId') !== app.id) throw DiscordError.missingAccess();
    if (!withGuild) return { appId: app.id, guildId: null };
    const guild = world.guilds.get(param(request, 'guildId'));
    if (!guild) throw DiscordError.unknownGuild();
    if (!guild.members.has(app.botUserId)) throw DiscordError.missingAccess();
    return { appId: app.id, guildId: guild.id };
  };

  for (const [base, withGuild] of [
    ['/applications/:appId/commands', false],
    ['/applications/:appId/guilds/:guildId/commands', true],
  ] as const) {
    router.add('GET', base, (request) => {
      const { appId, guildId } = scope(request, withGuild);
      return json(commands.list(appId, guildId));
    });
    router.add('PUT', base, (request) => {
      const { appId, guildId } = scope(request, withGuild);
      return json(commands.overwrite(appId, guildId, request.body));
    });
    router.add('POST', base, (request) => {
      const { appId, guildId } = scope(request, withGuild);
      const { command, created } = commands.upsert(appId, guildId, request.body);
      return json(command, created ? 201 : 200);
    });
    router.add('GET', `${base}/:commandId`, (request) => {
      const { appId, guildId } = scope(request, withGuild);
      return json(commands.get(appId, guildId, param(request, 'commandId')));
    });
    router.add('PATCH', `${base}/:commandId`, (request) => {
      const { appId, guildId } = scope(request, withGuild);
      return json(commands.edit(appId, guildId, param(request, 'commandId'), request.body));
    });
    router.add('DELETE', `${base}/:commandId`, (request) => {
      const { appId, guildId } = scope(request, withGuild);
      commands.delete(appId, guildId, param(request, 'commandId'));
      return NO_CONTENT;
    });
  }
}
