import { once } from 'node:events';
import {
  ChannelType,
  type ChatInputCommandInteraction,
  type Client,
  Events,
  ForumChannel,
  PermissionFlagsBits,
  Routes,
  SlashCommandBuilder,
  ThreadAutoArchiveDuration,
  type ThreadChannel,
} from 'discord.js';
import { describe, expect, test } from 'vitest';
import { ImpossibleActionError } from '../../src/emulator/index.js';
import { deferred, type InteractionHandlers, rawGateway, type Scene, useConnectedScene } from './helpers.js';

let scene: Scene;
let client: Client;
let handlers: InteractionHandlers;

const { takeProblems, freshChannel } = useConnectedScene((connected) => ({ scene, client, handlers } = connected), {
  guildCommands: [new SlashCommandBuilder().setName('here').setDescription('Where am I?')],
});

async function cachedThread(id: string): Promise<ThreadChannel> {
  const thread = await scene.discord.waitFor(() => client.channels.cache.get(id));
  if (!thread.isThread()) throw new Error('not a thread');
  return thread;
}

describe('threads the bot starts', () => {
  test('public and private threads, from a message or not; the bot is their first member', async () => {
    const { discord, app } = scene;
    const channel = await freshChannel('games');
    const board = await channel.send('Crag table');
    const fromMessage = await board.startThread({
      name: 'Game 1',
      autoArchiveDuration: ThreadAutoArchiveDuration.OneHour,
    });
    expect(fromMessage.id).toBe(board.id);
    expect(fromMessage.type).toBe(ChannelType.PublicThread);
    expect(fromMessage.parentId).toBe(channel.id);
    expect(discord.message(board.id)?.thread).toMatchObject({ id: board.id });
    const privateThread = await channel.threads.create({ name: 'Secret', type: ChannelType.PrivateThread });
    expect(privateThread.type).toBe(ChannelType.PrivateThread);
    expect(discord.thread(privateThread.id).memberIds).toEqual([app.botUser.id]);
    const sent = await privateThread.send('only members see this');
    expect(discord.messageInfo(sent.id)?.channelId).toBe(privateThread.id);
    expect(discord.thread(privateThread.id).messageCount).toBe(1);
    await expect(board.startThread({ name: 'again' })).rejects.toMatchObject({ code: 160004 });
    expect(takeProblems().map((problem) => problem.code)).toEqual([160004]);
  });

  test('creating needs Create Public / Private Threads; sending needs Send Messages in Threads', async () => {
    const { discord, app } = scene;
    const channel = await freshChannel('strict');
    discord.setChannelPermissions(channel.id, app.botUser.id, { deny: PermissionFlagsBits.CreatePrivateThreads });
    await expect(channel.threads.create({ name: 'x', type: ChannelType.PrivateThread })).rejects.toMatchObject({
      status: 403,
      code: 50013,
    });
    const thread = await channel.threads.create({ name: 'ok', type: ChannelType.PublicThread });
    discord.setChannelPermissions(channel.id, app.botUser.id, {
      deny: PermissionFlagsBits.SendMessagesInThreads,
      allow: PermissionFlagsBits.SendMessages,
    });
    await expect(thread.send('hi')).rejects.toMatchObject({ status: 403, code: 50013 });
    discord.setChannelPermissions(channel.id, app.botUser.id, { deny: PermissionFlagsBits.SendMessages });
    await expect(thread.send('threads only')).resolves.toMatchObject({ content: 'threads only' });
    await expect(channel.send('not here')).rejects.toMatchObject({ code: 50013 });
    expect(takeProblems().map((problem) => problem.code)).toEqual([50013, 50013, 50013]);
  });
});

describe('archived and locked threads', () => {
  test('idle threads archive on the emulator clock; editing then answers 50083; sending unarchives', async () => {
    const { discord } = scene;
    const channel = await freshChannel('idle');
    const thread = await channel.threads.create({
      name: 'Game',
      type: ChannelType.PublicThread,
      autoArchiveDuration: ThreadAutoArchiveDuration.OneHour,
    });
    const board = await thread.send('board');
    discord.advanceClock(30 * 60_000);
    await board.edit('still active');
    expect(discord.thread(thread.id).archived).toBe(false);
    const archived = once(client, Events.ThreadUpdate) as Promise<[ThreadChannel, ThreadChannel]>;
    discord.advanceClock(31 * 60_000);
    const [, after] = await archived;
    expect(after.archived).toBe(true);
    expect(discord.thread(thread.id).archived).toBe(true);
    await expect(board.edit('too late')).rejects.toMatchObject({ status: 400, code: 50083 });
    await thread.send('back');
    expect(discord.thread(thread.id).archived).toBe(false);
    expect(takeProblems().map((problem) => problem.code)).toEqual([50083]);
  });

  test('a locked thread: the bot without Manage Threads cannot post (archived: 50083, active: 160005)', async () => {
    const { discord, alice } = scene;
    const channel = await freshChannel('locked');
    const created = discord.createThread(channel.id, { name: 'Closed game', ownerId: alice.id });
    const thread = await cachedThread(created.id);
    discord.archiveThread(thread.id, { locked: true });
    await expect(thread.send('x')).rejects.toMatchObject({ status: 400, code: 50083 });
    await expect(thread.setArchived(false)).rejects.toMatchObject({ status: 403, code: 50013 });
    discord.unarchiveThread(thread.id);
    await expect(thread.send('x')).rejects.toMatchObject({ status: 403, code: 160005 });
    expect(() => discord.postMessage({ user: scene.bob.id, channel: thread.id, content: 'hey' })).toThrow(
      ImpossibleActionError,
    );
    expect(takeProblems().map((problem) => problem.code)).toEqual([50083, 50013, 160005]);
  });

  test('the bot archives, renames and deletes its own thread; deletion needs Manage Threads', async () => {
    const { discord, app } = scene;
    const channel = await freshChannel('tidy');
    const thread = await channel.threads.create({ name: 'Game 2', type: ChannelType.PublicThread });
    await thread.setName('Game 2 (done)');
    await thread.setArchived(true);
    expect(discord.thread(thread.id)).toMatchObject({ name: 'Game 2 (done)', archived: true });
    await expect(thread.setLocked(true)).rejects.toMatchObject({ code: 50083 });
    await expect(thread.delete()).rejects.toMatchObject({ status: 403, code: 50013 });
    discord.setChannelPermissions(channel.id, app.botUser.id, { allow: PermissionFlagsBits.ManageThreads });
    const deleted = once(client, Events.ThreadDelete);
    await thread.delete();
    await deleted;
    await expect(client.rest.get(Routes.channel(thread.id))).rejects.toMatchObject({ code: 10003 });
    expect(takeProblems().map((problem) => problem.code)).toEqual([50083, 50013, 10003]);
  });
});

describe('private threads and members', () => {
  test('a private thread is seen by its members and by Manage Threads; joining brings THREAD_CREATE', async () => {
    const { discord, alice, bob, app } = scene;
    const channel = await freshChannel('private');
    const created = discord.createThread(channel.id, { name: 'alice and bob', ownerId: alice.id, type: 12 });
    expect(discord.permissionsOf(bob.id, created.id)).toBe(0n);
    await expect(client.rest.get(Routes.channel(created.id))).rejects.toMatchObject({ status: 403, code: 50001 });
    const arrived = once(client, Events.ThreadCreate);
    discord.addThreadMember(created.id, app.botUser.id);
    await arrived;
    const thread = await cachedThread(created.id);
    await thread.members.add(bob.id);
    expect(discord.thread(created.id).memberIds.sort()).toEqual([alice.id, app.botUser.id, bob.id].sort());
    expect(discord.permissionsOf(bob.id, created.id) & PermissionFlagsBits.ViewChannel).toBe(
      PermissionFlagsBits.ViewChannel,
    );
    await thread.leave();
    expect(discord.thread(created.id).memberIds).not.toContain(app.botUser.id);
    expect(takeProblems().map((problem) => problem.code)).toEqual([50001]);
  });

  test('active threads a bot can see come in GUILD_CREATE and in List Active Threads', async () => {
    const { discord, alice, guild } = scene;
    const channel = await freshChannel('listed');
    const created = discord.createThread(channel.id, { name: 'kept', ownerId: alice.id });
    const hidden = discord.createThread(channel.id, { name: 'hidden', ownerId: alice.id, type: 12 });
    const other = discord.createApplication({ name: 'Observer' });
    discord.addBot(guild.id, other.id);
    const gateway = rawGateway(discord.gatewayUrl);
    await gateway.identify(other.token, [0, 1]);
    const create = (await gateway.frame((frame) => frame.t === 'GUILD_CREATE')) as { d: { threads: { id: string }[] } };
    const ids = create.d.threads.map((thread) => thread.id);
    expect(ids).toContain(created.id);
    expect(ids).not.toContain(hidden.id);
    gateway.socket.close(1000);
    const active = (await client.rest.get(Routes.guildActiveThreads(guild.id))) as { threads: { id: string }[] };
    expect(active.threads.map((thread) => thread.id)).toContain(created.id);
  });
});

describe('interactions in threads', () => {
  test('a command in a thread carries the thread as channel, with parent_id and app_permissions', async () => {
    const { discord, alice } = scene;
    const channel = await freshChannel('cmd');
    const created = discord.createThread(channel.id, { name: 'Game 3', ownerId: alice.id });
    await cachedThread(created.id);
    const seen = deferred<ChatInputCommandInteraction>();
    handlers.set(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      seen.resolve(interaction);
      await interaction.reply('in the thread');
    });
    const outcome = await discord.runCommand({ user: alice.id, channel: created.id, name: 'here' });
    const interaction = await seen.promise;
    expect(interaction.channelId).toBe(created.id);
    expect(interaction.channel?.isThread()).toBe(true);
    expect(interaction.appPermissions.has(PermissionFlagsBits.SendMessagesInThreads)).toBe(true);
    expect(discord.messageInfo(outcome.message?.id ?? '')?.channelId).toBe(created.id);

    discord.archiveThread(created.id);
    await expect(discord.runCommand({ user: alice.id, channel: created.id, name: 'here' })).rejects.toThrow(/archived/);
    await expect(
      discord.clickButton({ user: alice.id, message: outcome.message?.id ?? '', label: 'none' }),
    ).rejects.toThrow(ImpossibleActionError);
  });

  test('a reply after the thread archived mid-interaction unarchives it; an edit answers 50083', async () => {
    const { discord, alice } = scene;
    const channel = await freshChannel('mid');
    const created = discord.createThread(channel.id, { name: 'Game 4', ownerId: alice.id });
    await cachedThread(created.id);
    const result = deferred<unknown>();
    handlers.set(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      discord.archiveThread(created.id);
      await interaction.reply('reply');
      const afterReply = discord.thread(created.id).archived;
      discord.archiveThread(created.id);
      const edit = await interaction.editReply('edited').catch((error: unknown) => error);
      await interaction.followUp('new message');
      result.resolve({ afterReply, edit, afterFollowUp: discord.thread(created.id).archived });
    });
    await discord.runCommand({ user: alice.id, channel: created.id, name: 'here' });
    expect(await result.promise).toMatchObject({ afterReply: false, edit: { code: 50083 }, afterFollowUp: false });
    expect(takeProblems().map((problem) => problem.code)).toEqual([50083]);
  });
});

describe('forums', () => {
  test('the bot opens a forum post; messages cannot go to the forum itself (40058)', async () => {
    const { discord, alice } = scene;
    const forumHandle = discord.createForum(scene.guild.id, { name: 'tables' });
    const forum = await discord.waitFor(() => client.channels.cache.get(forumHandle.id));
    if (!(forum instanceof ForumChannel)) throw new Error('not a forum');
    const post = await forum.threads.create({ name: 'Saturday game', message: { content: 'Who plays?' } });
    expect(post.type).toBe(ChannelType.PublicThread);
    expect(discord.message(post.id)?.content).toBe('Who plays?');
    expect(discord.thread(post.id).messageCount).toBe(0);
    await expect(client.rest.post(Routes.channelMessages(forum.id), { body: { content: 'x' } })).rejects.toMatchObject({
      code: 40058,
    });
    const userPost = discord.createForumPost(forum.id, { name: 'Sunday', ownerId: alice.id, content: 'me too' });
    const thread = await cachedThread(userPost.thread.id);
    expect(thread.parentId).toBe(forum.id);
    expect(takeProblems().map((problem) => problem.code)).toEqual([40058]);
  });
});
