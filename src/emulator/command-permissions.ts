import { DiscordError, FormErrors } from './errors.js';
import { ALL_PERMISSIONS, hasAll } from './permissions.js';
import { isObject } from './validation/fields.js';

/** docs/interactions/application-commands.mdx, "Application Command Permission Type". */
export const CommandPermissionType = { Role: 1, User: 2, Channel: 3 } as const;

/** One override: a role, a member or a channel allowed (`true`) or denied (`false`). */
export interface CommandPermission {
  id: string;
  type: 1 | 2 | 3;
  permission: boolean;
}

/** "Guild Application Command Permissions Structure": `id` is a command's id, or the app's for all commands. */
export interface GuildCommandPermissions {
  id: string;
  application_id: string;
  guild_id: string;
  permissions: CommandPermission[];
}

/** "You can add up to 100 permission overwrites for a command." */
const MAX_OVERRIDES = 100;
const SNOWFLAKE = /^\d{17,20}$/;

/** The "All Channels" constant: `guild_id - 1`. */
export function allChannelsId(guildId: string): string {
  return (BigInt(guildId) - 1n).toString();
}

/**
 * What an admin sets in Server Settings > Integrations: per guild, overrides for the whole app
 * (keyed by the app's id) and for single commands (keyed by the command's id).
 */
export class CommandPermissionStore {
  readonly #byGuild = new Map<string, Map<string, GuildCommandPermissions>>();

  /** Replaces the overrides of one command (or of the app), as the PUT endpoint does; an empty list removes them. */
  set(appId: string, guildId: string, targetId: string, permissions: unknown): GuildCommandPermissions {
    const entries = validatePermissions(permissions);
    const key = `${appId}:${guildId}`;
    const guild = this.#byGuild.get(key) ?? new Map<string, GuildCommandPermissions>();
    this.#byGuild.set(key, guild);
    const record: GuildCommandPermissions = {
      id: targetId,
      application_id: appId,
      guild_id: guildId,
      permissions: entries,
    };
    if (entries.length === 0) guild.delete(targetId);
    else guild.set(targetId, record);
    return record;
  }

  get(appId: string, guildId: string, targetId: string): GuildCommandPermissions | undefined {
    return this.#byGuild.get(`${appId}:${guildId}`)?.get(targetId);
  }

  list(appId: string, guildId: string): GuildCommandPermissions[] {
    return [...(this.#byGuild.get(`${appId}:${guildId}`)?.values() ?? [])];
  }
}

function validatePermissions(body: unknown): CommandPermission[] {
  const errors = new FormErrors();
  if (!Array.isArray(body)) {
    errors.add(['permissions'], 'BASE_TYPE_REQUIRED', 'This field is required');
    errors.throwIfAny();
    return [];
  }
  if (body.length > MAX_OVERRIDES) {
    errors.add(['permissions'], 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_OVERRIDES} or fewer in length.`);
  }
  const entries: CommandPermission[] = [];
  body.forEach((entry, index) => {
    if (!isObject(entry)) {
      errors.add(['permissions', index], 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      return;
    }
    const { id, type, permission } = entry;
    if (typeof id !== 'string' || !SNOWFLAKE.test(id))
      errors.add(['permissions', index, 'id'], 'NUMBER_TYPE_COERCE', `Value "${String(id)}" is not snowflake.`);
    if (type !== 1 && type !== 2 && type !== 3)
      errors.add(
        ['permissions', index, 'type'],
        'ENUM_TYPE_COERCE',
        `Value "${String(type)}" is not a valid enum value.`,
      );
    if (typeof permission !== 'boolean')
      errors.add(['permissions', index, 'permission'], 'BOOLEAN_TYPE_COERCE', 'Must be either true or false.');
    if (typeof id === 'string' && (type === 1 || type === 2 || type === 3) && typeof permission === 'boolean')
      entries.push({ id, type, permission });
  });
  errors.throwIfAny();
  return entries;
}

/** Everything the client weighs before it offers a command to a member in a channel. */
export interface CommandUse {
  guildId: string;
  userId: string;
  /** The member's roles, @everyone not included. */
  roleIds: readonly string[];
  /** The channel where the command would run; for a thread, its parent (threads inherit its overrides). */
  channelId: string;
  /** The member's permissions in that channel, as Discord computes them. */
  channelPermissions: bigint;
  defaultMemberPermissions: string | null;
  /** Overrides for this command, and for the whole app (the app id's entry). */
  commandLevel: readonly CommandPermission[];
  appLevel: readonly CommandPermission[];
}

export type CommandVerdict = { allowed: true } | { allowed: false; reason: string };

/**
 * Permissions v2 (docs/change-log.mdx, "Upcoming Application Command Permission Changes", and its
 * flowchart; docs/interactions/application-commands.mdx, "Permissions"): Administrators use every
 * command. The channel is checked first (command-level channel, command-level All Channels, app-level
 * channel, app-level All Channels: the first found decides). Then the member: a command-level user,
 * role (any allow wins) or @everyone override decides outright, `default_member_permissions` included;
 * otherwise an app-level one can deny, and what it does not deny still needs
 * `default_member_permissions` (`"0"`: nobody but admins).
 */
export function mayUseCommand(use: CommandUse): CommandVerdict {
  if (use.channelPermissions === ALL_PERMISSIONS) return { allowed: true };
  const allChannels = allChannelsId(use.guildId);
  const channelRule =
    find(use.commandLevel, CommandPermissionType.Channel, use.channelId) ??
    find(use.commandLevel, CommandPermissionType.Channel, allChannels) ??
    find(use.appLevel, CommandPermissionType.Channel, use.channelId) ??
    find(use.appLevel, CommandPermissionType.Channel, allChannels);
  if (channelRule === false) return { allowed: false, reason: `disabled in channel ${use.channelId}` };

  const commandRule = memberRule(use.commandLevel, use);
  if (commandRule !== undefined)
    return commandRule ? { allowed: true } : { allowed: false, reason: 'denied by a command-level override' };
  if (memberRule(use.appLevel, use) === false) return { allowed: false, reason: 'denied by an app-level override' };
  const required = use.defaultMemberPermissions;
  if (required === null) return { allowed: true };
  if (required !== '0' && hasAll(use.channelPermissions, BigInt(required))) return { allowed: true };
  return { allowed: false, reason: `lacks the permissions it requires (default_member_permissions ${required})` };
}

/** A user override first, then the member's role overrides (any allow wins), then @everyone's. */
function memberRule(list: readonly CommandPermission[], use: CommandUse): boolean | undefined {
  const user = find(list, CommandPermissionType.User, use.userId);
  if (user !== undefined) return user;
  const roles = use.roleIds
    .map((roleId) => find(list, CommandPermissionType.Role, roleId))
    .filter((rule) => rule !== undefined);
  if (roles.length > 0) return roles.includes(true);
  return find(list, CommandPermissionType.Role, use.guildId);
}

function find(list: readonly CommandPermission[], type: number, id: string): boolean | undefined {
  return list.find((entry) => entry.type === type && entry.id === id)?.permission;
}

/** 404 / 10066, as Discord answers for a command without overrides in a guild. */
export function unknownCommandPermissions(): DiscordError {
  return new DiscordError(404, 10066, 'Unknown application command permissions');
}
