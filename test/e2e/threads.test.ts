import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPlayerId, title } from '../../harness/board.js';
import { readDatabase } from '../../harness/bot-database.js';
import { Permission } from '../../src/emulator/index.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

/** One turn-timer "minute" in these tests: the grace for a lost board (5 of them) is a second. */
const UNIT_MS = 200;

describe('games in threads and forum posts', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    world = await TestWorld.create({
      people: 2,
      channels: ['threads', 'no-threads'],
      // Computers pause long enough for a test to archive a thread between a click and their move.
      env: { TURN_TIMER_UNIT_MS: String(UNIT_MS), COMPUTER_PAUSE_MS: '300' },
    });
    [alice, bob] = [0, 1].map((i) => world.person(i).id) as [string, string];
  });
  afterAll(async () => {
    await world?.stop();
  });

  const statusIn = (channelId: string) =>
    (
      readDatabase(world.dbPath, (db) =>
        db.prepare('SELECT status FROM games WHERE channel_id = ? ORDER BY id DESC').get(channelId),
      ) as { status: string } | undefined
    )?.status;

  it('plays in a public thread, in a forum post, and in a private thread the bot was added to', async () => {
    const parent = world.channel('threads').id;
    const publicThread = world.discord.createThread(parent, { name: 'dice night', ownerId: alice, type: 11 });
    const forum = world.discord.createForum(world.guild.id, { name: 'games' });
    const post = world.discord.createForumPost(forum.id, {
      name: 'Crag tonight?',
      ownerId: alice,
      content: 'Who plays?',
    });
    const privateThread = world.discord.createThread(parent, { name: 'just us', ownerId: alice, type: 12 });
    world.discord.addThreadMember(privateThread.id, bob);
    world.discord.addThreadMember(privateThread.id, world.app.id);
    for (const place of [publicThread.id, post.thread.id, privateThread.id]) {
      const table = new Table(world, place);
      await table.open(alice);
      await table.act(bob, 'join');
      await table.act(alice, 'start');
      await table.playTurn(alice);
      expect(currentPlayerId(table.board())).toBe(bob);
      // A redraw with the bot's token (Bob leaves) lands in the thread too.
      await table.command(bob, 'leave');
      await world.discord.waitFor(() => currentPlayerId(table.board()) === alice);
      await table.command(alice, 'leave');
      await world.discord.waitFor(() => statusIn(place) === 'cancelled');
    }
    expect(world.discord.problems).toEqual([]);
  });

  it('refuses a locked thread, a private thread the bot cannot see, and a channel without Send Messages in Threads', async () => {
    const parent = world.channel('threads').id;
    const locked = world.discord.createThread(parent, { name: 'locked', ownerId: alice, type: 11 });
    world.discord.archiveThread(locked.id, { locked: true });
    world.discord.unarchiveThread(locked.id);
    expect(world.discord.thread(locked.id)).toMatchObject({ archived: false, locked: true });
    const inLocked = await new Table(world, locked.id).command(alice, 'start');
    expect(inLocked).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(inLocked.message?.content).toContain('locked');

    const hidden = world.discord.createThread(parent, { name: 'hidden', ownerId: alice, type: 12 });
    const inHidden = await new Table(world, hidden.id).command(alice, 'start');
    expect(inHidden.message?.content).toContain('View Channel');

    const mute = world.channel('no-threads').id;
    world.discord.setChannelPermissions(mute, world.app.id, { deny: Permission.SendMessagesInThreads });
    const thread = world.discord.createThread(mute, { name: 'mute', ownerId: alice, type: 11 });
    const inMute = await new Table(world, thread.id).command(alice, 'start');
    expect(inMute.message?.content).toContain('Send Messages in Threads');
    for (const place of [locked.id, hidden.id, thread.id]) expect(statusIn(place)).toBeUndefined();
  });

  it('opens the lobby in a new thread named after the host with thread:true, and tells the host where', async () => {
    const parent = world.channel('threads').id;
    const started = await new Table(world, parent).command(alice, 'start', {
      thread: true,
      computers: 1,
      level: 'easy',
      'turn-timer': 60,
    });
    expect(started).toMatchObject({ ack: 'reply', ephemeral: true });
    const threadId = /<#(\d+)>/.exec(started.message?.content ?? '')?.[1];
    if (!threadId) throw new Error(`no thread named in ${started.message?.content}`);
    expect(world.discord.thread(threadId)).toMatchObject({ parentId: parent, name: 'Crag · alice', archived: false });
    const table = new Table(world, threadId);
    table.boardId = await world.discord.waitFor(
      () => world.discord.messagesSeenBy(alice, threadId).find((message) => title(message).startsWith('Crag'))?.id,
    );
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    // The channel itself stays free for another game.
    const another = new Table(world, parent);
    await another.open(bob);
    await another.act(bob, 'cancel');

    // The thread is archived as Alice ends her turn: the computer's move cannot be drawn (50083) and
    // the board is lost; reopened within the grace period, the board shows again and play goes on.
    await table.playTurn(alice);
    world.discord.archiveThread(threadId);
    await world.discord.waitFor(() =>
      world.bot.logs.some((line) => line.message.startsWith('a board is out of reach') && line.code === 50083),
    );
    world.discord.unarchiveThread(threadId);
    await world.discord.waitFor(() => currentPlayerId(table.board()) === bob);
    expect(statusIn(threadId)).toBe('playing');
  });

  it('ends a game whose thread stays archived, and one whose thread is deleted', async () => {
    const parent = world.channel('threads').id;
    const archived = world.discord.createThread(parent, { name: 'closing', ownerId: alice, type: 11 });
    const table = new Table(world, archived.id);
    await table.open(alice, { computers: 2, level: 'easy', 'turn-timer': 60 });
    await table.act(alice, 'start');
    await table.playTurn(alice);
    world.discord.archiveThread(archived.id);
    await world.discord.waitFor(() => statusIn(archived.id) === 'cancelled', { timeoutMs: 10_000 });

    const deleted = world.discord.createThread(parent, { name: 'deleted', ownerId: alice, type: 11 });
    const other = new Table(world, deleted.id);
    await other.open(bob);
    world.discord.deleteChannel(deleted.id);
    await world.discord.waitFor(() => statusIn(deleted.id) === 'cancelled');
  });
});
