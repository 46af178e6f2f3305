import { CommandContext, IntegrationType } from '../command-types.js';
import { ImpossibleActionError } from '../errors.js';
import type { Json } from '../payloads.js';
import { hasAll, Permission } from '../permissions.js';
import { type ApplicationRecord, type ChannelRecord, ChannelType, type World } from '../world.js';

/**
 * Who authorizes an interaction and what follows from it (docs/interactions/receiving-and-responding.mdx,
 * "Authorizing Integration Owners Object" and "Interaction Context Types"; docs/topics/permissions.mdx,
 * USE_EXTERNAL_APPS).
 */
export interface Authorization {
  /** 0 a server, 1 the DM with the app's bot, 2 a group DM or a DM between people. */
  context: number;
  /** `authorizing_integration_owners`: "0" → the guild id ("0" in the bot's DM), "1" → the installing user. */
  owners: Record<string, string>;
  /**
   * Only the user's install authorizes it ("0" absent): the app is not in that place, so at most 5
   * follow-ups, and the responses' publicity depends on Use External Apps.
   */
  userInstallOnly: boolean;
  /** Discord makes every response ephemeral: a user install only, in a server where the user lacks Use External Apps. */
  forceEphemeral: boolean;
  /** `app_permissions`. */
  appPermissions: bigint;
}

/**
 * docs/interactions/receiving-and-responding.mdx, footnote to `app_permissions`: what an app may do in
 * (G)DMs with other users. The docs give no figure for a server without the bot; the emulator uses the
 * same set there (an approximation).
 */
const PRIVATE_APP_PERMISSIONS = Permission.AttachFiles | Permission.EmbedLinks | Permission.MentionEveryone;

export function contextOf(channel: ChannelRecord, app: ApplicationRecord): number {
  if (channel.guildId) return CommandContext.Guild;
  const botDm = channel.type === ChannelType.DM && channel.recipientIds.includes(app.botUserId);
  return botDm ? CommandContext.BotDM : CommandContext.PrivateChannel;
}

/** Whether the app is installed where the channel is: its bot in the guild, or the DM with its bot. */
function guildInstalledAt(world: World, channel: ChannelRecord, app: ApplicationRecord): boolean {
  const context = contextOf(channel, app);
  if (context === CommandContext.BotDM) return true;
  if (context === CommandContext.PrivateChannel || !channel.guildId) return false;
  return world.requireGuild(channel.guildId).members.has(app.botUserId);
}

/**
 * The owners of a command interaction: a key for each install that is present there and that the
 * command's `integration_types` allow ("for command invocations, the command must be supported in the
 * installation context"). None: the client does not offer the command there.
 */
export function commandAuthorization(
  world: World,
  input: { app: ApplicationRecord; channel: ChannelRecord; userId: string; integrationTypes: number[] },
): Authorization {
  const { app, channel, userId } = input;
  const owners: Record<string, string> = {};
  if (input.integrationTypes.includes(IntegrationType.GuildInstall) && guildInstalledAt(world, channel, app)) {
    owners[IntegrationType.GuildInstall] = channel.guildId ?? '0';
  }
  if (input.integrationTypes.includes(IntegrationType.UserInstall) && app.userInstalls.has(userId)) {
    owners[IntegrationType.UserInstall] = userId;
  }
  if (Object.keys(owners).length === 0) {
    throw new ImpossibleActionError(
      `application ${app.id} is not installed where channel ${channel.id} is (nor to user ${userId}) for a command of integration_types ${JSON.stringify(input.integrationTypes)}`,
    );
  }
  return finish(world, { app, channel, userId, owners });
}

/**
 * The owners of a component interaction: those of the interaction that made the message ("it can be
 * used to tell the difference between the authorizing user and the user that triggered an
 * interaction (like a message component)"). A message the bot posted itself, or a raw interaction
 * without one, takes the installs present: the server's (or the bot DM's), and the person's own.
 */
export function componentAuthorization(
  world: World,
  input: { app: ApplicationRecord; channel: ChannelRecord; userId: string; sourceMetadata: Json | undefined },
): Authorization {
  const { app, channel, userId } = input;
  const inherited = (input.sourceMetadata as { authorizing_integration_owners?: Record<string, string> } | undefined)
    ?.authorizing_integration_owners;
  const owners: Record<string, string> = inherited ? { ...inherited } : {};
  if (!inherited) {
    if (guildInstalledAt(world, channel, app)) owners[IntegrationType.GuildInstall] = channel.guildId ?? '0';
    if (app.userInstalls.has(userId)) owners[IntegrationType.UserInstall] = userId;
  }
  if (Object.keys(owners).length === 0) {
    throw new ImpossibleActionError(
      `application ${app.id} is not installed where channel ${channel.id} is, nor to user ${userId}`,
    );
  }
  return finish(world, { app, channel, userId, owners });
}

function finish(
  world: World,
  input: { app: ApplicationRecord; channel: ChannelRecord; userId: string; owners: Record<string, string> },
): Authorization {
  const { app, channel, userId, owners } = input;
  const context = contextOf(channel, app);
  const userInstallOnly = owners[IntegrationType.GuildInstall] === undefined;
  const forceEphemeral =
    userInstallOnly &&
    context === CommandContext.Guild &&
    !hasAll(world.permissionsIn(channel, userId), Permission.UseExternalApps);
  const appPermissions =
    userInstallOnly && context !== CommandContext.BotDM
      ? PRIVATE_APP_PERMISSIONS
      : world.permissionsIn(channel, app.botUserId);
  return { context, owners, userInstallOnly, forceEphemeral, appPermissions };
}
