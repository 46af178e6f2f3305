import { randomBytes } from 'node:crypto';
import { ImpossibleActionError } from '../errors.js';
import type { ApplicationRecord, UserRecord } from './records.js';
import { assertLocale, type WorldState } from './state.js';

export interface CreateUserOptions {
  username: string;
  globalName?: string;
  /** One of Discord's locales (default en-US). */
  locale?: string;
  /** An explicit snowflake, to rebuild a saved world identically. */
  id?: string;
}

export interface CreateApplicationOptions {
  name: string;
  privilegedIntents?: number;
  /** An explicit snowflake (the app's and its bot's id). */
  id?: string;
  /** An explicit bot token (default: a random one shaped like Discord's). */
  token?: string;
  /** Activities enabled in the Developer Portal: the EMBEDDED flag (see activity-instances.ts). */
  activities?: boolean;
}

/** Users and applications (each with its bot user). */
export class People {
  readonly #appsByToken = new Map<string, ApplicationRecord>();

  constructor(private readonly state: WorldState) {}

  createUser(options: CreateUserOptions): UserRecord {
    const locale = options.locale ?? 'en-US';
    assertLocale(locale);
    const user: UserRecord = {
      id: this.state.claimId(options.id),
      username: options.username,
      globalName: options.globalName ?? null,
      bot: false,
      locale,
    };
    this.state.users.set(user.id, user);
    return user;
  }

  createApplication(options: CreateApplicationOptions): ApplicationRecord {
    if (options.token !== undefined && (!/^\S+$/.test(options.token) || this.#appsByToken.has(options.token))) {
      throw new ImpossibleActionError('an explicit token must be non-empty, without spaces, and unused');
    }
    const id = this.state.claimId(options.id);
    const bot: UserRecord = { id, username: options.name, globalName: null, bot: true, locale: 'en-US' };
    this.state.users.set(id, bot);
    // Real tokens start with the base64 of the bot's id; discord.js never parses them, people do.
    const token =
      options.token ??
      `${Buffer.from(id).toString('base64url')}.${randomBytes(4).toString('base64url')}.${randomBytes(27).toString('base64url')}`;
    const app: ApplicationRecord = {
      id,
      name: options.name,
      token,
      botUserId: id,
      // EMBEDDED (1 << 17): the app has an Activity.
      flags: options.activities ? 1 << 17 : 0,
      privilegedIntents: options.privilegedIntents ?? 0,
      userInstalls: new Set(),
    };
    this.state.applications.set(id, app);
    this.#appsByToken.set(token, app);
    return app;
  }

  applicationByToken(token: string): ApplicationRecord | undefined {
    return this.#appsByToken.get(token);
  }

  /**
   * The person adds the app to their own account (integration type 1): its commands that allow
   * user installs then follow them into servers without the bot, group DMs and other DMs.
   */
  installToUser(appId: string, userId: string): void {
    this.state.requireUser(userId);
    this.state.requireApplication(appId).userInstalls.add(userId);
  }

  /** The person removes the app from their account. */
  uninstallFromUser(appId: string, userId: string): void {
    this.state.requireApplication(appId).userInstalls.delete(userId);
  }

  /** Changes the language a person uses Discord in; later interactions carry it as `locale`. */
  setUserLocale(userId: string, locale: string): void {
    assertLocale(locale);
    this.state.requireUser(userId).locale = locale;
  }
}
