import {
  type ApplicationHandle,
  type ChannelHandle,
  type Emulator,
  type GuildHandle,
  Permission,
} from '../emulator/index.js';
import type { Person } from './protocol.js';
import type { WorldFile } from './world-file.js';

/** The local people who can play; each can be chosen in the page or opened with `?as=name`. */
export const PLAYGROUND_PEOPLE = ['alice', 'bob', 'carol', 'dave'] as const;

export interface PlaygroundWorld {
  readonly app: ApplicationHandle;
  readonly guild: GuildHandle;
  readonly channel: ChannelHandle;
  readonly people: readonly Person[];
  /** The server's owner (the first person): sees the whole channel; the page's default person. */
  readonly owner: Person;
  /** The server's Discord locale at start. */
  readonly guildLocale: string;
  /**
   * The group DM "friends" of alice, bob and carol (#42), where Crag is installed to alice's account
   * only and the bot is no member: her commands answer through their interactions alone.
   */
  readonly groupDm: GroupDm | null;
}

export interface GroupDm {
  readonly id: string;
  readonly name: string;
  /** Its people, its owner first. */
  readonly memberIds: readonly string[];
}

/** The group DM's people: its owner (who installed Crag to her account) first. */
const FRIENDS = ['alice', 'bob', 'carol'] as const;

const DEFAULT_LOCALE = 'en-US';

/**
 * One server with one #crag channel, the local people and the bot. With a saved world file the
 * same ids (and the same bot token) come back, so the bot's database still matches; without one
 * a fresh world is made and described for the file.
 */
export function buildPlaygroundWorld(
  discord: Emulator,
  saved: WorldFile | null,
): { world: PlaygroundWorld; file: WorldFile } {
  const app = discord.createApplication({
    name: saved?.application.name ?? 'Crag',
    // Activities enabled, as in the Developer Portal: the voice channel's table (activity-host.ts).
    activities: true,
    ...(saved ? { id: saved.application.id, token: saved.application.token } : {}),
  });
  const wanted = saved?.people ?? PLAYGROUND_PEOPLE.map((username) => ({ username, id: undefined, locale: undefined }));
  const people = wanted.map((person): Person => {
    const locale = person.locale ?? DEFAULT_LOCALE;
    const user = discord.createUser({ username: person.username, locale, ...(person.id ? { id: person.id } : {}) });
    return { id: user.id, username: user.username, locale };
  });
  const [owner] = people;
  if (!owner) throw new Error('a playground needs at least one person');
  const guildLocale = saved?.guild.locale ?? DEFAULT_LOCALE;
  const guild = discord.createGuild({
    name: saved?.guild.name ?? 'Crag playground',
    locale: guildLocale,
    ownerId: owner.id,
    members: people.map((person) => person.id),
    bots: [app.id],
    ...(saved ? { id: saved.guild.id } : {}),
  });
  // alice manages the server, so a newcomer can try /crag-settings (hidden from the others, as
  // Discord hides a command from members without its default permissions). She owns it too; the
  // grant says so for a world whose first person is someone else.
  const alice = people.find((person) => person.username === 'alice');
  if (alice) discord.setMemberPermissions(guild.id, alice.id, Permission.ManageGuild);
  const channel = discord.createChannel(guild.id, {
    name: saved?.channel.name ?? 'crag',
    ...(saved ? { id: saved.channel.id } : {}),
  });
  const groupDm = buildGroupDm(discord, app.id, people, saved?.groupDm);
  const file: WorldFile = {
    version: 1,
    application: { id: app.id, name: app.name, token: app.token },
    guild: { id: guild.id, name: guild.name, locale: guildLocale },
    channel: { id: channel.id, name: channel.name },
    ...(groupDm ? { groupDm: { id: groupDm.id, name: groupDm.name } } : {}),
    people: people.map((person) => ({ id: person.id, username: person.username, locale: person.locale })),
  };
  return { world: { app, guild, channel, people, owner, guildLocale, groupDm }, file };
}

/**
 * "friends": a group DM of alice, bob and carol (people only: Discord lets no bot make or join one
 * here), with Crag installed to alice's account, as a person does from the app's page. A world
 * without the three has none.
 */
function buildGroupDm(
  discord: Emulator,
  appId: string,
  people: readonly Person[],
  saved: WorldFile['groupDm'],
): GroupDm | null {
  const friends = FRIENDS.flatMap((name) => people.find((person) => person.username === name) ?? []);
  const [owner, ...others] = friends;
  if (!owner || friends.length < FRIENDS.length) return null;
  const name = saved?.name ?? 'friends';
  const id = discord.createGroupDm({
    ownerId: owner.id,
    recipients: others.map((person) => person.id),
    name,
    ...(saved ? { id: saved.id } : {}),
  });
  discord.installToUser(appId, owner.id);
  return { id, name, memberIds: friends.map((person) => person.id) };
}
