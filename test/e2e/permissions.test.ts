import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controls, requireControl, title } from '../../harness/board.js';
import { readDatabase } from '../../harness/bot-database.js';
import { Permission } from '../../src/emulator/index.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

interface GameRow {
  id: number;
  status: string;
  version: number;
  state: string;
  boardMessageId: string | null;
}

describe('permissions: bad input that is not random', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 4, channels: ['muted', 'plain', 'guarded'] });
    [alice, bob, carol, dave] = [0, 1, 2, 3].map((i) => world.person(i).id) as [string, string, string, string];
  });
  afterAll(async () => {
    await world?.stop();
  });

  const gamesIn = (channelId: string): GameRow[] =>
    readDatabase(
      world.dbPath,
      (db) =>
        db
          .prepare(
            `SELECT id, status, state_version AS version, state, board_message_id AS boardMessageId
             FROM games WHERE channel_id = ? ORDER BY id`,
          )
          .all(channelId) as GameRow[],
    );
  const publicIn = (channelId: string) =>
    world.discord
      .messagesSeenBy(alice, channelId)
      .filter((message) => world.discord.messageInfo(message.id)?.visibleTo === null);

  it.each([
    ['Send Messages', Permission.SendMessages, 'muted'],
    ['Attach Files', Permission.AttachFiles, 'plain'],
  ])(
    'refuses /crag start, naming %s, where the bot may not post, and creates no game',
    async (name, bit, channelName) => {
      const channel = world.channel(channelName);
      world.discord.setChannelPermissions(channel.id, world.app.botUser.id, { deny: bit });
      expect(world.discord.permissionsOf(world.app.botUser.id, channel.id) & bit).toBe(0n);
      const table = new Table(world, channel.id);

      const refused = await table.command(bob, 'start', { rerolls: 2 });
      expect(refused).toMatchObject({ ack: 'reply', ephemeral: true });
      expect(refused.message?.content).toContain(name);
      expect(refused.message?.content).toMatch(/give me .* here/);
      // Only the permission that is missing is named.
      for (const other of ['View Channel', 'Send Messages', 'Attach Files'].filter((n) => n !== name)) {
        expect(refused.message?.content).not.toContain(other);
      }
      expect(gamesIn(channel.id)).toEqual([]);
      expect(publicIn(channel.id)).toEqual([]);
      // Nor does a second try slip through, and another member is told the same.
      const again = await table.command(carol, 'start');
      expect(again.message?.content).toContain(name);
      expect(gamesIn(channel.id)).toEqual([]);

      // Once the permission is back, the same command opens a lobby: the refusal was about the permission.
      world.discord.setChannelPermissions(channel.id, world.app.botUser.id, {});
      const lobby = await table.open(bob, { rerolls: 2 });
      expect(title(lobby)).toContain('Crag');
      expect(gamesIn(channel.id)).toHaveLength(1);
      // The bot records the board once its reply returns, just after the user saw it.
      await world.discord.waitFor(() => gamesIn(channel.id)[0]?.boardMessageId);
      expect(gamesIn(channel.id)[0]).toMatchObject({ status: 'lobby', boardMessageId: lobby.id });
      expect(world.discord.problems).toEqual([]);
    },
  );

  it("refuses /crag end and the End button to a member without Manage Messages on someone else's game", async () => {
    const channel = world.channel('guarded');
    const table = new Table(world, channel.id);
    await table.open(bob);
    await table.act(carol, 'join');
    await table.act(bob, 'start');
    const carolsPings = world.discord.pingsOf(carol).length;
    await table.playTurn(bob);
    // Carol's turn begins: her ping is part of the channel before anyone tries to end the game.
    await world.discord.waitFor(() => world.discord.pingsOf(carol).length > carolsPings);
    const before = gamesIn(channel.id);
    expect(before).toHaveLength(1);
    const boardBefore = JSON.stringify(table.board());
    const messagesBefore = publicIn(channel.id).length;

    // carol plays in the game but is not its host; dave is not in it at all. Neither may manage messages.
    for (const user of [carol, dave]) {
      expect(world.discord.permissionsOf(user, channel.id) & Permission.ManageMessages).toBe(0n);
      const ended = await table.command(user, 'end');
      expect(ended).toMatchObject({ ack: 'reply', ephemeral: true });
      expect(ended.message?.content).toContain('Only the host, or a member with Manage Messages');
    }
    // The board's own End control, if the board offers one, is refused the same way.
    const cancel = controls(table.board()).find((control) => control.kind === 'cancel');
    const forged = await world.discord.sendRawInteraction({
      user: carol,
      type: 3,
      message: table.boardId,
      data: {
        custom_id: cancel?.customId ?? `crag:${before[0]?.id}:${before[0]?.version}:cancel`,
        component_type: 2,
      },
    });
    expect(forged).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(forged.message?.content).toContain('Only the host');

    expect(gamesIn(channel.id)).toEqual(before);
    expect(JSON.stringify(table.board())).toBe(boardBefore);
    expect(publicIn(channel.id)).toHaveLength(messagesBefore);

    // Manage Messages in this channel is what it takes: with it, dave ends the game.
    world.discord.setChannelPermissions(channel.id, dave, { allow: Permission.ManageMessages });
    const ended = await table.command(dave, 'end');
    expect(ended).toMatchObject({ ack: 'reply', ephemeral: false });
    expect(ended.message?.content).toContain('ended the game');
    expect(gamesIn(channel.id)[0]).toMatchObject({ status: 'cancelled', version: (before[0]?.version ?? 0) + 1 });
    await world.discord.waitFor(() => controls(table.board()).length === 0);
    expect(() => requireControl(table.board(), 'reroll')).toThrow();
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });
});
