import { unknownCommandPermissions } from '../command-permissions.js';
import { DiscordError } from '../errors.js';
import { json, NO_CONTENT, type RestRequest, type Router } from '../http/router.js';
import { appOf, param, type RestContext } from './context.js';

/** Global and guild application commands: what a deploy script registers. */
export function addCommandRoutes(router: Router, context: RestContext): void {
  const { commands, commandPermissions, world } = context;

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
  const guildScope = (request: RestRequest) => scope(request, true) as { appId: string; guildId: string };

  // docs/interactions/application-commands.mdx, "Get Guild Application Command Permissions" and "Get
  // Application Command Permissions": readable with the bot token. Editing them needs a Bearer token
  // (the emulator's `setCommandPermissions` plays the admin); overrides of deleted commands are gone.
  /** The app itself (its overrides apply to all commands) or one of its commands seen in the guild. */
  const isTarget = (appId: string, guildId: string, id: string) =>
    id === appId || [...commands.list(appId, null), ...commands.list(appId, guildId)].some((c) => c.id === id);
  router.add('GET', '/applications/:appId/guilds/:guildId/commands/permissions', (request) => {
    const { appId, guildId } = guildScope(request);
    return json(commandPermissions.list(appId, guildId).filter((entry) => isTarget(appId, guildId, entry.id)));
  });
  router.add('GET', '/applications/:appId/guilds/:guildId/commands/:commandId/permissions', (request) => {
    const { appId, guildId } = guildScope(request);
    const commandId = param(request, 'commandId');
    if (!isTarget(appId, guildId, commandId)) throw DiscordError.unknownCommand();
    const found = commandPermissions.get(appId, guildId, commandId);
    if (!found) throw unknownCommandPermissions();
    return json(found);
  });

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
