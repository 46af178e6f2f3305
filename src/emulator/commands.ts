import {
  type CommandOption,
  EntryPointHandler,
  type Localizations,
  PRIMARY_ENTRY_POINT,
  type RegisteredCommand,
} from './command-types.js';
import { DiscordError, FormErrors } from './errors.js';
import type { SnowflakeGenerator } from './snowflake.js';
import { validateCommand } from './validation/command-body.js';
import { checkArray, isObject, type JsonObject } from './validation/fields.js';

const MAX_COMMANDS = 100;

/** Global and per-guild commands of every application. */
export class CommandStore {
  readonly #lists = new Map<string, RegisteredCommand[]>();

  constructor(private readonly snowflakes: SnowflakeGenerator) {}

  list(appId: string, guildId: string | null): RegisteredCommand[] {
    return this.#lists.get(scopeKey(appId, guildId)) ?? [];
  }

  /** A chat-input (or other type) command visible in a guild: the guild's own first, then global. */
  find(appId: string, guildId: string | null, name: string, type = 1): RegisteredCommand | undefined {
    const matches = (command: RegisteredCommand) => command.name === name && command.type === type;
    return (guildId ? this.list(appId, guildId).find(matches) : undefined) ?? this.list(appId, null).find(matches);
  }

  get(appId: string, guildId: string | null, commandId: string): RegisteredCommand {
    const command = this.list(appId, guildId).find((candidate) => candidate.id === commandId);
    if (!command) throw DiscordError.unknownCommand();
    return command;
  }

  /** PUT: replaces the whole list; commands keeping their name and type keep their id. */
  overwrite(appId: string, guildId: string | null, body: unknown): RegisteredCommand[] {
    const errors = new FormErrors();
    const list = checkArray(errors, [], body, { max: MAX_COMMANDS });
    errors.throwIfAny();
    const seen = new Set<string>();
    list?.forEach((entry, index) => {
      validateCommand(errors, [index], entry);
      if (isObject(entry)) {
        const key = `${entry.type ?? 1}:${String(entry.name)}`;
        if (seen.has(key))
          errors.add(
            [index, 'name'],
            'APPLICATION_COMMANDS_DUPLICATE_NAME',
            'Application command names must be unique',
          );
        seen.add(key);
      }
    });
    errors.throwIfAny();
    checkEntryPoints(list ?? [], guildId);
    const previous = this.list(appId, guildId);
    // Discord refuses a bulk overwrite that would drop the Entry Point command (made for the app
    // when Activities are enabled): it must be sent along, or deleted on its own.
    const keepsEntryPoint = (list ?? []).some((entry) => isObject(entry) && entry.type === PRIMARY_ENTRY_POINT);
    if (!keepsEntryPoint && previous.some((command) => command.type === PRIMARY_ENTRY_POINT)) {
      throw new DiscordError(
        400,
        50240,
        "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
      );
    }
    const next = (list ?? []).map((entry) => {
      const body = entry as JsonObject;
      const old = previous.find((command) => command.name === body.name && command.type === (body.type ?? 1));
      return this.#build(appId, guildId, body, old?.id);
    });
    this.#lists.set(scopeKey(appId, guildId), next);
    return next;
  }

  /** POST: creates, or replaces the command with the same name and type. */
  upsert(appId: string, guildId: string | null, body: unknown): { command: RegisteredCommand; created: boolean } {
    const errors = new FormErrors();
    validateCommand(errors, [], body);
    errors.throwIfAny();
    const entry = body as JsonObject;
    const list = [...this.list(appId, guildId)];
    checkEntryPoints([...list.filter((command) => command.name !== entry.name), entry], guildId);
    const index = list.findIndex((command) => command.name === entry.name && command.type === (entry.type ?? 1));
    if (index < 0 && list.length >= MAX_COMMANDS) {
      throw new DiscordError(400, 30032, 'Maximum number of application commands reached (100)');
    }
    const command = this.#build(appId, guildId, entry, index >= 0 ? list[index]?.id : undefined);
    if (index >= 0) list[index] = command;
    else list.push(command);
    this.#lists.set(scopeKey(appId, guildId), list);
    return { command, created: index < 0 };
  }

  /** PATCH: merges the given fields into an existing command. */
  edit(appId: string, guildId: string | null, commandId: string, body: unknown): RegisteredCommand {
    const old = this.get(appId, guildId, commandId);
    if (!isObject(body))
      throw DiscordError.formError([], 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
    const merged: JsonObject = { ...old, ...body, type: old.type };
    const errors = new FormErrors();
    validateCommand(errors, [], merged);
    errors.throwIfAny();
    const command = this.#build(appId, guildId, merged, old.id);
    this.#lists.set(
      scopeKey(appId, guildId),
      this.list(appId, guildId).map((candidate) => (candidate.id === commandId ? command : candidate)),
    );
    return command;
  }

  delete(appId: string, guildId: string | null, commandId: string): void {
    this.get(appId, guildId, commandId);
    this.#lists.set(
      scopeKey(appId, guildId),
      this.list(appId, guildId).filter((candidate) => candidate.id !== commandId),
    );
  }

  #build(appId: string, guildId: string | null, body: JsonObject, id?: string): RegisteredCommand {
    const type = typeof body.type === 'number' ? body.type : 1;
    const permissions = body.default_member_permissions;
    return {
      id: id ?? this.snowflakes.next(),
      application_id: appId,
      version: this.snowflakes.next(),
      type,
      name: String(body.name),
      name_localizations: isObject(body.name_localizations) ? (body.name_localizations as Localizations) : null,
      description: typeof body.description === 'string' ? body.description : '',
      description_localizations: isObject(body.description_localizations)
        ? (body.description_localizations as Localizations)
        : null,
      ...(Array.isArray(body.options) && body.options.length > 0 ? { options: body.options as CommandOption[] } : {}),
      default_member_permissions: permissions === undefined || permissions === null ? null : String(permissions),
      ...(guildId ? { guild_id: guildId } : { dm_permission: body.dm_permission !== false }),
      contexts: Array.isArray(body.contexts) ? (body.contexts as number[]) : null,
      integration_types: Array.isArray(body.integration_types) ? (body.integration_types as number[]) : [0],
      nsfw: body.nsfw === true,
      ...(type === PRIMARY_ENTRY_POINT
        ? { handler: typeof body.handler === 'number' ? body.handler : EntryPointHandler.AppHandler }
        : {}),
    };
  }
}

/** An Entry Point command is global only, one per app (docs/interactions/application-commands.mdx). */
function checkEntryPoints(list: readonly unknown[], guildId: string | null): void {
  const count = list.filter((entry) => isObject(entry) && entry.type === PRIMARY_ENTRY_POINT).length;
  if (count > 0 && guildId)
    throw DiscordError.formError(['type'], 'BASE_TYPE_CHOICES', 'Entry Point commands are global only');
  if (count > 1) throw new DiscordError(400, 30032, 'Maximum number of Entry Point commands reached (1)');
}

function scopeKey(appId: string, guildId: string | null): string {
  return guildId ? `${appId}:${guildId}` : appId;
}
