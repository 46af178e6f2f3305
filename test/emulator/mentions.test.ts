import { type Client, MessageFlags, PermissionFlagsBits, SlashCommandBuilder, TextDisplayBuilder } from 'discord.js';
import { describe, expect, test } from 'vitest';
import type { UserHandle } from '../../src/emulator/index.js';
import { deferred, type InteractionHandlers, rawRest, type Scene, useConnectedScene } from './helpers.js';

let scene: Scene;
let client: Client;
let handlers: InteractionHandlers;
let carol: UserHandle;

const { takeProblems, freshChannel } = useConnectedScene((connected) => ({ scene, client, handlers } = connected), {
  prepare: (fresh) => {
    carol = fresh.discord.createUser({ username: 'carol' });
    fresh.discord.addMember(fresh.guild.id, carol.id);
  },
  guildCommands: [new SlashCommandBuilder().setName('turn').setDescription('Whose turn')],
});

const delivered = (messageId: string) => [...(scene.discord.messageInfo(messageId)?.mentionsDelivered ?? [])].sort();

describe('who a new message pings', () => {
  test('content mentions ping, filtered by allowed_mentions; embeds and edits never ping', async () => {
    const { alice, bob } = scene;
    const channel = await freshChannel('pings');
    const all = await channel.send(`<@${alice.id}> <@!${bob.id}> your turn`);
    expect(delivered(all.id)).toEqual([alice.id, bob.id].sort());
    const onlyBob = await channel.send({
      content: `<@${alice.id}> <@${bob.id}>`,
      allowedMentions: { users: [bob.id] },
    });
    expect(delivered(onlyBob.id)).toEqual([bob.id]);
    const none = await channel.send({ content: `<@${alice.id}>`, allowedMentions: { parse: [] } });
    expect(delivered(none.id)).toEqual([]);
    const embed = await channel.send({ embeds: [{ description: `<@${alice.id}> rolled` }] });
    expect(delivered(embed.id)).toEqual([]);
    const before = scene.discord.pingsOf(carol.id).length;
    await none.edit(`<@${carol.id}> now`);
    expect(scene.discord.pingsOf(carol.id).length).toBe(before);
    expect(scene.discord.pingsOf(bob.id).map((ping) => ping.messageId)).toEqual(
      expect.arrayContaining([all.id, onlyBob.id]),
    );
  });

  test('only people who can see the channel; @everyone and roles need Mention Everyone', async () => {
    const { discord, alice, bob, guild, app } = scene;
    const channel = await freshChannel('private');
    discord.setChannelPermissions(channel.id, carol.id, { deny: PermissionFlagsBits.ViewChannel });
    const hidden = await channel.send(`<@${carol.id}> <@${bob.id}>`);
    expect(delivered(hidden.id)).toEqual([bob.id]);
    const players = discord.createRole(guild.id, { name: 'players', permissions: 0n });
    discord.assignRole(guild.id, bob.id, players.id);
    const withoutRight = await channel.send(`@everyone <@&${players.id}>`);
    expect(delivered(withoutRight.id)).toEqual([]);
    discord.setChannelPermissions(channel.id, app.botUser.id, { allow: PermissionFlagsBits.MentionEveryone });
    const role = await channel.send({ content: `<@&${players.id}>`, allowedMentions: { parse: ['roles'] } });
    expect(delivered(role.id)).toEqual([bob.id]);
    const everyone = await channel.send('@everyone dinner');
    expect(delivered(everyone.id)).toEqual([alice.id, bob.id].sort());
  });

  test('a reply pings the replied-to author unless replied_user is false', async () => {
    const { discord, alice } = scene;
    const channel = await freshChannel('replies');
    const question = discord.postMessage({ user: alice.id, channel: channel.id, content: 'whose turn?' });
    const fetched = await channel.messages.fetch(question.id);
    const loud = await fetched.reply('yours');
    expect(delivered(loud.id)).toEqual([alice.id]);
    const quiet = await fetched.reply({ content: 'still yours', allowedMentions: { repliedUser: false } });
    expect(delivered(quiet.id)).toEqual([]);
  });

  test('interaction replies parse users only; Text Displays ping; a filled deferred reply pings', async () => {
    const { discord, alice, bob, channel } = scene;
    const done = deferred<void>();
    handlers.set(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      await interaction.editReply({
        flags: MessageFlags.IsComponentsV2,
        components: [new TextDisplayBuilder().setContent(`<@${bob.id}>, your turn (@everyone watch)`)],
      });
      await interaction.followUp(`<@${alice.id}> next`);
      done.resolve();
    });
    const outcome = await discord.runCommand({ user: alice.id, channel: channel.id, name: 'turn' });
    await done.promise;
    expect(delivered(outcome.message?.id ?? '')).toEqual([bob.id]);
    const followUp = discord.interaction(outcome.interactionId)?.followUpIds[0] ?? '';
    expect(delivered(followUp)).toEqual([alice.id]);
  });

  test('allowed_mentions is validated: parse and a list of the same kind together, over 100 ids', async () => {
    const { discord, app, channel, bob } = scene;
    const send = (allowed_mentions: unknown) =>
      rawRest(discord, 'POST', `/channels/${channel.id}/messages`, {
        token: app.token,
        body: { content: 'x', allowed_mentions },
      });
    expect(await send({ parse: ['users'], users: [bob.id] })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await send({ users: Array.from({ length: 101 }, () => bob.id) })).toMatchObject({ status: 400 });
    expect(await send({ parse: ['channels'] })).toMatchObject({ status: 400 });
    expect((await send({ parse: ['users'], users: [] })).status).toBe(200);
    expect(takeProblems().map((problem) => problem.code)).toEqual([50035, 50035, 50035]);
  });
});
