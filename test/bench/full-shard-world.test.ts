import { Client, Events, GatewayIntentBits } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createFullShardWorld, FULL_GUILD } from '../../bench/full-shard-world.js';
import { type Emulator, startEmulator } from '../../src/emulator/index.js';

/**
 * The full-size world's guilds reach a real discord.js client (Guilds intent, nothing privileged)
 * as Discord sends them: every channel, role and emoji, member_count 200, and in `members` only the
 * bot and the people in voice (docs/events/gateway-events.mdx, "Guild Create").
 */
describe('the full-size shard world', () => {
  let discord: Emulator | undefined;
  let client: Client | undefined;
  afterEach(async () => {
    await client?.destroy();
    await discord?.stop();
  });

  it('sends each guild at its full shape, with only the bot and the people in voice as members', async () => {
    discord = await startEmulator();
    const world = createFullShardWorld(discord, 3);
    client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.apiUrl } });
    const ready = new Promise<void>((resolve) => client?.once(Events.ClientReady, () => resolve()));
    await client.login(world.crag.token);
    await ready;

    expect(client.guilds.cache.size).toBe(3);
    for (const server of world.servers) {
      const guild = client.guilds.cache.get(server.guild.id);
      expect(guild).toBeDefined();
      if (!guild) continue;
      const channels = [...guild.channels.cache.values()];
      expect(channels.filter((channel) => channel.isVoiceBased())).toHaveLength(FULL_GUILD.voiceChannels);
      expect(channels).toHaveLength(FULL_GUILD.textChannels + FULL_GUILD.voiceChannels);
      expect(guild.roles.cache.size).toBe(FULL_GUILD.roles);
      expect(guild.emojis.cache.size).toBe(FULL_GUILD.emojis);
      expect(guild.memberCount).toBe(FULL_GUILD.members);
      expect(guild.large).toBe(true);
      expect(guild.voiceStates.cache.size).toBe(FULL_GUILD.inVoice);
      const inVoice = [...guild.voiceStates.cache.keys()];
      expect([...guild.members.cache.keys()].sort()).toEqual([client.user?.id, ...inVoice].sort());
      expect(guild.channels.cache.get(server.channelId)?.name).toBe('crag');
      expect(server.people).toHaveLength(FULL_GUILD.players);
    }
  });

  it('refuses a voice seat in a text channel', async () => {
    discord = await startEmulator();
    const world = createFullShardWorld(discord, 1);
    const server = world.servers[0]!;
    expect(() => discord?.joinVoice(server.guild.id, server.people[0]!.id, server.channelId)).toThrow(
      /not a voice channel/,
    );
  });
});
