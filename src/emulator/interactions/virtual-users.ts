import type { ActivityInstances } from '../activity-instances.js';
import { type CommandPermissionStore, mayUseCommand } from '../command-permissions.js';
import { CommandContext, type RegisteredCommand } from '../command-types.js';
import type { CommandStore } from '../commands.js';
import { ImpossibleActionError } from '../errors.js';
import type { MessageStore, StoredMessage } from '../messages.js';
import { channelJson, type Json, memberJson, roleJson, userJson } from '../payloads.js';
import { hasAll, Permission } from '../permissions.js';
import { ButtonStyle, ComponentType, interactiveComponents } from '../validation/component-types.js';
import type { JsonObject } from '../validation/fields.js';
import { type ApplicationRecord, type ChannelRecord, ChannelType, type World } from '../world.js';
import type { ChooseOptionOptions, ClickButtonOptions, RawInteractionOptions, RunCommandOptions } from './actions.js';
import { type Authorization, commandAuthorization, componentAuthorization, contextOf } from './authorization.js';
import { chatInputData } from './command-options.js';
import { interactionEnvelope, interactionMetadata } from './envelope.js';
import { impossibleShape } from './raw-shape.js';
import { type InteractionOutcome, type InteractionRegistry, InteractionType } from './registry.js';

export interface VirtualUserDeps {
  world: World;
  commands: CommandStore;
  /** The overrides an admin set in Integrations. */
  commandPermissions: CommandPermissionStore;
  messages: MessageStore;
  interactions: InteractionRegistry;
  /** Running Activities: the App Launcher opens one when Discord handles the Entry Point itself. */
  activities: ActivityInstances;
  /** Sends INTERACTION_CREATE to the app's gateway sessions; false when no session took it. */
  deliver: (appId: string, payload: Json, guildId: string | null) => boolean;
}

/** Where each interaction context is, in the words of ImpossibleActionError's messages. */
const CONTEXT_PLACES: Record<number, string> = {
  [CommandContext.Guild]: 'guilds',
  [CommandContext.BotDM]: 'DMs with the bot',
  [CommandContext.PrivateChannel]: 'group DMs and DMs between people',
};

/** Users clicking and typing in a Discord client: only what the client would let them do. */
export class VirtualUsers {
  constructor(private readonly deps: VirtualUserDeps) {}

  async runCommand(options: RunCommandOptions): Promise<InteractionOutcome> {
    const { world } = this.deps;
    const user = world.requireUser(options.user);
    const { app, command, channel } = this.#resolveCommand(options, user.id);
    const guild = channel.guildId ? world.requireGuild(channel.guildId) : null;
    const authorization = this.#assertMayUseCommand(app, command, channel, user.id);
    const data = chatInputData(world, command, options, guild);
    return this.#send({
      app,
      channel,
      userId: user.id,
      type: InteractionType.ApplicationCommand,
      data,
      // Discord names the command "including subcommands and subcommand groups" on the messages it
      // makes (receiving-and-responding.mdx, "Message Interaction Structure"): its client shows
      // "alice used /crag start" above the answer.
      commandName: [command.name, options.subcommandGroup, options.subcommand].filter(Boolean).join(' '),
      authorization,
    });
  }

  /**
   * The app's commands the client offers this user in this channel (the guild's own and the global
   * ones): those `runCommand` would not refuse. Discord's picker shows no others.
   */
  offeredCommands(appId: string, userId: string, channelId: string): RegisteredCommand[] {
    const { world, commands } = this.deps;
    const channel = world.requireChannel(channelId);
    const app = world.requireApplication(appId);
    const listed = [...(channel.guildId ? commands.list(appId, channel.guildId) : []), ...commands.list(appId, null)];
    return listed.filter((command) => {
      try {
        this.#assertMayUseCommand(app, command, channel, userId);
        return true;
      } catch (error) {
        if (error instanceof ImpossibleActionError) return false;
        throw error;
      }
    });
  }

  /**
   * The person picks the app in the App Launcher: its Entry Point command. With handler
   * APP_HANDLER (1) the bot gets the interaction and answers (LAUNCH_ACTIVITY, say); with
   * DISCORD_LAUNCH_ACTIVITY (2) Discord opens the Activity itself and the bot hears nothing.
   */
  async openFromLauncher(options: { user: string; channel: string; app: string }): Promise<InteractionOutcome | null> {
    const { world, commands } = this.deps;
    const app = world.requireApplication(options.app);
    const channel = world.requireChannel(options.channel);
    const command = commands.list(app.id, null).find((candidate) => candidate.type === 4);
    if (!command) throw new ImpossibleActionError(`application ${app.id} has no Entry Point command`);
    const authorization = this.#assertMayUseCommand(app, command, channel, options.user);
    if (command.handler === 2) {
      this.deps.activities.launch(app.id, channel.id, options.user);
      return null;
    }
    return this.#send({
      app,
      channel,
      userId: options.user,
      type: InteractionType.ApplicationCommand,
      data: { id: command.id, name: command.name, type: 4 },
      commandName: command.name,
      authorization,
    });
  }

  async clickButton(options: ClickButtonOptions): Promise<InteractionOutcome> {
    const matches = buttonMatcher(options);
    const { stored, channel, app } = this.#clickableMessage(options.user, options.message);
    const button = interactiveComponents(stored.json.components).find(
      (component) => component.type === ComponentType.Button && matches(component),
    );
    const which =
      options.customId !== undefined
        ? `custom_id "${options.customId}"`
        : options.label !== undefined
          ? `label "${options.label}"`
          : 'the predicate';
    if (!button) throw new ImpossibleActionError(`message ${stored.json.id} has no button with ${which} now`);
    if (button.disabled === true) throw new ImpossibleActionError(`the button with ${which} is disabled`);
    if (button.style === ButtonStyle.Link || button.style === ButtonStyle.Premium) {
      throw new ImpossibleActionError(`the button with ${which} is a link or premium button; it sends no interaction`);
    }
    return this.#send({
      app,
      channel,
      userId: options.user,
      type: InteractionType.MessageComponent,
      data: { custom_id: button.custom_id, component_type: ComponentType.Button },
      source: stored,
    });
  }

  async chooseOption(options: ChooseOptionOptions): Promise<InteractionOutcome> {
    const { stored, channel, app } = this.#clickableMessage(options.user, options.message);
    const select = interactiveComponents(stored.json.components).find(
      (component) => component.type !== ComponentType.Button && component.custom_id === options.customId,
    );
    if (!select)
      throw new ImpossibleActionError(`message ${stored.json.id} has no select menu "${options.customId}" now`);
    if (select.disabled === true) throw new ImpossibleActionError(`the select menu "${options.customId}" is disabled`);
    const min = typeof select.min_values === 'number' ? select.min_values : 1;
    const max = typeof select.max_values === 'number' ? select.max_values : 1;
    const { values } = options;
    if (new Set(values).size !== values.length) throw new ImpossibleActionError('a value cannot be chosen twice');
    if (values.length < min || values.length > max) {
      throw new ImpossibleActionError(`select "${options.customId}" takes ${min}–${max} values, got ${values.length}`);
    }
    const data: Json = { custom_id: options.customId, component_type: select.type, values };
    if (select.type === ComponentType.StringSelect) {
      const offered = new Set((select.options as JsonObject[] | undefined)?.map((option) => option.value));
      const missing = values.find((value) => !offered.has(value));
      if (missing !== undefined)
        throw new ImpossibleActionError(`select "${options.customId}" offers no value "${missing}"`);
    } else {
      data.resolved = this.#resolveSelectValues(select.type as number, values, channel);
    }
    return this.#send({
      app,
      channel,
      userId: options.user,
      type: InteractionType.MessageComponent,
      data,
      source: stored,
    });
  }

  async sendRaw(options: RawInteractionOptions): Promise<InteractionOutcome> {
    const { world, messages } = this.deps;
    const impossible = options.unchecked ? null : impossibleShape(options.type, options.data);
    if (impossible) throw new ImpossibleActionError(`Discord never sends such an interaction: ${impossible}`);
    const user = world.requireUser(options.user);
    const source = options.message ? messages.get(options.message) : undefined;
    if (options.message && !source) throw new ImpossibleActionError(`unknown message ${options.message}`);
    const app = options.app ? world.requireApplication(options.app) : this.#onlyApp();
    const channel = options.channel
      ? world.requireChannel(options.channel)
      : source
        ? world.requireChannel(source.channelId)
        : world.dmChannel(user.id, app.botUserId);
    return this.#send({
      app,
      channel,
      userId: user.id,
      type: options.type,
      data: options.data,
      ...(source ? { source } : {}),
    });
  }

  #send(input: {
    app: ApplicationRecord;
    channel: ChannelRecord;
    userId: string;
    type: number;
    data: unknown;
    commandName?: string;
    source?: StoredMessage;
    /** A command's, checked against its integration_types; components and raw interactions take the message's. */
    authorization?: Authorization;
  }): Promise<InteractionOutcome> {
    const { world, interactions } = this.deps;
    const authorization =
      input.authorization ??
      componentAuthorization(world, {
        app: input.app,
        channel: input.channel,
        userId: input.userId,
        sourceMetadata: input.source?.json.interaction_metadata,
      });
    const record = interactions.register({
      appId: input.app.id,
      type: input.type,
      userId: input.userId,
      guildId: input.channel.guildId,
      channelId: input.channel.id,
      sourceMessageId: input.source?.json.id ?? null,
      commandName: input.commandName ?? null,
      metadata: {},
      userInstallOnly: authorization.userInstallOnly,
      forceEphemeral: authorization.forceEphemeral,
    });
    // The metadata names the interaction, whose id the registry just assigned.
    record.metadata = interactionMetadata(world, {
      id: record.id,
      type: input.type,
      userId: input.userId,
      owners: authorization.owners,
      ...(input.commandName ? { commandName: input.commandName } : {}),
      ...(input.source ? { sourceMessageId: input.source.json.id } : {}),
    });
    const payload = interactionEnvelope(world, {
      id: record.id,
      token: record.token,
      appId: input.app.id,
      type: input.type,
      userId: input.userId,
      channel: input.channel,
      data: input.data,
      authorization,
      ...(input.source ? { message: input.source.json } : {}),
    });
    if (!this.deps.deliver(input.app.id, payload, input.channel.guildId)) interactions.markUndelivered(record);
    return record.outcome;
  }

  #resolveCommand(
    options: RunCommandOptions,
    userId: string,
  ): { app: ApplicationRecord; command: RegisteredCommand; channel: ChannelRecord } {
    const { world, commands } = this.deps;
    const guildChannel = options.channel ? world.requireChannel(options.channel) : null;
    const guildId = guildChannel?.guildId ?? null;
    const candidates = options.app ? [world.requireApplication(options.app)] : [...world.applications.values()];
    const found: { app: ApplicationRecord; command: RegisteredCommand }[] = [];
    for (const app of candidates) {
      // The client lists an app's commands where its bot is, or everywhere for a person who installed it.
      const inGuild = !guildId || world.requireGuild(guildId).members.has(app.botUserId);
      if (!inGuild && !app.userInstalls.has(userId)) continue;
      const command = commands.find(app.id, guildId, options.name);
      if (command) found.push({ app, command });
    }
    const [first, second] = found;
    if (!first)
      throw new ImpossibleActionError(
        `no command /${options.name} of an app installed here is registered where ${options.channel ? `channel ${options.channel}` : 'the DM'} is`,
      );
    if (second) throw new ImpossibleActionError(`several applications registered /${options.name}; pass app`);
    // Without a channel the command runs in the user's DM with that bot.
    const channel = guildChannel ?? world.dmChannel(userId, first.app.botUserId);
    return { ...first, channel };
  }

  /**
   * What Discord's client checks before offering a command; returns who authorizes it there. The
   * command's `contexts` decide where it shows (absent: everywhere), its `integration_types` which
   * installs count (authorization.ts).
   */
  #assertMayUseCommand(
    app: ApplicationRecord,
    command: RegisteredCommand,
    channel: ChannelRecord,
    userId: string,
  ): Authorization {
    const { world } = this.deps;
    const permissions = world.permissionsIn(channel, userId);
    const context = contextOf(channel, app);
    if (channel.guildId) {
      if (!world.requireGuild(channel.guildId).members.has(userId))
        throw new ImpossibleActionError(`user ${userId} is not in the channel's guild`);
      if (!hasAll(permissions, Permission.ViewChannel))
        throw new ImpossibleActionError(`user ${userId} cannot see channel ${channel.id}`);
      if (!hasAll(permissions, Permission.UseApplicationCommands))
        throw new ImpossibleActionError(`user ${userId} may not use application commands in channel ${channel.id}`);
      if (channel.type === ChannelType.GuildForum)
        throw new ImpossibleActionError(`channel ${channel.id} is a forum: commands run in its posts (threads)`);
      // docs/topics/threads.mdx: users cannot use application commands in archived threads.
      if (channel.thread?.archived)
        throw new ImpossibleActionError(
          `thread ${channel.id} is archived: no commands run there until it is unarchived`,
        );
    } else {
      if (!channel.recipientIds.includes(userId))
        throw new ImpossibleActionError(`user ${userId} is not a recipient of DM channel ${channel.id}`);
      if (command.guild_id) throw new ImpossibleActionError(`/${command.name} is a guild command; it is not in DMs`);
      // dm_permission (deprecated) speaks of the DM with the app only.
      if (context === CommandContext.BotDM && command.dm_permission === false)
        throw new ImpossibleActionError(`/${command.name} is not available in DMs (dm_permission)`);
    }
    if (command.contexts && !command.contexts.includes(context)) {
      throw new ImpossibleActionError(
        `/${command.name} is not available in ${CONTEXT_PLACES[context]} (contexts ${JSON.stringify(command.contexts)})`,
      );
    }
    const authorization = commandAuthorization(world, {
      app,
      channel,
      userId,
      integrationTypes: command.integration_types,
    });
    // Command permissions are a server's settings for the apps installed to it ("Contexts are
    // distinct from, and do not affect, any command permissions for apps installed to a server").
    if (channel.guildId && !authorization.userInstallOnly) {
      // The client hides a command the member may not use, so it cannot be invoked at all.
      const guildId = channel.guildId;
      const { commandPermissions } = this.deps;
      const verdict = mayUseCommand({
        guildId,
        userId,
        roleIds: world.requireGuild(guildId).members.get(userId)?.roleIds ?? [],
        channelId: channel.thread?.parentId ?? channel.id,
        channelPermissions: permissions,
        defaultMemberPermissions: command.default_member_permissions,
        commandLevel: commandPermissions.get(command.application_id, guildId, command.id)?.permissions ?? [],
        appLevel: commandPermissions.get(command.application_id, guildId, command.application_id)?.permissions ?? [],
      });
      if (!verdict.allowed)
        throw new ImpossibleActionError(`user ${userId} may not use /${command.name} here: ${verdict.reason}`);
    }
    return authorization;
  }

  /** A message the user can see and interact with, and the app that owns its components. */
  #clickableMessage(
    userId: string,
    messageId: string,
  ): { stored: StoredMessage; channel: ChannelRecord; app: ApplicationRecord } {
    const { world, messages } = this.deps;
    world.requireUser(userId);
    const stored = messages.get(messageId);
    if (!stored) throw new ImpossibleActionError(`message ${messageId} does not exist (any more)`);
    if (stored.visibleTo !== null && stored.visibleTo !== userId) {
      throw new ImpossibleActionError(`message ${messageId} is ephemeral for another user`);
    }
    const channel = world.requireChannel(stored.channelId);
    if (!hasAll(world.permissionsIn(channel, userId), Permission.ViewChannel)) {
      throw new ImpossibleActionError(`user ${userId} cannot see channel ${channel.id}`);
    }
    // Only deleting messages happens in an archived thread (docs/topics/threads.mdx).
    if (channel.thread?.archived) throw new ImpossibleActionError(`thread ${channel.id} is archived`);
    const appId = stored.json.application_id ?? stored.authorId;
    const app = world.applications.get(appId);
    if (!app) throw new ImpossibleActionError(`message ${messageId} was not sent by an application`);
    return { stored, channel, app };
  }

  #resolveSelectValues(type: number, values: string[], channel: ChannelRecord): Json {
    const { world } = this.deps;
    const guild = channel.guildId ? world.requireGuild(channel.guildId) : null;
    const resolved: Record<string, Record<string, Json>> = {};
    const put = (kind: string, id: string, value: Json) => {
      resolved[kind] ??= {};
      (resolved[kind] as Record<string, Json>)[id] = value;
    };
    for (const id of values) {
      const user =
        type === ComponentType.UserSelect || type === ComponentType.MentionableSelect ? world.users.get(id) : undefined;
      const role =
        type === ComponentType.RoleSelect || type === ComponentType.MentionableSelect
          ? guild?.roles.get(id)
          : undefined;
      const picked = type === ComponentType.ChannelSelect ? world.channels.get(id) : undefined;
      if (user) {
        put('users', id, userJson(user));
        const member = guild?.members.get(id);
        if (member) put('members', id, memberJson(world, member, false));
      } else if (role) {
        put('roles', id, roleJson(role));
      } else if (picked && picked.guildId === channel.guildId) {
        put('channels', id, { ...channelJson(world, picked), permissions: '0' });
      } else {
        throw new ImpossibleActionError(`a select of type ${type} cannot offer "${id}"`);
      }
    }
    return resolved;
  }

  #onlyApp(): ApplicationRecord {
    const apps = [...this.deps.world.applications.values()];
    const [only] = apps;
    if (!only || apps.length > 1) throw new ImpossibleActionError('several (or no) applications exist; pass app');
    return only;
  }
}

function buttonMatcher(options: ClickButtonOptions): (button: JsonObject) => boolean {
  if (options.customId !== undefined) return (button) => button.custom_id === options.customId;
  if (options.label !== undefined) return (button) => button.label === options.label;
  if (options.where) return options.where;
  throw new ImpossibleActionError('clickButton needs a customId, a label or a where predicate');
}
