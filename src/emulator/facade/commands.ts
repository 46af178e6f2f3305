import type { CommandPermission, GuildCommandPermissions } from '../command-permissions.js';
import { EntryPointHandler, PRIMARY_ENTRY_POINT, type RegisteredCommand } from '../command-types.js';
import type { EmulatorCore } from '../core.js';
import { ImpossibleActionError } from '../errors.js';
import type { CreateApplicationOptions } from '../world.js';

export interface ApplicationHandle {
  id: string;
  name: string;
  /** The bot token: `DISCORD_TOKEN` for the bot. */
  token: string;
  botUser: { id: string; username: string };
}

/** Applications and their application commands, with the permissions admins set on them. */
export class CommandsPart {
  constructor(private readonly core: EmulatorCore) {}

  /** `id` and `token` may be given, so a saved world is rebuilt with the same ids and token. */
  createApplication(options: CreateApplicationOptions): ApplicationHandle {
    const app = this.core.world.createApplication(options);
    // Enabling Activities makes a default Entry Point command, "launch", that Discord handles itself.
    if (options.activities) {
      this.core.commands.upsert(app.id, null, {
        type: PRIMARY_ENTRY_POINT,
        name: 'launch',
        description: `Launch ${options.name}`,
        handler: EntryPointHandler.DiscordLaunchActivity,
      });
    }
    return { id: app.id, name: app.name, token: app.token, botUser: { id: app.botUserId, username: app.name } };
  }

  /**
   * The person installs the app to their own account (USER_INSTALL): its commands whose
   * `integration_types` hold 1 then run where the bot is not, in servers, group DMs and DMs between
   * people, authorized by `{ "1": userId }` alone.
   */
  installToUser(appId: string, userId: string): void {
    this.core.world.installToUser(appId, userId);
  }

  /** The person removes the app from their account. */
  uninstallFromUser(appId: string, userId: string): void {
    this.core.world.uninstallFromUser(appId, userId);
  }

  /** Commands the app registered: global, or for one guild. */
  commands(appId: string, guildId?: string): readonly RegisteredCommand[] {
    return this.core.commands.list(appId, guildId ?? null);
  }

  /** The app's commands Discord's client offers `userId` in `channelId`: those they may use there. */
  offeredCommands(appId: string, userId: string, channelId: string): readonly RegisteredCommand[] {
    return this.core.users.offeredCommands(appId, userId, channelId);
  }

  /**
   * What an admin does in Server Settings > Integrations (the model of
   * `PUT /applications/:app/guilds/:guild/commands/:command/permissions`, which needs a Bearer token
   * the bot never has): replaces the overrides of one command (`command`: its name) or, without it,
   * the app-level ones that apply to all its commands. An empty list removes them. The app's sessions
   * get APPLICATION_COMMAND_PERMISSIONS_UPDATE.
   */
  setCommandPermissions(options: {
    app: string;
    guild: string;
    command?: string;
    permissions: CommandPermission[];
  }): GuildCommandPermissions {
    const app = this.core.world.requireApplication(options.app);
    const guild = this.core.world.requireGuild(options.guild);
    let targetId = app.id;
    if (options.command !== undefined) {
      const command = this.core.commands.find(app.id, guild.id, options.command);
      if (!command)
        throw new ImpossibleActionError(`no command /${options.command} is registered in guild ${guild.id}`);
      targetId = command.id;
    }
    const record = this.core.commandPermissions.set(app.id, guild.id, targetId, options.permissions);
    if (guild.members.has(app.botUserId)) {
      this.core.gateway.dispatch(app.id, 'APPLICATION_COMMAND_PERMISSIONS_UPDATE', record, {
        guildId: guild.id,
        intent: 0,
      });
    }
    this.core.waiters.notify();
    return record;
  }
}
