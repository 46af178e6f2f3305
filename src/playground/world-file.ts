import fs from 'node:fs';
import { ConfigError } from '../config.js';
import { writeFileAtomically } from './atomic-write.js';

/**
 * The ids of the playground's emulated world, kept in the data folder so that a restarted
 * playground rebuilds the same server: the bot's database refers to these users, this channel and
 * the messages in it.
 */
export interface WorldFile {
  readonly version: 1;
  readonly application: { readonly id: string; readonly name: string; readonly token: string };
  /** `locale` (Discord's) is optional: en-US when absent. */
  readonly guild: { readonly id: string; readonly name: string; readonly locale?: string };
  readonly channel: { readonly id: string; readonly name: string };
  /** The group DM "friends" (#42); optional: a world file from before it gets a new one. */
  readonly groupDm?: { readonly id: string; readonly name: string };
  /** `locale` (Discord's, e.g. `ru`) is optional: en-US when absent. */
  readonly people: readonly { readonly id: string; readonly username: string; readonly locale?: string }[];
}

const SNOWFLAKE = /^\d{17,20}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasIdAndText(value: unknown, textKey: string): boolean {
  return (
    isRecord(value) && typeof value.id === 'string' && SNOWFLAKE.test(value.id) && typeof value[textKey] === 'string'
  );
}

/** Why `value` is not a world file, or null when it is one. */
function problemWith(value: unknown): string | null {
  if (!isRecord(value) || value.version !== 1) return 'not a version 1 world file';
  if (!hasIdAndText(value.application, 'name') || typeof (value.application as { token?: unknown }).token !== 'string')
    return 'application needs an id, a name and a token';
  if (!hasIdAndText(value.guild, 'name')) return 'guild needs an id and a name';
  if (isRecord(value.guild) && value.guild.locale !== undefined && typeof value.guild.locale !== 'string')
    return 'a locale must be text such as "ru"';
  if (!hasIdAndText(value.channel, 'name')) return 'channel needs an id and a name';
  if (value.groupDm !== undefined && !hasIdAndText(value.groupDm, 'name')) return 'groupDm needs an id and a name';
  if (!Array.isArray(value.people) || value.people.length === 0) return 'people must be a non-empty list';
  if (!value.people.every((person) => hasIdAndText(person, 'username')))
    return 'each person needs an id and a username';
  if (!value.people.every((person) => person.locale === undefined || typeof person.locale === 'string'))
    return 'a locale must be text such as "en-US"';
  return null;
}

/** The saved world, or null when there is none yet. A damaged file is a configuration error. */
export function readWorldFile(file: string): WorldFile | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const problem = problemWith(parsed);
  if (problem !== null) {
    throw new ConfigError(
      `${file} is damaged (${problem}); delete it (and the playground files beside it) to start afresh.`,
    );
  }
  return parsed as WorldFile;
}

/** Only its owner may read it: it holds the emulator's bot token. */
export function writeWorldFile(file: string, world: WorldFile): void {
  writeFileAtomically(file, `${JSON.stringify(world, null, 2)}\n`, 0o600);
}
