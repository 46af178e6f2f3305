import { once } from 'node:events';
import { type ChatInputCommandInteraction, type Client, Events, type Guild, SlashCommandBuilder } from 'discord.js';
import { afterAll, describe, expect, test } from 'vitest';
import { type Emulator, ImpossibleActionError, startEmulator } from '../../src/emulator/index.js';
import { connectClient, deferred, type InteractionHandlers, type Scene, useConnectedScene } from './helpers.js';

let scene: Scene;
let client: Client;
let handlers: InteractionHandlers;

useConnectedScene((connected) => ({ scene, client, handlers } = connected), {
  guildCommands: [new SlashCommandBuilder().setName('lang').setDescription('Which language?')],
});

describe('locales', () => {
  test('setUserLocale and setGuildLocale reach the next interaction; the guild change arrives as GUILD_UPDATE', async () => {
    const { discord, alice, guild, channel } = scene;
    const run = async () => {
      const seen = deferred<ChatInputCommandInteraction>();
      handlers.set(async (interaction) => {
        if (!interaction.isChatInputCommand()) return;
        seen.resolve(interaction);
        await interaction.reply(`${interaction.locale} ${interaction.guildLocale}`);
      });
      await discord.runCommand({ user: alice.id, channel: channel.id, name: 'lang' });
      return seen.promise;
    };
    expect((await run()).locale).toBe('en-US');

    discord.setUserLocale(alice.id, 'ru');
    const updated = once(client, Events.GuildUpdate) as Promise<[Guild, Guild]>;
    discord.setGuildLocale(guild.id, 'de');
    const [, after] = await updated;
    expect(after.preferredLocale).toBe('de');
    const interaction = await run();
    expect(interaction.locale).toBe('ru');
    expect(interaction.guildLocale).toBe('de');

    expect(() => discord.setUserLocale(alice.id, 'en')).toThrow(ImpossibleActionError);
    expect(() => discord.setGuildLocale(guild.id, 'pt-PT')).toThrow(ImpossibleActionError);
    discord.setUserLocale(alice.id, 'en-US');
    discord.setGuildLocale(guild.id, 'en-US');
  });
});

describe('explicit ids, to rebuild a saved world', () => {
  let rebuilt: Emulator | undefined;
  afterAll(async () => rebuilt?.stop());

  test('users, apps (with their token), guilds, channels and roles keep the ids they are given', async () => {
    rebuilt = await startEmulator();
    const ids = {
      app: '1100000000000000001',
      owner: '1100000000000000002',
      guild: '1100000000000000003',
      channel: '1100000000000000004',
      role: '1100000000000000005',
    };
    const app = rebuilt.createApplication({ name: 'Crag', id: ids.app, token: 'saved.token.value' });
    expect(app).toMatchObject({ id: ids.app, token: 'saved.token.value', botUser: { id: ids.app } });
    const owner = rebuilt.createUser({ username: 'alice', id: ids.owner, locale: 'fr' });
    const guild = rebuilt.createGuild({ name: 'Saved', ownerId: owner.id, bots: [app.id], id: ids.guild });
    const channel = rebuilt.createChannel(guild.id, { name: 'crag', id: ids.channel });
    const role = rebuilt.createRole(guild.id, { name: 'players', permissions: 0n, id: ids.role });
    expect([owner.id, guild.id, channel.id, role.id]).toEqual([ids.owner, ids.guild, ids.channel, ids.role]);
    // Generated ids keep sorting after the given ones.
    expect(BigInt(rebuilt.createUser({ username: 'bob' }).id)).toBeGreaterThan(BigInt(ids.role));
    expect(() => rebuilt?.createUser({ username: 'again', id: ids.owner })).toThrow(/already in use/);
    expect(() => rebuilt?.createUser({ username: 'bad', id: 'x1' })).toThrow(/not a snowflake/);
    expect(() => rebuilt?.createApplication({ name: 'Twin', token: 'saved.token.value' })).toThrow(
      ImpossibleActionError,
    );

    const bot = await connectClient(rebuilt, 'saved.token.value');
    try {
      expect(bot.user?.id).toBe(ids.app);
      expect(bot.guilds.cache.get(ids.guild)?.channels.cache.has(ids.channel)).toBe(true);
    } finally {
      await bot.destroy();
    }
    expect(rebuilt.problems).toEqual([]);
  });

  test('createGuild({ shardOf }) picks an id that lands on that shard', () => {
    const { discord, alice } = scene;
    for (let shard = 0; shard < 4; shard++) {
      const guild = discord.createGuild({ name: `Shard ${shard}`, ownerId: alice.id, shardOf: { shards: 4, shard } });
      expect(Number((BigInt(guild.id) >> 22n) % 4n)).toBe(shard);
    }
  });
});
