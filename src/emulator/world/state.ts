import { EventEmitter } from 'node:events';
import type { EmulatorClock } from '../clock.js';
import { ImpossibleActionError } from '../errors.js';
import { isDiscordLocale } from '../locales.js';
import type { SnowflakeGenerator } from '../snowflake.js';
import type {
  ApplicationRecord,
  ChannelRecord,
  GuildRecord,
  MemberRecord,
  RoleRecord,
  UserRecord,
  WorldEvents,
} from './records.js';

/**
 * What every part of the world shares: the records of each resource by id, the events that tell
 * of their changes, the ids they draw from, and the lookups that refuse an unknown id.
 */
export class WorldState extends EventEmitter<WorldEvents> {
  readonly users = new Map<string, UserRecord>();
  readonly applications = new Map<string, ApplicationRecord>();
  readonly guilds = new Map<string, GuildRecord>();
  readonly channels = new Map<string, ChannelRecord>();

  constructor(
    readonly snowflakes: SnowflakeGenerator,
    readonly clock: EmulatorClock,
  ) {
    super();
  }

  isoNow(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** A new id, or the explicit one after checking it is a free snowflake. */
  claimId(explicit?: string): string {
    if (explicit === undefined) return this.snowflakes.next();
    if (!/^\d{17,20}$/.test(explicit)) throw new ImpossibleActionError(`"${explicit}" is not a snowflake`);
    const taken =
      this.users.has(explicit) ||
      this.guilds.has(explicit) ||
      this.channels.has(explicit) ||
      [...this.guilds.values()].some((guild) => guild.roles.has(explicit));
    if (taken) throw new ImpossibleActionError(`id ${explicit} is already in use`);
    this.snowflakes.observe(explicit);
    return explicit;
  }

  requireUser(id: string): UserRecord {
    const user = this.users.get(id);
    if (!user) throw new ImpossibleActionError(`unknown user ${id}`);
    return user;
  }

  requireApplication(id: string): ApplicationRecord {
    const app = this.applications.get(id);
    if (!app) throw new ImpossibleActionError(`unknown application ${id}`);
    return app;
  }

  requireGuild(id: string): GuildRecord {
    const guild = this.guilds.get(id);
    if (!guild) throw new ImpossibleActionError(`unknown guild ${id}`);
    return guild;
  }

  requireChannel(id: string): ChannelRecord {
    const channel = this.channels.get(id);
    if (!channel) throw new ImpossibleActionError(`unknown channel ${id}`);
    return channel;
  }

  requireThread(id: string): ChannelRecord {
    const channel = this.requireChannel(id);
    if (!channel.thread) throw new ImpossibleActionError(`channel ${id} is not a thread`);
    return channel;
  }

  requireRole(guild: GuildRecord, roleId: string): RoleRecord {
    const role = guild.roles.get(roleId);
    if (!role) throw new ImpossibleActionError(`unknown role ${roleId} in guild ${guild.id}`);
    return role;
  }

  requireMember(guild: GuildRecord, userId: string): MemberRecord {
    const member = guild.members.get(userId);
    if (!member) throw new ImpossibleActionError(`user ${userId} is not a member of guild ${guild.id}`);
    return member;
  }
}

export function assertLocale(locale: string): void {
  if (!isDiscordLocale(locale)) throw new ImpossibleActionError(`"${locale}" is not one of Discord's locales`);
}
