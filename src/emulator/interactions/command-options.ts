import { type CommandOption, OptionType, type RegisteredCommand } from '../command-types.js';
import { ImpossibleActionError } from '../errors.js';
import { channelJson, type Json, memberJson, roleJson, userJson } from '../payloads.js';
import type { GuildRecord, World } from '../world.js';

export type OptionValue = string | number | boolean;

export interface CommandInput {
  subcommandGroup?: string;
  subcommand?: string;
  /** Option name → value; user, channel, role and mentionable options take ids. */
  options?: Record<string, OptionValue>;
}

interface Resolved {
  users: Record<string, Json>;
  members: Record<string, Json>;
  roles: Record<string, Json>;
  channels: Record<string, Json>;
}

/**
 * Builds `data` of a chat-input interaction the way the Discord client would, from a registered
 * command. Anything a user could not type into Discord's command picker throws.
 */
export function chatInputData(
  world: World,
  command: RegisteredCommand,
  input: CommandInput,
  guild: GuildRecord | null,
): Json {
  const resolved: Resolved = { users: {}, members: {}, roles: {}, channels: {} };
  const topLevel = command.options ?? [];
  const where = `/${command.name}`;
  let options: Json[];
  const group = topLevel.find(
    (option) => option.type === OptionType.SubcommandGroup && option.name === input.subcommandGroup,
  );
  const hasSubcommands = topLevel.some(
    (option) => option.type === OptionType.Subcommand || option.type === OptionType.SubcommandGroup,
  );
  if (input.subcommandGroup !== undefined) {
    if (!group) throw new ImpossibleActionError(`${where} has no subcommand group "${input.subcommandGroup}"`);
    const sub = pickSubcommand(group.options ?? [], input.subcommand, `${where} ${group.name}`);
    options = [
      {
        type: OptionType.SubcommandGroup,
        name: group.name,
        options: [subcommandOption(world, sub, input.options, guild, resolved, `${where} ${group.name}`)],
      },
    ];
  } else if (hasSubcommands) {
    const sub = pickSubcommand(topLevel, input.subcommand, where);
    options = [subcommandOption(world, sub, input.options, guild, resolved, where)];
  } else {
    if (input.subcommand !== undefined) throw new ImpossibleActionError(`${where} has no subcommands`);
    options = basicOptions(world, topLevel, input.options ?? {}, guild, resolved, where);
  }
  const usedResolved = Object.fromEntries(
    Object.entries(resolved).filter(([, entries]) => Object.keys(entries).length > 0),
  );
  return {
    id: command.id,
    name: command.name,
    type: command.type,
    ...(command.guild_id ? { guild_id: command.guild_id } : {}),
    ...(options.length > 0 ? { options } : {}),
    ...(Object.keys(usedResolved).length > 0 ? { resolved: usedResolved } : {}),
  };
}

function pickSubcommand(options: CommandOption[], name: string | undefined, where: string): CommandOption {
  if (name === undefined) throw new ImpossibleActionError(`${where} needs a subcommand`);
  const sub = options.find((option) => option.type === OptionType.Subcommand && option.name === name);
  if (!sub) throw new ImpossibleActionError(`${where} has no subcommand "${name}"`);
  return sub;
}

function subcommandOption(
  world: World,
  sub: CommandOption,
  values: Record<string, OptionValue> | undefined,
  guild: GuildRecord | null,
  resolved: Resolved,
  where: string,
): Json {
  return {
    type: OptionType.Subcommand,
    name: sub.name,
    options: basicOptions(world, sub.options ?? [], values ?? {}, guild, resolved, `${where} ${sub.name}`),
  };
}

function basicOptions(
  world: World,
  definitions: CommandOption[],
  values: Record<string, OptionValue>,
  guild: GuildRecord | null,
  resolved: Resolved,
  where: string,
): Json[] {
  for (const name of Object.keys(values)) {
    if (!definitions.some((definition) => definition.name === name))
      throw new ImpossibleActionError(`${where} has no option "${name}"`);
  }
  const result: Json[] = [];
  for (const definition of definitions) {
    const value = values[definition.name];
    if (value === undefined) {
      if (definition.required) throw new ImpossibleActionError(`${where} needs option "${definition.name}"`);
      continue;
    }
    result.push({
      name: definition.name,
      type: definition.type,
      value: optionValue(world, definition, value, guild, resolved, where),
    });
  }
  return result;
}

function optionValue(
  world: World,
  definition: CommandOption,
  value: OptionValue,
  guild: GuildRecord | null,
  resolved: Resolved,
  where: string,
): OptionValue {
  const label = `${where} option "${definition.name}"`;
  const inChoices = () => {
    if (definition.choices && !definition.choices.some((choice) => choice.value === value)) {
      throw new ImpossibleActionError(`${label}: ${JSON.stringify(value)} is not one of its choices`);
    }
  };
  switch (definition.type) {
    case OptionType.String: {
      if (typeof value !== 'string') throw new ImpossibleActionError(`${label} takes a string`);
      if (value.length < (definition.min_length ?? 0) || value.length > (definition.max_length ?? 6000)) {
        throw new ImpossibleActionError(`${label}: length ${value.length} is out of range`);
      }
      inChoices();
      return value;
    }
    case OptionType.Integer:
    case OptionType.Number: {
      const integer = definition.type === OptionType.Integer;
      if (typeof value !== 'number' || (integer && !Number.isInteger(value)) || !Number.isFinite(value)) {
        throw new ImpossibleActionError(`${label} takes ${integer ? 'an integer' : 'a number'}`);
      }
      if (
        value < (definition.min_value ?? Number.NEGATIVE_INFINITY) ||
        value > (definition.max_value ?? Number.POSITIVE_INFINITY)
      ) {
        throw new ImpossibleActionError(`${label}: ${value} is out of range`);
      }
      inChoices();
      return value;
    }
    case OptionType.Boolean:
      if (typeof value !== 'boolean') throw new ImpossibleActionError(`${label} takes a boolean`);
      return value;
    case OptionType.User:
      resolveUser(world, String(value), guild, resolved, label);
      return String(value);
    case OptionType.Role:
      resolveRole(String(value), guild, resolved, label);
      return String(value);
    case OptionType.Mentionable:
      if (world.users.has(String(value))) resolveUser(world, String(value), guild, resolved, label);
      else resolveRole(String(value), guild, resolved, label);
      return String(value);
    case OptionType.Channel: {
      const channel = world.channels.get(String(value));
      if (!channel || channel.guildId !== (guild?.id ?? null))
        throw new ImpossibleActionError(`${label}: no channel ${value} here`);
      // Discord's picker offers only the channel types the option names.
      if (definition.channel_types && !definition.channel_types.includes(channel.type))
        throw new ImpossibleActionError(`${label}: channel ${value} is of type ${channel.type}, not one it takes`);
      resolved.channels[channel.id] = { ...channelJson(world, channel), permissions: '0' };
      return channel.id;
    }
    default:
      throw new ImpossibleActionError(`${label}: option type ${definition.type} is not supported by the emulator`);
  }
}

function resolveUser(world: World, userId: string, guild: GuildRecord | null, resolved: Resolved, label: string): void {
  const user = world.users.get(userId);
  if (!user) throw new ImpossibleActionError(`${label}: no user ${userId}`);
  resolved.users[user.id] = userJson(user);
  const member = guild?.members.get(user.id);
  if (member) {
    const channelLess = world.guildPermissionsOf(guild as GuildRecord, user.id);
    resolved.members[user.id] = { ...memberJson(world, member, false), permissions: channelLess.toString() };
  }
}

function resolveRole(roleId: string, guild: GuildRecord | null, resolved: Resolved, label: string): void {
  const role = guild?.roles.get(roleId);
  if (!role) throw new ImpossibleActionError(`${label}: no role ${roleId} in this guild`);
  resolved.roles[role.id] = roleJson(role);
}
