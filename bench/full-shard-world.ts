import type { ApplicationHandle, Emulator, UserHandle } from '../src/emulator/index.js';
import type { BenchServer } from './world.js';

/**
 * A guild as Discord sends a shard at full size (issue 45): what one GUILD_CREATE holds for a bot
 * with the Guilds intent and no privileged ones. The sizes are a busy community's; `members` of the
 * GUILD_CREATE then holds only the bot and whoever sits in voice (docs/events/gateway-events.mdx,
 * "Guild Create"), while `member_count` says 200.
 */
export const FULL_GUILD = {
  textChannels: 20,
  voiceChannels: 5,
  /** Every role, @everyone and the bot's managed role among them. */
  roles: 50,
  emojis: 30,
  /** Every member, the bot among them. */
  members: 200,
  /** Of those, people sitting in a voice channel when the bot connects. */
  inVoice: 4,
  /** The people of the guild's #crag table (the first of its members): the players of its game. */
  players: 5,
} as const;

/** Discord puts at most 2,500 guilds on one shard (docs/events/gateway.mdx, "Sharding"). */
export const FULL_SHARD_GUILDS = 2_500;

export interface FullShardWorld {
  readonly crag: ApplicationHandle;
  /** One per guild: its #crag channel and its players. */
  readonly servers: readonly BenchServer[];
}

/**
 * `guilds` guilds of FULL_GUILD's shape, all on one shard, the bot in every one. Each guild's people
 * are its own (no one is in two guilds), as in a world of many separate communities.
 */
export function createFullShardWorld(discord: Emulator, guilds: number): FullShardWorld {
  const crag = discord.createApplication({ name: 'Crag' });
  const servers: BenchServer[] = [];
  for (let g = 0; g < guilds; g += 1) servers.push(createFullGuild(discord, crag, g));
  return { crag, servers };
}

function createFullGuild(discord: Emulator, app: ApplicationHandle, index: number): BenchServer {
  // The bot is the last of FULL_GUILD.members.
  const people: UserHandle[] = Array.from({ length: FULL_GUILD.members - 1 }, (_, p) =>
    discord.createUser({ username: `member-${index}-${p}` }),
  );
  const guild = discord.createGuild({
    name: `Community ${index}`,
    ownerId: people[0]!.id,
    members: people.map((person) => person.id),
    bots: [app.id],
  });
  // @everyone and the bot's managed role are two of them.
  for (let r = 0; r < FULL_GUILD.roles - 2; r += 1) {
    discord.createRole(guild.id, { name: `role ${r}`, permissions: 0n });
  }
  for (let e = 0; e < FULL_GUILD.emojis; e += 1) discord.createGuildEmoji(guild.id, { name: `emoji_${e}` });
  const crag = discord.createChannel(guild.id, { name: 'crag' });
  for (let c = 1; c < FULL_GUILD.textChannels; c += 1) discord.createChannel(guild.id, { name: `text-${c}` });
  const voice = Array.from({ length: FULL_GUILD.voiceChannels }, (_, c) =>
    discord.createChannel(guild.id, { name: `voice-${c}`, type: 2 }),
  );
  // The last people sit in voice, apart from the players at the #crag table.
  for (let v = 0; v < FULL_GUILD.inVoice; v += 1) {
    discord.joinVoice(guild.id, people[people.length - 1 - v]!.id, voice[v % voice.length]!.id);
  }
  return { index, guild, channelId: crag.id, threadId: undefined, people: people.slice(0, FULL_GUILD.players) };
}
